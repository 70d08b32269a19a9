// Lists kept by id (each fighter's fights here), made from lines filed in any order into buckets,
// are the lists taken one fight at a time in the fights' order: each list whole, in the order of
// the ids' hashes, cut into packs, and the reader's lookup of an id through the index gives each
// list back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskLineBuckets } from '../../../../src/pipeline/disk-line-buckets.ts';
import { fnv1a } from '../../../../src/shared/hash.ts';
import { Shapes } from '../../../../src/store/pack/shapes.ts';
import { boundaryHash } from '../../../../src/store/pack/cuts.ts';
import { hashedFolder, paths } from '../../../../src/store/layout.ts';
import { readHashedIndex } from '../../../../src/store/pack/list-index.ts';
import { readKeyed } from '../../../../src/store/pack/format.ts';
import { memoryLineBuckets, type LineBuckets } from '../../../../src/store/pack/line-buckets.ts';
import { groupItems, members } from '../../../../src/store/lists/make.ts';
import { byHashThenId, hashedListUnits, packedLists } from '../../../../src/store/records/make.ts';
import { fightersOf } from '../../../../src/store/units.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'packs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A seeded sequence, so a failure can be run again. */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const FIGHTERS = 3000;
const FIGHTS = 20000;
const next = random(7);
// Fighter 0 is in every fifth fight (a list longer than a pack's most); fighters 2,900 and up fight no one; one fight is a fighter against themself.
const corners = Array.from({ length: FIGHTS }, (_, s): [number, number] =>
  s === 17 ? [3, 3] : [s % 5 === 0 ? 0 : 1 + Math.floor(next() * 2899), 1 + Math.floor(next() * 2899)],
);
// The fights' order: not the slots' order.
const order = Uint32Array.from({ length: FIGHTS }, (_, p) => (p * 37) % FIGHTS);
const line = (slot: number) => `2025-01-01\tfight-${slot}\t{"n":${slot}}`;
// Ids that are prefixes of others (fighter-1, fighter-10, fighter-100) share no lines.
const id = (f: number) => `fighter-${f}`;
const kind = { resource: 'fights', by: 'fighter' } as const;

/** Each fighter's list taken a fight at a time, in the ids' hashes' order, cut into packs. */
function expected(): Map<string, string> {
  const lists = groupItems(FIGHTERS, order, fightersOf({ corners: (s) => corners[s] }));
  const entries = Array.from({ length: FIGHTERS }, (_, f) => ({
    id: id(f),
    hash: boundaryHash(fnv1a(id(f))),
    lines: Array.from(members(lists, f), line),
  }))
    .filter((e) => e.lines.length > 0)
    .sort(byHashThenId);
  return new Map([...hashedListUnits(kind, entries, new Shapes())].map((u) => [u.path, u.body() as string]));
}

describe('lists kept by id', () => {
  for (const [name, buckets] of [
    ['memory', () => memoryLineBuckets()],
    ['disk', () => diskLineBuckets(dir, 'fighter-lists', 20000)],
  ] as const)
    it(`are the lists taken a fight at a time, from lines filed in another order (${name})`, () => {
      const lists = packedLists({ id, idHash: (f) => fnv1a(id(f)) }, buckets() as LineBuckets);
      const positionOf = new Uint32Array(FIGHTS);
      order.forEach((slot, p) => (positionOf[slot] = p));
      // Filed backwards through the fights' order, as cards of a later day than their fights would.
      for (let p = FIGHTS - 1; p >= 0; p--) {
        const slot = order[p];
        for (const f of new Set(corners[slot])) lists.file(f, positionOf[slot], line(slot));
      }
      const made = new Map([...lists.units(kind, new Shapes())].map((u) => [u.path, u.body() as string]));
      expect([...made.keys()]).toEqual([...expected().keys()]);
      expect(made).toEqual(expected());
      // Each fighter's list, found through the index as the reader finds it.
      const folder = hashedFolder(kind);
      const index = readHashedIndex(made.get(paths.index(folder))!);
      const byFighterId = groupItems(FIGHTERS, order, fightersOf({ corners: (s) => corners[s] }));
      for (const f of [0, 1, 3, 10, 100, 2899, 2950]) {
        const pack = made.get(paths.pack(folder, index.packOf(boundaryHash(fnv1a(id(f))))!))!;
        const list = Array.from(members(byFighterId, f), line);
        expect(readKeyed(pack).find(id(f))?.split('\n') ?? []).toEqual(list);
      }
      expect(made.size).toBeGreaterThan(10);
    });
});
