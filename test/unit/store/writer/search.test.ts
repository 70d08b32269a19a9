// The name search's lists: grams counted in characters, and each gram's files made from the
// fighters holding it, in name order, whether the pairs wait in memory or on disk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskBuckets } from '../../../../src/build/gram-buckets.ts';
import type { Division } from '../../../../src/records/schemas.ts';
import { candidateLine, paths, withHeader } from '../../../../src/store/layout.ts';
import type { Body } from '../../../../src/store/writer/lists.ts';
import { gramsOf, memoryBuckets, searchUnits, type GramBuckets } from '../../../../src/store/writer/search.ts';
import type { FighterSource } from '../../../../src/store/writer/source.ts';

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

const filesWith = (buckets: GramBuckets) => new Map<string, Body>([...searchUnits(source, divisions, buckets)].map((u) => [u.path, u.body()]));

describe('searchUnits', () => {
  it("lists each gram's fighters in name order, for everyone and per division, and a long gram's candidates", () => {
    const files = filesWith(memoryBuckets());
    expect(files.get(paths.searchPart('an', null, 0))).toBe(withHeader({ total: 3 }, ['fighter-a', 'fighter-b', 'fighter-c']));
    expect(files.get(paths.searchPart('an', 'welterweight', 0))).toBe(withHeader({ total: 2 }, ['fighter-b', 'fighter-c']));
    expect(files.get(paths.searchPart('an', 'heavyweight', 0))).toBe(withHeader({ total: 1 }, ['fighter-a']));
    expect(files.get(paths.searchPart('ham', null, 0))).toBe(withHeader({ total: 1 }, ['fighter-a']));
    expect(files.get(paths.searchCandidates('bana'))).toBe(candidateLine('fighter-c', 'welterweight', fighters[2].fields));
    expect(files.get(paths.searchCandidates('anna'))).toBe(candidateLine('fighter-a', 'heavyweight', fighters[1].fields));
    // No gram spans two fields, and a needle longer than the exact lists' has no list of its own.
    expect(files.has(paths.searchPart('lba', null, 0))).toBe(false);
    expect(files.has(paths.searchPart('anna', null, 0))).toBe(false);
  });

  it('makes the same files whether the pairs wait in memory or on disk', () => {
    // Four numbers held before each flush: the bucket files are appended to many times.
    expect(filesWith(diskBuckets(dir, 4))).toEqual(filesWith(memoryBuckets()));
  });
});
