// A list's index is read as it is, from its bytes or its text alike: the day codes compare as the
// days do, a day range gives the positions a scan of the list would, and a list kept by id finds
// the pack of any hash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BadPack } from '../../../../src/store/pack/format.ts';
import {
  dayCode,
  hashedIndexText,
  orderedIndexText,
  readHashedIndex,
  readOrderedIndex,
} from '../../../../src/store/pack/list-index.ts';

const day = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('day codes', () => {
  it('compare as the days they stand for, one apart for days one apart', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(Math.sign(dayCode(a).localeCompare(dayCode(b)))).toBe(Math.sign(a.localeCompare(b)));
        expect(dayCode(a)).toHaveLength(5);
      }),
    );
    expect(parseInt(dayCode('2024-03-01'), 36) - parseInt(dayCode('2024-02-28'), 36)).toBe(2);
    expect(parseInt(dayCode('2023-03-01'), 36) - parseInt(dayCode('2023-02-28'), 36)).toBe(1);
  });
});

describe("an ordered list's index", () => {
  it('gives the positions of any range of days, and the pack of any position', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('2020-01-01', '2020-01-02', '2020-02-10', '2021-12-31', '2022-01-01'), {
          maxLength: 40,
        }),
        fc.array(fc.nat(), { maxLength: 5 }),
        day,
        day,
        (days, cuts, from, to) => {
          const sorted = days.toSorted();
          const entries: Array<[string, number]> = [];
          sorted.forEach((d, i) => (i === 0 || sorted[i - 1] !== d) && entries.push([d, i]));
          const starts = [...new Set([0, ...cuts.map((c) => c % Math.max(1, sorted.length))])]
            .sort((a, b) => a - b)
            .filter((s) => s < Math.max(1, sorted.length));
          const text = orderedIndexText(
            sorted.length,
            starts.map((s, k) => [s, `0000000${k}`] as const),
            entries,
          );
          const index = readOrderedIndex(new TextEncoder().encode(text));
          const inRange = sorted
            .map((d, i) => [d, i] as const)
            .filter(([d]) => d >= from && d <= to)
            .map(([, i]) => i);
          const [lo, hi] = index.dayRange(from, to);
          if (inRange.length > 0) expect([lo, hi]).toEqual([inRange[0], inRange.at(-1)! + 1]);
          else expect(hi - lo).toBe(0);
          expect(index.dayRange(undefined, undefined)).toEqual([0, sorted.length]);
          expect(readOrderedIndex(text).dayRange(from, to)).toEqual([lo, hi]);
          for (let p = 0; p < sorted.length; p++) {
            const k = index.packOf(p);
            expect(index.start(k)).toBeLessThanOrEqual(p);
            if (k + 1 < index.packs) expect(index.start(k + 1)).toBeGreaterThan(p);
            expect(index.name(k)).toBe(`0000000${k}`);
          }
        },
      ),
    );
  });

  it('is refused when its tables do not fit its header', () => {
    const text = orderedIndexText(
      10,
      [
        [0, 'aaaaaaaa'],
        [5, 'bbbbbbbb'],
      ],
      [
        ['2020-01-01', 0],
        ['2020-01-02', 4],
      ],
    );
    expect(() => readOrderedIndex(text.slice(0, -1))).toThrow(BadPack);
    expect(() => readOrderedIndex(text.split('\n').slice(0, 2).join('\n'))).toThrow(BadPack);
    // A position that is not base-36 digits.
    expect(() =>
      readOrderedIndex(
        text.replace('{"total":10,"packs":2,"days":2}\n00000', '{"total":10,"packs":2,"days":2}\n0000!'),
      ).start(0),
    ).toThrow(BadPack);
  });
});

describe("a list kept by id's index", () => {
  it('names the last pack that begins at or before a hash (the first, for a hash before every pack)', () => {
    const index = readHashedIndex(new TextEncoder().encode(hashedIndexText([0x10, 0x8000, 0xfff00000])));
    expect([0, 0x10, 0x7fff, 0x8000, 0xffefffff, 0xfff00000, 0xffffffff].map((h) => index.packOf(h))).toEqual([
      '00000010',
      '00000010',
      '00000010',
      '00008000',
      '00008000',
      'fff00000',
      'fff00000',
    ]);
    expect(readHashedIndex(hashedIndexText([])).packOf(5)).toBeNull();
  });
});
