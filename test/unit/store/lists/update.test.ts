// A list in order's files after a change, made from the list as the store held it, are the files a
// build from nothing makes of the list as it is now, and only the packs around the change are
// written, whatever the change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a } from '../../../../src/shared/hash.ts';
import { Shapes } from '../../../../src/store/pack/shapes.ts';
import type { SortedList } from '../../../../src/store/lists/format.ts';
import { sortedListUnits } from '../../../../src/store/lists/make.ts';
import { keptOrderChanges, linesBefore, listBefore, sortedListChanges } from '../../../../src/store/lists/update.ts';
import { applied, files, sortedByPath } from '../../../helpers/changed-units.ts';

describe('a list in order, changed', () => {
  const list: SortedList = { resource: 'fights', division_id: 'welterweight' };
  const ids = { id: (s: number) => `fight-${s}`, idHash: (s: number) => fnv1a(`fight-${s}`) };
  const text = (version: number) => (s: number) => `{"id":"fight-${s}","v":${version}}`;
  const day = (s: number) => `2020-01-${String(1 + (s % 28)).padStart(2, '0')}`;
  const byDay = (a: number, b: number) => day(a).localeCompare(day(b)) || a - b;
  /** Each size's list before any edit, built once: the edits read it and never change it. */
  const builtBefore = new Map<number, Map<string, string>>();

  it('is the list built from nothing, its unchanged packs not written', () => {
    fc.assert(
      // Sizes from none and one to many packs, each list built once: the edits vary, not the sizes.
      fc.property(
        fc.constantFrom(0, 1, 9, 600, 1700, 3000),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('add', 'remove', 'change')), { minLength: 1, maxLength: 5 }),
        (n, edits) => {
          const was = Array.from({ length: n }, (_, i) => i).sort(byDay);
          const before =
            builtBefore.get(n) ??
            builtBefore.set(n, files(sortedListUnits(list, was, ids, text(0), new Shapes(), day))).get(n)!;
          let now = [...was];
          const changed = new Set<number>();
          for (const [k, kind] of edits) {
            if (kind === 'add') now.push(100_000 + k), changed.add(100_000 + k);
            else if (kind === 'remove') now = now.filter((s) => s !== k % Math.max(1, n));
            else changed.add(k % Math.max(1, n));
          }
          now.sort(byDay);
          const current = (s: number) => (changed.has(s) ? text(1)(s) : text(0)(s));
          const removed: string[] = [];
          const read: string[] = [];
          const units = [
            ...sortedListChanges(
              list,
              was,
              now,
              ids,
              changed,
              current,
              day,
              (p) => (read.push(p), before.get(p) ?? null),
              new Shapes(),
              removed,
            ),
          ];
          const after =
            now.length === 0 ? new Map() : files(sortedListUnits(list, now, ids, current, new Shapes(), day));
          expect(applied(before, units, removed)).toEqual(sortedByPath(after));
          expect(units.length).toBeLessThanOrEqual(3 * edits.length + 1);
        },
      ),
      // A fixed seed, as above.
      { numRuns: 150, seed: 11 },
    );
  });

  it("whose records kept their places, is the list built from nothing: only the changed records' packs read and written", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 9, 600, 1700, 3000),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        (n, picks) => {
          const order = Array.from({ length: n }, (_, i) => i).sort(byDay);
          const before =
            builtBefore.get(n) ??
            builtBefore.set(n, files(sortedListUnits(list, order, ids, text(0), new Shapes(), day))).get(n)!;
          const changed = new Set(picks.map((k) => order[k % n]));
          const current = (s: number) => (changed.has(s) ? text(1)(s) : text(0)(s));
          const changedAt = new Map(order.flatMap((s, at) => (changed.has(s) ? [[at, s] as const] : [])));
          const read: string[] = [];
          const units = [
            ...keptOrderChanges(list, changedAt, current, (p) => (read.push(p), before.get(p) ?? null), new Shapes()),
          ];
          expect(applied(before, units, [])).toEqual(
            sortedByPath(files(sortedListUnits(list, order, ids, current, new Shapes(), day))),
          );
          // The index, and each pack written once, read once.
          expect(units.length).toBeLessThanOrEqual(changed.size);
          expect(read.length).toBe(1 + units.length);
        },
      ),
      { numRuns: 100, seed: 5 },
    );
  });

  it('takes unchanged records from the packs before, a pack read for hundreds of them', () => {
    const was = Array.from({ length: 2000 }, (_, i) => i);
    const before = files(sortedListUnits(list, was, ids, text(0), new Shapes()));
    const reads: string[] = [];
    const old = listBefore(list, (p) => (reads.push(p), before.get(p) ?? null), new Shapes());
    const made: number[] = [];
    const line = linesBefore(was, old, new Set([7]), (s) => (made.push(s), `made ${s}`));
    // The last record moved to the front: every other record shifts by one place.
    const moved = [was.at(-1)!, ...was.slice(0, -1)];
    const kept = moved.filter((s) => s !== 7);
    expect(kept.map(line)).toEqual(kept.map(text(0)));
    expect(line(7)).toBe('made 7');
    expect(line(5000)).toBe('made 5000');
    expect(made).toEqual([7, 5000]);
    expect(reads.length).toBeLessThanOrEqual(2 + 2000 / 100);
  });
});
