// The name search's files: grams counted in characters, each gram's head and each 4-gram's
// candidates made from the fighters holding it, in name order, whether the pairs wait in memory
// or on disk. (What the reader finds through them is held to a reference in search.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskBuckets } from '../../../../src/pipeline/disk-gram-buckets.ts';
import type { Division } from '../../../../src/records/schemas.ts';
import {
  CANDIDATE_PACKS,
  HEAD_PACKS,
  gramPack,
  readCandidatesEntry,
  readHeadEntry,
} from '../../../../src/store/search/format.ts';
import { Shapes } from '../../../../src/store/pack/shapes.ts';
import { paths } from '../../../../src/store/layout.ts';
import { readKeyed } from '../../../../src/store/pack/format.ts';
import type { Body } from '../../../../src/store/lists/make.ts';
import { gramsOf, memoryBuckets, searchUnits, type GramBuckets } from '../../../../src/store/search/make.ts';
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
const filesWith = (buckets: GramBuckets) =>
  new Map<string, Body>(
    [...searchUnits(source, divisions, buckets, new Shapes(), lists)].map((u) => [u.path, u.body()]),
  );

describe('searchUnits', () => {
  it("counts each gram's fighters for everyone and per division, and lists a 4-gram's candidates in name order", () => {
    const files = filesWith(memoryBuckets());
    const head = (gram: string) =>
      readHeadEntry(readKeyed(String(files.get(paths.searchHeads(gramPack(gram, HEAD_PACKS))))).find(gram)!);
    // Held by every fighter: read from the lists themselves, counted in their one pack.
    expect(head('an').get('_')).toEqual({ total: 3, how: 'list', counts: [3] });
    expect(head('an').get('welterweight')).toEqual({ total: 2, how: 'list', counts: [2] });
    expect(head('an').get('heavyweight')).toEqual({ total: 1, how: 'list', counts: [1] });
    expect([...head('ham').keys()]).toEqual(['_', 'heavyweight']);
    // No gram spans two fields, and a needle longer than the heads' has none.
    expect(
      readKeyed(String(files.get(paths.searchHeads(gramPack('lba', HEAD_PACKS))) ?? '{"entries":0}\n\n')).find('lba'),
    ).toBeNull();
    const candidates = (gram: string) =>
      readCandidatesEntry(
        readKeyed(String(files.get(paths.searchCandidates(gramPack(gram, CANDIDATE_PACKS))))).find(gram)!,
      );
    expect(candidates('bana')).toEqual([
      { division: 'welterweight', key: ['carl', 'fighter-c'], fields: fighters[2].fields },
    ]);
    expect(candidates('anna').map((c) => c.key[1])).toEqual(['fighter-a']);
  });

  it('makes the same files whether the pairs wait in memory or on disk', () => {
    // Four numbers held before each flush: the bucket files are appended to many times.
    expect(filesWith(diskBuckets(dir, 4))).toEqual(filesWith(memoryBuckets()));
  });
});
