// The name search's files: grams counted in characters, each gram's head made from the fighters
// holding it, in name order, a split gram's longer grams carried, whether the pairs wait in memory
// or on disk. (What the reader finds through them is held to a reference in search.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskBuckets } from '../../../../src/pipeline/disk-gram-buckets.ts';
import type { Division } from '../../../../src/records/schemas.ts';
import { headPack, readCarriedEntry, readHeadEntry } from '../../../../src/store/search/format.ts';
import { readPositional } from '../../../../src/store/pack/format.ts';
import { Shapes } from '../../../../src/store/pack/shapes.ts';
import { lists as storeLists, paths } from '../../../../src/store/layout.ts';
import { readKeyed } from '../../../../src/store/pack/format.ts';
import type { Body } from '../../../../src/store/lists/make.ts';
import {
  extensionGramsOf,
  gramsOf,
  memoryBuckets,
  searchUnits,
  type GramBuckets,
  type SearchCut,
} from '../../../../src/store/search/make.ts';
import type { FighterSource } from '../../../../src/store/source.ts';

describe('gramsOf', () => {
  it('takes every distinct substring of each field, none across two', () => {
    expect([...gramsOf(['abab', 'cd'], 1, 2)].sort()).toEqual(['a', 'ab', 'b', 'ba', 'c', 'cd', 'd']);
    expect([...gramsOf(['abc'], 4, 4)]).toEqual([]);
  });

  it('counts a character outside the Basic Multilingual Plane as one, never splitting it', () => {
    expect([...gramsOf(['a😀b', 'ñu'], 1, 2)].sort()).toEqual(['a', 'a😀', 'b', 'u', 'ñ', 'ñu', '😀', '😀b'].sort());
    expect([...gramsOf(['x𝒜yz'], 4, 4)]).toEqual(['x𝒜yz']);
  });
});

const divisions: Division[] = [
  { id: 'welterweight', name: 'Welterweight', weight_lb: 147, weight_kg: 66.7 },
  { id: 'heavyweight', name: 'Heavyweight', weight_lb: null, weight_kg: null },
];

// Slots in reading order; `order` is name order (anna, bob ana, carl).
const fighters: Array<{ id: string; fields: string[]; division: number }> = [
  { id: 'fighter-b', fields: ['bob ana', '', ''], division: 0 },
  { id: 'fighter-a', fields: ['anna', 'the hammer', ''], division: 1 },
  { id: 'fighter-c', fields: ['carl', '', 'banana'], division: 0 },
];
const source: FighterSource = {
  slots: 3,
  count: 3,
  order: Uint32Array.of(1, 0, 2),
  id: (s) => fighters[s].id,
  idHash: () => 0,
  text: () => '{}',
  division: (s) => fighters[s].division,
  titles: () => [],
  searchFields: (s) => fighters[s].fields,
};

const dir = mkdtempSync(path.join(tmpdir(), 'search-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lists = {
  all: source.order,
  division: (d: number) => Array.from(source.order).filter((s) => fighters[s].division === d),
};
const filesWith = (buckets: GramBuckets, cut?: SearchCut) =>
  new Map<string, Body>(
    [...searchUnits(source, divisions, buckets, new Shapes(), lists, cut)].map((u) => [u.path, u.body()]),
  );

describe('searchUnits', () => {
  it("counts each gram's fighters for everyone and per division", () => {
    const files = filesWith(memoryBuckets());
    const head = (gram: string) =>
      readHeadEntry(readKeyed(String(files.get(paths.searchHeads(headPack(gram))))).find(gram)!);
    // Held by every fighter: read from the lists themselves, counted in their one pack.
    expect(head('an').get('_')).toEqual({ total: 3, how: 'list', counts: [3] });
    expect(head('an').get('welterweight')).toEqual({ total: 2, how: 'list', counts: [2] });
    expect(head('an').get('heavyweight')).toEqual({ total: 1, how: 'list', counts: [1] });
    expect([...head('ham').keys()]).toEqual(['_', 'heavyweight']);
    // No gram spans two fields, and none is longer than the heads' while no gram is split.
    expect(
      readKeyed(String(files.get(paths.searchHeads(headPack('lba'))) ?? '{"entries":0}\n\n')).find('lba'),
    ).toBeNull();
    expect(readKeyed(String(files.get(paths.searchHeads(headPack('bana'))))).find('bana')).toBeNull();
  });

  it("splits a 3-gram more fighters hold than the cut says, carrying its longer grams' fighters in name order", () => {
    // "ana" is held by bob ana and carl (banana): past a cut of 1, it is split.
    const files = filesWith(memoryBuckets(), { splitFrom: 1 });
    const head = (gram: string) => {
      const entry = readKeyed(String(files.get(paths.searchHeads(headPack(gram))))).find(gram);
      return entry === null ? null : readHeadEntry(entry);
    };
    expect(head('ana')!.get('_')).toMatchObject({ total: 2, how: 'carried', split: true });
    // Its longer grams: "anan" (carl's banana), held by one, so not split; "anana" then has no head.
    expect(head('anan')!.get('_')).toMatchObject({ total: 1, how: 'carried' });
    expect(head('anan')!.get('_')).not.toHaveProperty('split');
    expect(head('anana')).toBeNull();
    expect([...head('anan')!.keys()]).toEqual(['_', 'welterweight']);
    // The run of "anan" is carl's entry, with the fields a longer needle is tested against.
    const [part] = (head('anan')!.get('_') as { run: Array<{ pack: string; start: number }> }).run;
    const pack = readPositional(String(files.get(paths.pack(storeLists.carried, part.pack))));
    expect(readCarriedEntry(pack.entry(part.start))).toMatchObject({
      division: 'welterweight',
      key: ['carl', 'fighter-c'],
      fields: ['carl', '', 'banana'],
    });
    // A 3-gram held by one fighter is not split: "ham" has no longer grams' heads.
    expect(head('ham')!.get('_')).not.toHaveProperty('split');
    expect(head('hamm')).toBeNull();
  });

  it('gives a longer gram that every fighter of its shorter one holds the run of that one, carrying them once', () => {
    // Past a cut of 0 every gram is split: "hamm", "hamme" and "hammer" are anna's alone, the
    // same fighters. The first of them (a 4-gram) has a run of its own, the longer share it.
    const files = filesWith(memoryBuckets(), { splitFrom: 0 });
    const head = (gram: string) =>
      readHeadEntry(readKeyed(String(files.get(paths.searchHeads(headPack(gram))))).find(gram)!);
    expect(head('hamme').get('_')).toEqual(head('hamm').get('_'));
    expect(head('hammer').get('_')).toEqual(head('hamm').get('_'));
    expect(head('hammer').get('heavyweight')).toEqual(head('hamm').get('heavyweight'));
    expect(head('hamm').get('_')).not.toEqual(head('ham').get('_'));
    // Every entry of the carried list is some gram's own: no fighter twice under one run.
    const carried = [...files].filter(([p]) => p.startsWith(storeLists.carried));
    const entries = carried.reduce((n, [, text]) => n + readPositional(String(text)).entries, 0);
    const runs = new Set<string>();
    let held = 0;
    for (const [p, text] of files)
      if (p.startsWith(`${storeLists.search}heads/`))
        for (const [, entry] of readKeyed(String(text)).all()) {
          const all = readHeadEntry(entry).get('_')!;
          if (all.how !== 'carried') continue;
          const key = JSON.stringify(all.run);
          if (!runs.has(key)) runs.add(key), (held += all.total);
        }
    expect(entries).toBe(held);
  });

  it("takes a fighter's longer grams of the split grams it holds, each once", () => {
    const split = new Set(['ana', 'anan']);
    expect([...extensionGramsOf(['banana', 'ana'], (g) => split.has(g))].sort()).toEqual(['anan', 'anana']);
    expect([...extensionGramsOf(['ana b'], (g) => split.has(g))]).toEqual(['ana ']);
  });

  it('makes the same files whether the pairs wait in memory or on disk', () => {
    // Four numbers held before each flush: the bucket files are appended to many times.
    expect(filesWith(diskBuckets(dir, 4))).toEqual(filesWith(memoryBuckets()));
  });
});
