// The store's layout (src/store/layout.ts) at scale and against the real build: how a million
// fights' ids fill the packs of their lists and the packs' folders, and every built file sitting
// exactly where the reader looks for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../scripts/generate/cli.ts';
import { eventCount } from '../../scripts/generate/events.ts';
import { fighterCount } from '../../scripts/generate/fighters.ts';
import { eventId, fighterId, fightId } from '../../scripts/generate/ids.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import { fnv1a } from '../../src/shared/hash.ts';
import { HEAD_PACKS, SHORT_NEEDLE, headPack, readHeadEntry, searchFields } from '../../src/store/search/format.ts';
import { RULES, hashedFolder, lists, paths, sortedFolder } from '../../src/store/layout.ts';
import { boundaryHash, hashName, packNamer, packStarts, type CutRule } from '../../src/store/pack/cuts.ts';
import { readHashedIndex, readOrderedIndex } from '../../src/store/pack/list-index.ts';
import { readKeyed } from '../../src/store/pack/format.ts';
import { readHistoryIndex } from '../../src/store/changes/format.ts';
import { readListing } from '../../src/store/exports/format.ts';
import type { HashedList } from '../../src/store/records/format.ts';
import type { SortedList } from '../../src/store/lists/format.ts';
import { gramsOf } from '../../src/store/search/make.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { loadContent } from '../helpers/reference.ts';
import { builtSite } from '../helpers/site.ts';

const ids = (count: number, id: (n: number, count: number) => string) =>
  Array.from({ length: count }, (_, i) => id(i + 1, count));

/** The ids `npm run data:generate -- --fights N` gives each collection. */
function generatedIds(fights: number) {
  return {
    fights: ids(fights, fightId),
    fighters: ids(fighterCount(fights), fighterId),
    events: ids(Math.min(eventCount(fights), fights), eventId),
  };
}

/** The names of the packs a list of ids (one record each) is cut into: kept by id (in their hashes' order), or in the order given. */
function packNames(list: string[], rule: CutRule, kept: 'by id' | 'in order'): string[] {
  if (kept === 'by id') {
    const hashes = Float64Array.from(list, (id) => boundaryHash(fnv1a(id))).sort();
    return packStarts(
      {
        count: hashes.length,
        weight: () => 1,
        hash: (i) => hashes[i],
        joined: (i) => i > 0 && hashes[i] === hashes[i - 1],
      },
      rule,
    ).map((s) => hashName(hashes[s]));
  }
  const name = packNamer();
  return packStarts({ count: list.length, weight: () => 1, hash: (i) => boundaryHash(fnv1a(list[i])) }, rule).map((s) =>
    name(list[s]),
  );
}

/** Packs per folder: a list's packs lie in 16 folders by their name's first digit. */
function perFolder(names: string[]): number[] {
  const counts = new Array<number>(16).fill(0);
  for (const name of names) counts[Number.parseInt(name[0], 16)]++;
  return counts;
}

describe('at a million fights', () => {
  const FIGHTS = 1_000_000;
  const generated = generatedIds(FIGHTS);

  it('names records as the generator does (checked against the shipped content/, its default output)', () => {
    const shipped = generatedIds(DEFAULTS.fights);
    for (const collection of ['fights', 'fighters', 'events'] as const) {
      const files = fg
        .sync('*.json', { cwd: path.join('content', collection) })
        .map((f) => f.slice(0, -'.json'.length));
      expect(files.sort(), collection).toEqual([...shipped[collection]].sort());
    }
  });

  // A list's packs spread evenly over its 16 folders, far under the 10,000 files a folder may
  // hold, and each pack holds about what its rule's spacing says: the list in order of every fight
  // (one division holding every fight is the same list), and each collection's records.
  it("fills each list's folders evenly and far below 10,000 packs", () => {
    const cases: Array<[string, string[], CutRule, 'by id' | 'in order']> = [
      ['fights in order', generated.fights, RULES.sorted.fights, 'in order'],
      ['fighters in order', generated.fighters, RULES.sorted.fighters, 'in order'],
      ['fights kept by id', generated.fights, RULES.records.fights, 'by id'],
      ['fighters kept by id', generated.fighters, RULES.records.fighters, 'by id'],
      ['events kept by id', generated.events, RULES.records.events, 'by id'],
    ];
    for (const [what, list, rule, kept] of cases) {
      const names = packNames(list, rule, kept);
      expect(new Set(names).size, what).toBe(names.length);
      const mean = list.length / names.length;
      expect(mean, what).toBeGreaterThan(rule.min);
      expect(mean, what).toBeLessThan(rule.min + rule.spacing);
      const folders = perFolder(names);
      expect(Math.max(...folders), what).toBeLessThan(10_000);
      // As evenly as a fair hash spreads them: no folder five standard deviations over its share.
      const share = names.length / 16;
      expect(Math.max(...folders), what).toBeLessThan(share + 5 * Math.sqrt(share));
    }
  });
});

describe('the test build', () => {
  it("writes exactly the files the reader reads: every list's index and the packs it names, and nothing else", async () => {
    const root = builtSite();
    const ds = resolveDataset(await loadContent(), TEST_AS_OF);
    const wanted = new Set<string>();
    const want = (p: string) => wanted.add(p);
    const read = (p: string) => readFileSync(path.join(root, p), 'utf8');
    const tally = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

    const sorted = (list: SortedList) => {
      const folder = sortedFolder(list);
      want(paths.index(folder));
      const index = readOrderedIndex(read(paths.index(folder)));
      for (let k = 0; k < index.packs; k++) want(paths.pack(folder, index.name(k)));
    };
    const hashed = (list: HashedList) => {
      const folder = hashedFolder(list);
      want(paths.index(folder));
      const index = readHashedIndex(read(paths.index(folder)));
      for (let k = 0; k < index.packs; k++) want(paths.pack(folder, hashName(index.first(k))));
    };
    for (const resource of ['fights', 'events', 'fighters'] as const) {
      sorted({ resource });
      hashed({ resource });
      want(paths.head(resource));
    }
    sorted({ resource: 'events', shape: 'scheduled' });
    for (const division of tally(ds.fights.map((f) => f.division.id)).keys())
      sorted({ resource: 'fights', division_id: division });
    for (const division of tally(ds.fighters.map((f) => f.division.id)).keys())
      sorted({ resource: 'fighters', division_id: division });
    hashed({ resource: 'fights', by: 'event' });
    hashed({ resource: 'fights', by: 'fighter' });
    hashed({ resource: 'fighters', by: 'title' });
    for (const resource of ['divisions', 'organizations', 'titles'] as const) want(lists.all(resource));
    const orgs = [null, ...ds.organizations.map((o) => o.id)];
    for (const org of orgs) {
      ds.divisions.forEach((d, i) => {
        want(paths.rankingsPage(i + 1, org));
        want(paths.rankingsOfDivision(d.id, org));
      });
      for (const div of [null, ...ds.divisions.map((d) => d.id)])
        if (org !== null || div !== null) want(paths.titles(org, div));
    }
    // The name search: a heads pack for every gram's first characters that some gram has, and the
    // carried packs its heads name (of the short grams, and of the longer grams of split ones).
    const short = new Set(ds.fighters.flatMap((f) => [...gramsOf(searchFields(f), 1, SHORT_NEEDLE)]));
    for (const gram of short) {
      want(paths.searchHeads(headPack(gram)));
      expect(readKeyed(read(paths.searchHeads(headPack(gram)))).find(gram), gram).not.toBeNull();
    }
    for (let n = 0; n < HEAD_PACKS; n++) {
      if (!wanted.has(paths.searchHeads(n))) continue;
      for (const [, entry] of readKeyed(read(paths.searchHeads(n))).all())
        for (const scope of readHeadEntry(entry).values())
          if (scope.how === 'carried') scope.run.forEach((part) => want(paths.pack(lists.carried, part.pack)));
    }
    // The health, the exports' listing, and each part it names.
    want(paths.health);
    want(paths.exportListing);
    const { exports } = readListing(read(paths.exportListing));
    for (const e of exports) for (const part of e.parts) want(paths.exportPart(e.collection, part.name));
    // The changes feed's index, and each pack it names.
    want(paths.changesIndex);
    for (const [, name] of readHistoryIndex(read(paths.changesIndex)).packs) want(paths.changesPack(name));

    const written = new Set(fg.sync('store/**', { cwd: root }).map((f) => `/${f}`));
    expect(
      [...wanted].filter((p) => !written.has(p)),
      'read but never written',
    ).toEqual([]);
    expect(
      [...written].filter((p) => !wanted.has(p)),
      'written but never read',
    ).toEqual([]);
  });
});
