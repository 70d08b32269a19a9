// Lists kept in packs (each fighter's fights here), made from lines filed in any order into
// buckets, are the lists taken one fight at a time in the fights' order: each list whole in the
// pack its id falls in, packs in pack order, and the reader's cut of a pack gives each list back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskLineBuckets } from '../../../../src/build/line-buckets.ts';
import { fnv1a } from '../../../../src/shared/hash.ts';
import { linesInPack, packLists, packOfHash, packText, paths, recordInPack } from '../../../../src/store/layout.ts';
import { memoryLineBuckets, type LineBuckets } from '../../../../src/store/writer/line-buckets.ts';
import { members } from '../../../../src/store/writer/lists.ts';
import { packedLists } from '../../../../src/store/writer/packs.ts';
import { byFighter } from '../../../../src/store/writer/write-store.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'packs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A seeded sequence, so a failure can be run again. */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const FIGHTERS = 3000;
const FIGHTS = 20000;
const next = random(7);
// Fighter 0 is in every fifth fight (a list longer than a bucket's share); fighters 2,900 and up fight no one; one fight is a fighter against themself.
const corners = Array.from({ length: FIGHTS }, (_, s): [number, number] =>
  s === 17 ? [3, 3] : [s % 5 === 0 ? 0 : 1 + Math.floor(next() * 2899), 1 + Math.floor(next() * 2899)],
);
// The fights' order: not the slots' order.
const order = Uint32Array.from({ length: FIGHTS }, (_, p) => (p * 37) % FIGHTS);
const line = (slot: number) => `2025-01-01\tfight-${slot}\t{"n":${slot}}`;
// Ids that are prefixes of others (fighter-1, fighter-10, fighter-100) share no lines.
const id = (f: number) => `fighter-${f}`;
const kind = { resource: 'fights', by: 'fighter' } as const;

/** Each fighter's list taken a fight at a time, packed. */
function expected(): Map<string, string> {
  const lists = byFighter({ order, corners: (s) => corners[s] }, FIGHTERS);
  const packs = new Map<string, Array<[string, string[]]>>();
  for (let f = 0; f < FIGHTERS; f++) {
    const slots = members(lists, f);
    if (slots.length === 0) continue;
    const file = paths.wholePack({ ...kind, id: id(f) });
    packs.set(file, [...(packs.get(file) ?? []), [id(f), Array.from(slots, line)]]);
  }
  return new Map([...packs].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, lists]) => [file, packText(lists)]));
}

describe('lists kept in packs', () => {
  for (const [name, buckets] of [['memory', () => memoryLineBuckets()], ['disk', () => diskLineBuckets(dir, 'fighter-lists', 20000)]] as const)
    it(`are the lists taken a fight at a time, from lines filed in another order (${name})`, () => {
      const lists = packedLists({ id, idHash: (f) => fnv1a(id(f)) }, buckets() as LineBuckets);
      const positionOf = new Uint32Array(FIGHTS);
      order.forEach((slot, p) => (positionOf[slot] = p));
      // Filed backwards through the fights' order, as cards of a later day than their fights would.
      for (let p = FIGHTS - 1; p >= 0; p--) {
        const slot = order[p];
        for (const f of new Set(corners[slot])) lists.file(f, positionOf[slot], line(slot));
      }
      const made = new Map([...lists.units((n) => paths.wholePackNumber(kind, n))].map((u) => [u.path, u.body() as string]));
      expect([...made.keys()]).toEqual([...expected().keys()]);
      expect(made).toEqual(expected());
      // Each fighter's list, cut from its pack as the reader cuts it.
      const byFighterId = byFighter({ order, corners: (s) => corners[s] }, FIGHTERS);
      for (const f of [0, 1, 3, 10, 100, 2899, 2950]) expect(linesInPack(made.get(paths.wholePack({ ...kind, id: id(f) })) ?? '', id(f))).toEqual(Array.from(members(byFighterId, f), line));
      expect(made.size).toBeGreaterThan(2000);
    });

  it('keep a pack\'s ids in order and each id\'s lines together, so an id is found by its prefix', () => {
    const pack = packText([['b-1', ['x', 'y']], ['a', ['1']], ['b', ['2', '3']]]);
    expect(pack).toBe('a\t1\nb\t2\nb\t3\nb-1\tx\nb-1\ty');
    expect(linesInPack(pack, 'b')).toEqual(['2', '3']);
    expect(linesInPack(pack, 'b-1')).toEqual(['x', 'y']);
    expect(linesInPack(pack, 'a')).toEqual(['1']);
    expect(linesInPack(pack, 'c')).toEqual([]);
    expect(recordInPack(pack, 'b-')).toBeNull();
    expect(packLists(pack)).toEqual([['a', ['1']], ['b', ['2', '3']], ['b-1', ['x', 'y']]]);
    expect(packText(packLists(pack))).toBe(pack);
  });

  it('spread ids over every pack', () => {
    const seen = new Set(Array.from({ length: 400_000 }, (_, i) => packOfHash(fnv1a(`fight-${String(i).padStart(6, '0')}`))));
    // 400,000 ids over 65,536 packs leave a fair hash's 0.2% of them empty.
    expect(seen.size).toBeGreaterThan(65_000);
  });
});
