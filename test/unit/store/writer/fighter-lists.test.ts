// Each fighter's list of fights, made from lines filed in any order into buckets, is the list
// taken one fight at a time in the fights' order: the same files, in the fighters' order, with
// the same lines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskLineBuckets } from '../../../../src/build/line-buckets.ts';
import { fighterLists, fightersOf, memoryLineBuckets, type LineBuckets } from '../../../../src/store/writer/fighter-lists.ts';
import { listText, paths } from '../../../../src/store/layout.ts';
import { members } from '../../../../src/store/writer/lists.ts';
import { byFighter } from '../../../../src/store/writer/write-store.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fighter-lists-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A seeded sequence, so a failure can be run again. */
function random(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const FIGHTERS = 60;
const FIGHTS = 500;
const next = random(7);
// Fighter 0 is in every fifth fight (a list longer than a bucket); fighters 50 and up fight no one; one fight is a fighter against themself.
const corners = Array.from({ length: FIGHTS }, (_, s): [number, number] =>
  s === 17 ? [3, 3] : [s % 5 === 0 ? 0 : 1 + Math.floor(next() * 49), 1 + Math.floor(next() * 49)],
);
// The fights' order: not the slots' order.
const order = Uint32Array.from({ length: FIGHTS }, (_, p) => (p * 37) % FIGHTS);
const line = (slot: number) => `fight ${slot}\t{"n":${slot}}`;
const id = (f: number) => `fighter-${f}`;

function expected() {
  const lists = byFighter({ order, corners: (s) => corners[s] }, FIGHTERS);
  return Array.from({ length: FIGHTERS }, (_, f) => members(lists, f))
    .map((slots, f) => ({ path: paths.whole({ resource: 'fights', by: 'fighter', id: id(f) }), body: listText(Array.from(slots, line)) }))
    .filter((_, f) => members(lists, f).length > 0);
}

describe("the fighters' lists of fights", () => {
  for (const [name, buckets] of [['memory', () => memoryLineBuckets()], ['disk', () => diskLineBuckets(dir, 2000)]] as const)
    it(`are the lists taken a fight at a time, from lines filed in another order (${name})`, () => {
      const lists = fighterLists(FIGHTERS, order, fightersOf({ corners: (s) => corners[s] }), buckets() as LineBuckets, 8);
      // Filed backwards through the fights' order, as cards of a later day than their fights would.
      for (let p = FIGHTS - 1; p >= 0; p--) lists.file(order[p], p, line(order[p]));
      const made = [...lists.units(id)].map((u) => ({ path: u.path, body: u.body() }));
      expect(made).toEqual(expected());
      expect(made.length).toBeGreaterThan(40);
    });

  it('refuses to make the lists when a fight was not filed', () => {
    const lists = fighterLists(FIGHTERS, order, fightersOf({ corners: (s) => corners[s] }), memoryLineBuckets());
    for (let p = 1; p < FIGHTS; p++) lists.file(order[p], p, line(order[p]));
    expect(() => [...lists.units(id)]).toThrow(/lines/);
  });
});
