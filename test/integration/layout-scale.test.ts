// The store's layout (src/store/layout.ts) at scale and against the real build: folder sizes and
// shard balance for the ids a million-fight dataset has, and every built file sitting exactly
// where the reader looks for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../scripts/generate/cli.ts';
import { eventCount } from '../../scripts/generate/events.ts';
import { fighterCount } from '../../scripts/generate/fighters.ts';
import { eventId, fighterId, fightId } from '../../scripts/generate/ids.ts';
import { divisions, organizations, titles } from '../../scripts/generate/reference.ts';
import type { LargeResource } from '../../src/records/resources.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import {
  BUILT_PAGE_SIZE, BUILT_PAGES, CHUNK_SIZE, EXPORT_PART_BYTES, LONG_GRAM, PART_SIZE, SHORT_NEEDLE, exportSpacing, paths, readListing, searchFields,
  PACKS, packOf, type SortedList,
} from '../../src/store/layout.ts';
import { gramsOf } from '../../src/store/writer/search.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { loadContent } from '../helpers/reference.ts';
import { builtSite } from '../helpers/site.ts';

const ids = (count: number, id: (n: number, count: number) => string) => Array.from({ length: count }, (_, i) => id(i + 1, count));

/** The ids `npm run data:generate -- --fights N` gives each collection. */
function generatedIds(fights: number) {
  return {
    fights: ids(fights, fightId),
    fighters: ids(fighterCount(fights), fighterId),
    events: ids(Math.min(eventCount(fights), fights), eventId),
  };
}

/** Counts the entries (files and sub-folders) of every folder the given paths fill. */
class Folders {
  private files = new Map<string, number>();

  add(file: string): void {
    const dir = file.slice(0, file.lastIndexOf('/'));
    this.files.set(dir, (this.files.get(dir) ?? 0) + 1);
  }

  largest(): { dir: string; entries: number } {
    // Each folder that holds files is an entry of its parent, and so on up: counted once per folder.
    const children = new Map<string, Set<string>>();
    for (let dir of this.files.keys())
      for (let parent = path.posix.dirname(dir); dir !== parent; dir = parent, parent = path.posix.dirname(dir)) {
        const set = children.get(parent) ?? new Set();
        if (set.has(dir)) break;
        children.set(parent, set.add(dir));
      }
    let best = { dir: '', entries: 0 };
    for (const dir of new Set([...this.files.keys(), ...children.keys()])) {
      const entries = (this.files.get(dir) ?? 0) + (children.get(dir)?.size ?? 0);
      if (entries > best.entries) best = { dir, entries };
    }
    return best;
  }
}

const pageCount = (resource: LargeResource, total: number) =>
  Math.min(Math.max(1, Math.ceil(total / BUILT_PAGE_SIZE)), BUILT_PAGES[resource]);

/** The index and chunks of a sorted list of `total` records. */
function sortedFiles(list: SortedList, total: number): string[] {
  const files = [paths.index(list)];
  for (let k = 0; k * CHUNK_SIZE < total; k++) files.push(paths.chunk(list, k));
  return files;
}

describe('at a million fights', () => {
  const FIGHTS = 1_000_000;
  const generated = generatedIds(FIGHTS);
  // Each id's pack, hashed once: both tests below ask it of every id.
  const packsOf = Object.fromEntries(Object.entries(generated).map(([collection, list]) => [collection, Uint16Array.from(list, packOf)])) as Record<
    keyof typeof generated,
    Uint16Array
  >;
  /** The packs a list of ids fills, each once. */
  const filled = (packs: Uint16Array) => [...new Set(packs)];

  it('names records as the generator does (checked against the shipped content/, its default output)', () => {
    const shipped = generatedIds(DEFAULTS.fights);
    for (const collection of ['fights', 'fighters', 'events'] as const) {
      const files = fg.sync('*.json', { cwd: path.join('content', collection) }).map((f) => f.slice(0, -'.json'.length));
      expect(files.sort(), collection).toEqual([...shipped[collection]].sort());
    }
  });

  it('no folder of the built store holds more than 10,000 entries', () => {
    const folders = new Folders();
    const add = (p: string) => folders.add(p);
    const lists = { fights: generated.fights, events: generated.events, fighters: generated.fighters };
    for (const [resource, list] of Object.entries(lists) as Array<[LargeResource, string[]]>) {
      for (const n of filled(packsOf[resource])) add(paths.recordPackNumber(resource, n));
      for (let n = 1; n <= pageCount(resource, list.length); n++) add(paths.page(resource, n));
      sortedFiles({ resource }, list.length).forEach(add);
    }
    sortedFiles({ resource: 'events', shape: 'scheduled' }, generated.events.length).forEach(add);
    for (const [resource, list] of [['divisions', divisions.map((d) => d.record)], ['organizations', organizations], ['titles', titles]] as const)
      new Set(list.map(({ id }) => paths.recordPack(resource, id))).forEach(add);
    // One division holding every fight (or fighter) is the worst case for its list's folders.
    for (const { record } of divisions) {
      sortedFiles({ resource: 'fights', division_id: record.id }, FIGHTS).forEach(add);
      sortedFiles({ resource: 'fighters', division_id: record.id }, generated.fighters.length).forEach(add);
    }
    for (const n of filled(packsOf.events)) add(paths.wholePackNumber({ resource: 'fights', by: 'event' }, n));
    for (const n of filled(packsOf.fighters)) add(paths.wholePackNumber({ resource: 'fights', by: 'fighter' }, n));
    new Set(titles.map(({ id }) => paths.wholePack({ resource: 'fighters', by: 'title', id }))).forEach(add);
    // A name-search list holding every fighter is the worst case for its parts' folder. The
    // number of grams is bounded by the names' alphabet, not by the fighters; the real build
    // below has them all.
    for (let k = 0; k * PART_SIZE < generated.fighters.length; k++) add(paths.searchPart('a', null, k));
    // Export parts: a run ends every `spacing` records on average, and a run is a part (twice as
    // many counted here, for runs cut by the size limit).
    for (let k = 0; k < (2 * FIGHTS) / exportSpacing(EXPORT_PART_BYTES); k++) add(paths.exportPart('fights', k.toString(16).padStart(16, '0')));
    const largest = folders.largest();
    expect(largest.entries, largest.dir).toBeLessThan(10_000);
  });

  // What a get-one reads at a million fights: a pack of about 15 fights, and no pack far above
  // that (as an even spread gives: 2.5 times the mean, against the 2.3 a fair hash's largest of
  // 65,536 packs reaches). A fighter's or an event's fights are packed by the same ids.
  it('spreads the ids of each collection evenly over the packs', () => {
    for (const [collection, list] of Object.entries(generated)) {
      const perPack = new Uint32Array(PACKS);
      for (const n of packsOf[collection as keyof typeof generated]) perPack[n]++;
      const mean = list.length / PACKS;
      expect(Math.max(...perPack) / Math.max(mean, 1), collection).toBeLessThan(collection === 'fights' ? 2.5 : 8);
      // Every pack holds some of a million fights; of fewer records, as many packs as a fair hash fills.
      const filled = perPack.filter((n) => n > 0).length;
      expect(filled / (PACKS * (1 - Math.exp(-mean))), collection).toBeGreaterThan(0.98);
    }
  });
});

describe('the test build', () => {
  it('writes exactly the files the reader reads for its records: none missing, none out of reach', async () => {
    const ds = resolveDataset(await loadContent(), TEST_AS_OF);
    const wanted = new Set<string>();
    const want = (p: string) => wanted.add(p);
    const tally = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

    for (const resource of ['fights', 'events', 'fighters', 'divisions', 'organizations', 'titles'] as const)
      for (const { id } of ds[resource]) want(paths.recordPack(resource, id));
    for (const resource of ['divisions', 'organizations', 'titles'] as const) want(paths.all(resource));
    for (const resource of ['fights', 'events', 'fighters'] as const) {
      const total = ds[resource].length;
      for (let n = 1; n <= pageCount(resource, total); n++) want(paths.page(resource, n));
      sortedFiles({ resource }, total).forEach(want);
    }
    sortedFiles({ resource: 'events', shape: 'scheduled' }, ds.events.length).forEach(want);
    for (const [division, count] of tally(ds.fights.map((f) => f.division.id)))
      sortedFiles({ resource: 'fights', division_id: division }, count).forEach(want);
    for (const [division, count] of tally(ds.fighters.map((f) => f.division.id)))
      sortedFiles({ resource: 'fighters', division_id: division }, count).forEach(want);
    const orgs = [null, ...ds.organizations.map((o) => o.id)];
    for (const org of orgs) {
      ds.divisions.forEach((d, i) => {
        want(paths.rankingsPage(i + 1, org));
        want(paths.rankingsOfDivision(d.id, org));
      });
      for (const div of [null, ...ds.divisions.map((d) => d.id)]) if (org !== null || div !== null) want(paths.titles(org, div));
    }
    for (const f of ds.fights) {
      want(paths.wholePack({ resource: 'fights', by: 'event', id: f.event.id }));
      for (const corner of [f.fighters.fighter_1, f.fighters.fighter_2]) want(paths.wholePack({ resource: 'fights', by: 'fighter', id: corner.fighter_id }));
    }
    for (const f of ds.fighters) for (const t of f.titles) want(paths.wholePack({ resource: 'fighters', by: 'title', id: t.id }));
    const parts = (gram: string, division: string | null, count: number) => {
      for (let k = 0; k * PART_SIZE < count; k++) want(paths.searchPart(gram, division, k));
    };
    const short = ds.fighters.map((f) => [...gramsOf(searchFields(f), 1, SHORT_NEEDLE)]);
    for (const [gram, count] of tally(short.flat())) parts(gram, null, count);
    for (const [key, count] of tally(ds.fighters.flatMap((f, i) => short[i].map((g) => `${f.division.id}\t${g}`)))) {
      const [division, gram] = key.split('\t');
      parts(gram, division, count);
    }
    for (const gram of new Set(ds.fighters.flatMap((f) => [...gramsOf(searchFields(f), LONG_GRAM, LONG_GRAM)]))) want(paths.searchCandidates(gram));
    // The health, the exports' listing, and each part it names.
    want(paths.health);
    want(paths.exportListing);
    const { exports } = readListing(readFileSync(path.join(builtSite(), paths.exportListing), 'utf8'));
    for (const e of exports) for (const part of e.parts) want(paths.exportPart(e.collection, part.name));

    const written = new Set(fg.sync('store/**', { cwd: builtSite() }).map((f) => `/${f}`));
    expect([...wanted].filter((p) => !written.has(p)), 'read but never written').toEqual([]);
    expect([...written].filter((p) => !wanted.has(p)), 'written but never read').toEqual([]);
    expect(written.size).toBeGreaterThan(5000);
  });
});
