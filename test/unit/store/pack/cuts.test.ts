// Packs end where their content says: each weighs at least the rule's minimum (but the last) and
// at most its maximum (but a single heavier entry), and one entry added, removed or moved changes
// the packs at the change alone, wherever it is in the list.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a } from '../../../../src/shared/hash.ts';
import {
  boundaryHash,
  fallbackRank,
  isBoundary,
  packNamer,
  packStarts,
  type CutRule,
} from '../../../../src/store/pack/cuts.ts';

const RULE: CutRule = { min: 20, spacing: 30, max: 80 };
const hashOf = (id: string) => boundaryHash(fnv1a(id));

/** Each pack of a list of ids (one record each): its ids. */
function packs(list: readonly string[], rule = RULE): string[][] {
  const starts = packStarts({ count: list.length, weight: () => 1, hash: (i) => hashOf(list[i]) }, rule);
  return starts.map((s, k) => list.slice(s, k + 1 < starts.length ? starts[k + 1] : list.length));
}

/** How many packs of `after` are not packs of `before`. */
function changed(before: readonly string[], after: readonly string[]): number {
  const was = new Set(packs(before).map((p) => p.join(',')));
  return packs(after).filter((p) => !was.has(p.join(','))).length;
}

const list = (n: number, tag = 'r') => Array.from({ length: n }, (_, i) => `${tag}-${i}`);

describe('a list cut into packs', () => {
  it('weighs each pack between the minimum and the maximum, and ends one at a boundary, or else after its entry of the lowest fallback rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.string({ maxLength: 4 }), (n, tag) => {
        const cut = packs(list(n, tag));
        expect(cut.flat()).toEqual(list(n, tag));
        cut.forEach((pack, k) => {
          expect(pack.length).toBeLessThanOrEqual(RULE.max);
          if (k === cut.length - 1) return;
          expect(pack.length).toBeGreaterThanOrEqual(RULE.min);
          // After a boundary past the minimum; with none, after the entry of the lowest rank past it.
          const boundaries = pack.map((id, i) => i + 1 >= RULE.min && isBoundary(hashOf(id), RULE));
          if (boundaries.some(Boolean)) expect(boundaries.indexOf(true)).toBe(pack.length - 1);
          else {
            // The entries past the minimum it could have ended after (the next pack's first among them, had it not ended).
            const reach = [...pack.slice(RULE.min - 1), ...cut[k + 1].slice(0, RULE.max - pack.length)].map((id) =>
              fallbackRank(hashOf(id)),
            );
            expect(Math.min(...reach)).toBe(fallbackRank(hashOf(pack.at(-1)!)));
          }
        });
      }),
    );
  });

  it('lets a pack past the maximum only by an entry that a pack under the minimum takes, and never splits an entry from the one it is joined to', () => {
    const weights = [5, 5, 5, 200, 5, 5, 5, 5];
    const starts = packStarts(
      { count: weights.length, weight: (i) => weights[i], hash: () => 1, joined: (i) => i === 6 },
      { min: 10, spacing: 2 ** 31, max: 12 },
    );
    // 10 | 5 + 200 (the pack was under its minimum) | 5 + 5 + 5 (the third joined) | 5
    expect(starts).toEqual([0, 2, 4, 7]);
  });

  it('changes a handful of packs when one entry is added, removed or moved, wherever it is', () => {
    const counts: number[] = [];
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 5000 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('add', 'remove', 'move'),
        (n, a, b, kind) => {
          const before = list(n);
          const after = [...before];
          const [i, j] = [a % n, b % n];
          if (kind === 'add') after.splice(i, 0, 'new-entry');
          else if (kind === 'remove') after.splice(i, 1);
          else after.splice(j, 0, ...after.splice(i, 1));
          const count = changed(before, after);
          counts.push(count);
          // A move is a removal and an addition: the packs at both of its places.
          expect(count).toBeLessThanOrEqual(kind === 'move' ? 8 : 4);
        },
      ),
      { numRuns: 300 },
    );
    expect(counts.reduce((x, y) => x + y, 0) / counts.length).toBeLessThan(2.5);
  });

  it('names each pack of a list once, the same names for the same first entries', () => {
    const name = packNamer();
    const names = list(20000).map((id) => name(id));
    expect(new Set(names).size).toBe(names.length);
    const again = packNamer();
    expect(list(20000).map((id) => again(id))).toEqual(names);
  });
});
