// What a build changed, for the changes feed: each record's digest (the first 64 bits of the
// SHA-1 of its text as the API returns it) is kept in the build's state, and the next build
// compares its own with them. A build from nothing compares every record by id with the previous
// state's; an update compares only the records whose texts it made again (see update.ts). The
// changes are appended to the history the previous build's store holds (store/changes/make.ts).
import { hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LARGE, isLarge, type LargeResource } from '../records/resources.ts';
import { paths } from '../store/layout.ts';
import { readHistoryIndex } from '../store/changes/format.ts';
import { recordText } from '../store/pack/shapes.ts';
import {
  appendBuild,
  BrokenHistory,
  type PreviousHistory,
  type RecordChange,
  type WrittenHistory,
} from '../store/changes/make.ts';
import { isNoSuchFile } from '../shared/fs-errors.ts';
import { grouped } from '../shared/numbers.ts';
import type { Catalog, Records } from './catalog.ts';
import { loadDigests, readStateMeta, type SavedDigests, type StateMeta } from './state.ts';
import type { ChangeCounts, PublishedBuild } from '../webhooks/published.ts';

/** A record's digest, high word and low. */
export function recordDigest(text: string): [number, number] {
  const bytes = hash('sha1', text, 'buffer');
  // Never 0 and 0, which marks a slot that holds no record.
  return [bytes.readUInt32BE(0), bytes.readUInt32BE(4) || 1];
}

const hex = ([hi, lo]: [number, number]) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

/** What happened to a record: none before is created, another digest than before is changed. */
const changeOf = (was: boolean, same: boolean): 'created' | 'changed' | null =>
  !was ? 'created' : same ? null : 'changed';

/** Sets a slot's digest; what happened to the slot's record since the digest it had, or null. */
export function setDigest(records: Records, slot: number, [hi, lo]: [number, number]): 'created' | 'changed' | null {
  const change = changeOf(
    records.digestHi[slot] !== 0 || records.digestLo[slot] !== 0,
    records.digestHi[slot] === hi && records.digestLo[slot] === lo,
  );
  records.digestHi[slot] = hi;
  records.digestLo[slot] = lo;
  return change;
}

/** A slot no longer holds a record. */
export function clearDigest(records: Records, slot: number): void {
  records.digestHi[slot] = 0;
  records.digestLo[slot] = 0;
}

/**
 * The small collections' records that differ from the digests the catalog keeps (a ranking names
 * its fighters, so a fighter renamed changes it), the digests set to theirs: an update makes them
 * again whole, as a build does.
 */
export function smallChanges(
  catalog: Catalog,
  small: Readonly<Record<string, ReadonlyArray<{ id: string }>>>,
): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const [collection, records] of Object.entries(small)) {
    const before = { ...catalog.smallDigests[collection] };
    catalog.smallDigests[collection] = {};
    for (const record of records) {
      const text = recordText(record);
      const change = smallChange(catalog, before, collection, record.id, recordDigest(text));
      if (change !== null) changes.push({ collection, id: record.id, change, record: text });
    }
    for (const id of Object.keys(before))
      if (catalog.smallDigests[collection][id] === undefined)
        changes.push({ collection, id, change: 'deleted', record: null });
  }
  return changes;
}

/** Sets a small collection's record's digest in the catalog; what happened to it since `before` (the digests it had), or null. */
function smallChange(
  catalog: Catalog,
  before: Readonly<Record<string, string>> | undefined,
  collection: string,
  id: string,
  digest: [number, number],
): 'created' | 'changed' | null {
  const now = hex(digest);
  (catalog.smallDigests[collection] ??= {})[id] = now;
  const was = before?.[id];
  return changeOf(was !== undefined, was === now);
}

/** What a build compares its records with: the previous build's history, and its records' digests. */
export interface Previous extends SavedDigests {
  history: PreviousHistory;
}

/** Where a build finds what the one before it left: its folder (whose store holds the history) and its state. */
export interface PreviousBuild {
  dir: string;
  state: string;
}

/**
 * The history a build's store holds, if the state saved with it is of its newest build; else why
 * it cannot be followed: no history, or a state of another build (a preview stopped before it
 * saved, a state from elsewhere).
 */
export function previousHistory(dir: string, meta: StateMeta | null): PreviousHistory | { none: string } {
  let index;
  try {
    index = readHistoryIndex(readFileSync(path.join(dir, paths.changesIndex), 'utf8'));
  } catch (e) {
    return {
      none: isNoSuchFile(e)
        ? 'the previous build has no history of changes'
        : "the previous build's history of changes does not parse",
    };
  }
  const [newest, , , name] = index.builds[index.builds.length - 1];
  if (
    !meta?.history ||
    meta.history.id !== index.history ||
    meta.history.build !== newest ||
    meta.history.name !== name
  )
    return { none: "the previous build's saved state is not of its history's newest build" };
  return { index, pack: (pack) => readFileSync(path.join(dir, paths.changesPack(pack)), 'utf8') };
}

/** The previous build's history and its records' digests (the ids, valid flags and digests of its state alone), or why there are none. */
export function openPrevious(previous: PreviousBuild | undefined): Previous | { none: string } {
  if (!previous) return { none: 'there is no previous build' };
  const history = previousHistory(previous.dir, readStateMeta(previous.state));
  if ('none' in history) return history;
  return { history, ...loadDigests(previous.state) };
}

/** The packs of a history in a store folder (an update's, whose history begins afresh: they would stay behind). */
function packsIn(dir: string): string[] {
  const folder = path.dirname(path.join(dir, paths.changesPack('0')));
  try {
    return readdirSync(folder)
      .filter((file) => file.endsWith('.ndjson'))
      .map((file) => paths.changesPack(file.slice(0, -'.ndjson'.length)));
  } catch (e) {
    if (isNoSuchFile(e)) return [];
    throw e;
  }
}

/** A build's history: what it wrote, what its state says of it, and a line that tells it. */
export interface RecordedBuild {
  written: WrittenHistory;
  /** For the state (see StateMeta.history). */
  history: NonNullable<StateMeta['history']>;
  note: string;
  /** What subscribers are told of it; null when it added no change to the history. */
  published: PublishedBuild | null;
}

/** Records created, changed and deleted, by collection, in the order the changes come. */
function countsOf(changes: readonly RecordChange[]): Record<string, ChangeCounts> {
  const counts: Record<string, ChangeCounts> = {};
  for (const { collection, change } of changes)
    (counts[collection] ??= { created: 0, changed: 0, deleted: 0 })[change]++;
  return counts;
}

/**
 * Appends a build's changes to the previous history; begins a history afresh when there is none
 * to follow, when it cannot be appended to, or when the build changed more records than a history
 * keeps for one build. `storeDir`: the store an update writes over, whose packs a history begun
 * afresh removes.
 */
export function recordBuild(
  previous: PreviousHistory | { none: string },
  found: readonly RecordChange[] | { tooMany: number },
  at: number,
  options: { seed?: string; storeDir?: string } = {},
): RecordedBuild {
  let why =
    'none' in previous
      ? previous.none
      : 'tooMany' in found
        ? `${grouped(found.tooMany)} records changed, more than a build records: mirrors start again from the exports`
        : null;
  const changes = why === null ? (found as RecordChange[]) : [];
  let written: WrittenHistory;
  try {
    written = appendBuild(why === null ? (previous as PreviousHistory) : null, { at, changes, seed: options.seed });
  } catch (e) {
    if (!(e instanceof BrokenHistory)) throw e;
    why = `the previous history cannot be appended to: ${e.message}`;
    written = appendBuild(null, { at, changes: [], seed: options.seed });
  }
  if (written.fresh && options.storeDir !== undefined) written.removed.push(...packsIn(options.storeDir));
  const { index } = written;
  const [build, , , name] = index.builds[index.builds.length - 1];
  const count = why === null ? changes.length : 0;
  const note =
    why !== null
      ? `Changes feed: its history starts afresh (${why}).`
      : count === 0
        ? 'Changes feed: no record changed.'
        : `Changes feed: ${grouped(count)} record${count === 1 ? '' : 's'} changed, build ${build}.`;
  // Appended after the previous history's newest build: its changes start where that one ends.
  let published: PublishedBuild | null = null;
  if (why === null && count > 0) {
    const before = (previous as PreviousHistory).index;
    published = {
      history: index.history,
      build,
      name,
      from: before.total,
      after: before.builds[before.builds.length - 1][3],
      at,
      counts: countsOf(changes),
    };
  }
  return { written, history: { id: index.history, build, name }, note, published };
}

/**
 * The changes of a build from nothing, found as its exports take each record's text (`onRecord`):
 * each record's digest is set in the catalog and compared with the previous build's by id; then
 * `finish` adds the previous records no longer there. Past `limit` changes the records' texts are
 * no longer kept: the build changed so much that mirrors are better served by the exports.
 */
export class BuildDiff {
  private readonly changes = new Map<string, RecordChange[]>();
  private readonly seen: Partial<Record<LargeResource, Uint8Array>> = {};
  private count = 0;
  /** Every record's digest summed, high words and low: what the build holds, as a history begun with it is named (see appendBuild). */
  private sum = [0, 0];
  private records = 0;
  /** Milliseconds spent here, for the build's phases (the changes feed's share of a build). */
  spent = 0;

  private readonly catalog: Catalog;
  private readonly previous: Previous | null;
  private readonly limit: number;

  constructor(catalog: Catalog, previous: Previous | null, limit: number) {
    this.catalog = catalog;
    this.previous = previous;
    this.limit = limit;
  }

  onRecord(collection: string, key: number | string, text: string): void {
    const started = performance.now();
    try {
      this.compare(collection, key, text);
    } finally {
      this.spent += performance.now() - started;
    }
  }

  private compare(collection: string, key: number | string, text: string): void {
    const digest = recordDigest(text);
    this.sum = [(this.sum[0] + digest[0]) >>> 0, (this.sum[1] + digest[1]) >>> 0];
    this.records++;
    let id: string;
    let change: RecordChange['change'] | null;
    if (isLarge(collection)) {
      // The catalog of a build from nothing holds no digest yet: the previous build's is found by id.
      const records = this.catalog[collection];
      setDigest(records, key as number, digest);
      id = records.id(key as number);
      if (!this.previous) return;
      const before = this.previous.large[collection];
      const at = before.index.slotOf(id);
      const was = at >= 0 && before.valid[at] === 1;
      if (was) (this.seen[collection] ??= new Uint8Array(before.index.size))[at] = 1;
      change = changeOf(was, was && before.hi[at] === digest[0] && before.lo[at] === digest[1]);
    } else {
      id = key as string;
      change = smallChange(this.catalog, this.previous?.small[collection], collection, id, digest);
      if (!this.previous) return;
    }
    if (change !== null) this.add({ collection, id, change, record: text });
  }

  private add(change: RecordChange): void {
    this.count++;
    if (this.count > this.limit) return;
    let list = this.changes.get(change.collection);
    if (!list) this.changes.set(change.collection, (list = []));
    list.push(change);
  }

  /** What the build holds, for a history's name. */
  seed(): string {
    return `${this.records}:${hex(this.sum as [number, number])}`;
  }

  /** The build's changes, each collection's in the order of its export, its deletions after; or how many there were, past the limit. */
  finish(order: readonly string[]): RecordChange[] | { tooMany: number } {
    const started = performance.now();
    try {
      return this.found(order);
    } finally {
      this.spent += performance.now() - started;
    }
  }

  private found(order: readonly string[]): RecordChange[] | { tooMany: number } {
    const previous = this.previous;
    if (previous) {
      for (const collection of LARGE) {
        const before = previous.large[collection];
        const seen = this.seen[collection];
        for (let s = 0; s < before.index.size; s++)
          if (before.valid[s] && !seen?.[s])
            this.add({ collection, id: before.index.id(s), change: 'deleted', record: null });
      }
      for (const [collection, digests] of Object.entries(previous.small))
        for (const id of Object.keys(digests))
          if (this.catalog.smallDigests[collection]?.[id] === undefined)
            this.add({ collection, id, change: 'deleted', record: null });
    }
    if (this.count > this.limit) return { tooMany: this.count };
    return order.flatMap((collection) => this.changes.get(collection) ?? []);
  }
}

/** The most changes a build records before the history starts afresh: a tenth of the records, 10,000 at least. */
export const changeLimit = (records: number) => Math.max(10_000, Math.floor(records / 10));
