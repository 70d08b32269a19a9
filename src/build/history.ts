// What a build changed, for the changes feed: each record's digest (the first 64 bits of the
// SHA-1 of its text as the API returns it) is kept in the build's state, and the next build
// compares its own with them. A build from nothing compares every record by id with the previous
// state's; an update compares only the records whose texts it made again (see update.ts). The
// changes are appended to the history the previous build's store holds (store/writer/changes.ts).
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LARGE, isLarge, type LargeResource } from '../records/resources.ts';
import { lists, readHistoryIndex, recordText } from '../store/layout.ts';
import { appendBuild, type PreviousHistory, type RecordChange, type WrittenHistory } from '../store/writer/changes.ts';
import { isNoSuchFile } from '../shared/fs-errors.ts';
import { grouped } from '../shared/numbers.ts';
import { TextColumn } from '../shared/text-column.ts';
import type { Catalog, Records } from './catalog.ts';
import { IdIndex } from './id-index.ts';
import { readStateMeta, type StateMeta } from './state.ts';

/** A record's digest, high word and low. */
export function recordDigest(text: string): [number, number] {
  const bytes = hash('sha1', text, 'buffer');
  // Never 0 and 0, which marks a slot that holds no record.
  return [bytes.readUInt32BE(0), bytes.readUInt32BE(4) || 1];
}

const hex = ([hi, lo]: [number, number]) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

/** Sets a slot's digest; says whether the slot held a record before, and whether its text is another now. */
export function setDigest(records: Records, slot: number, text: string): 'created' | 'changed' | null {
  const [hi, lo] = recordDigest(text);
  const was = records.digestHi[slot] !== 0 || records.digestLo[slot] !== 0;
  const same = records.digestHi[slot] === hi && records.digestLo[slot] === lo;
  records.digestHi[slot] = hi;
  records.digestLo[slot] = lo;
  return !was ? 'created' : same ? null : 'changed';
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
export function smallChanges(catalog: Catalog, small: Readonly<Record<string, ReadonlyArray<{ id: string }>>>): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const [collection, records] of Object.entries(small)) {
    const digests = (catalog.smallDigests[collection] ??= {});
    const gone = new Set(Object.keys(digests));
    for (const record of records) {
      const text = recordText(record);
      const digest = hex(recordDigest(text));
      gone.delete(record.id);
      if (digests[record.id] === digest) continue;
      changes.push({ collection, id: record.id, change: digests[record.id] === undefined ? 'created' : 'changed', record: text });
      digests[record.id] = digest;
    }
    for (const id of gone) {
      delete digests[id];
      changes.push({ collection, id, change: 'deleted', record: null });
    }
  }
  return changes;
}

/** A large collection's records in a previous state: by id, each one's digest. */
interface PreviousLarge {
  index: IdIndex;
  valid: Uint8Array;
  hi: Uint32Array;
  lo: Uint32Array;
}

/** What a build compares its records with: the previous build's history, and its records' digests. */
export interface Previous {
  history: PreviousHistory;
  large: Record<LargeResource, PreviousLarge>;
  small: Record<string, Record<string, string>>;
}

/** Where a build finds what the one before it left: its folder (whose store holds the history) and its state. */
export interface PreviousBuild {
  dir: string;
  state: string;
}

const typed = <T>(file: string, Type: new (buffer: ArrayBuffer) => T): T => {
  const bytes = readFileSync(file);
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return new Type(copy);
};

/**
 * The history a build's store holds, if the state saved with it is of its newest build; else why
 * it cannot be followed: no history, or a state of another build (a preview stopped before it
 * saved, a state from elsewhere).
 */
export function previousHistory(dir: string, meta: StateMeta | null): PreviousHistory | { none: string } {
  const folder = path.join(dir, lists.changes);
  let index;
  try {
    index = readHistoryIndex(readFileSync(path.join(folder, 'index.json'), 'utf8'));
  } catch (e) {
    return { none: isNoSuchFile(e) ? 'the previous build has no history of changes' : "the previous build's history of changes does not parse" };
  }
  const newest = index.builds[index.builds.length - 1][0];
  if (!meta?.history || meta.history.id !== index.history || meta.history.build !== newest)
    return { none: "the previous build's saved state is not of its history's newest build" };
  return { index, pack: (name) => readFileSync(path.join(folder, 'packs', `${name}.ndjson`), 'utf8') };
}

/** The previous build's history and its records' digests (the ids, valid flags and digests of its state alone), or why there are none. */
export function openPrevious(previous: PreviousBuild | undefined): Previous | { none: string } {
  if (!previous) return { none: 'there is no previous build' };
  const history = previousHistory(previous.dir, readStateMeta(previous.state));
  if ('none' in history) return history;
  const column = (name: string, c: string) => path.join(previous.state, `${name}.${c}`);
  const large = Object.fromEntries(
    LARGE.map((name) => {
      const ids = TextColumn.from(typed(column(name, 'ids.text'), Uint8Array), typed(column(name, 'ids.ends'), Uint32Array));
      return [name, { index: new IdIndex(ids), valid: typed(column(name, 'valid.bin'), Uint8Array), hi: typed(column(name, 'digestHi.bin'), Uint32Array), lo: typed(column(name, 'digestLo.bin'), Uint32Array) }];
    }),
  ) as Record<LargeResource, PreviousLarge>;
  const small = (JSON.parse(readFileSync(path.join(previous.state, 'small.json'), 'utf8')) as { smallDigests: Previous['small'] }).smallDigests;
  return { history, large, small };
}

/** A build's history: what it wrote, what its state says of it, and a line that tells it. */
export interface RecordedBuild {
  written: WrittenHistory;
  /** For the state (see StateMeta.history). */
  history: { id: string; build: number };
  note: string;
}

/**
 * Appends a build's changes to the previous history; begins a history afresh when there is none
 * to follow, or when the build changed more records than a history keeps for one build.
 */
export function recordBuild(previous: PreviousHistory | { none: string }, found: readonly RecordChange[] | { tooMany: number }, at: number, seed?: string): RecordedBuild {
  const why = 'none' in previous ? previous.none : 'tooMany' in found ? `${grouped(found.tooMany)} records changed, more than a build records: mirrors start again from the exports` : null;
  const written = appendBuild(why === null ? (previous as PreviousHistory) : null, { at, changes: why === null ? (found as RecordChange[]) : [], seed });
  const { index } = written;
  const build = index.builds[index.builds.length - 1][0];
  const count = why === null ? (found as RecordChange[]).length : 0;
  const note =
    why !== null ? `Changes feed: its history starts afresh (${why}).`
    : count === 0 ? 'Changes feed: no record changed.'
    : `Changes feed: ${grouped(count)} record${count === 1 ? '' : 's'} changed, build ${build}.`;
  return { written, history: { id: index.history, build }, note };
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
      const records = this.catalog[collection];
      const slot = key as number;
      records.digestHi[slot] = digest[0];
      records.digestLo[slot] = digest[1];
      id = records.id(slot);
      if (!this.previous) return;
      const before = this.previous.large[collection];
      const at = before.index.slotOf(id);
      if (at < 0 || !before.valid[at]) change = 'created';
      else {
        (this.seen[collection] ??= new Uint8Array(before.index.size))[at] = 1;
        change = before.hi[at] === digest[0] && before.lo[at] === digest[1] ? null : 'changed';
      }
    } else {
      id = key as string;
      (this.catalog.smallDigests[collection] ??= {})[id] = hex(digest);
      if (!this.previous) return;
      const was = this.previous.small[collection]?.[id];
      change = was === undefined ? 'created' : was === hex(digest) ? null : 'changed';
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
          if (before.valid[s] && !seen?.[s]) this.add({ collection, id: before.index.id(s), change: 'deleted', record: null });
      }
      for (const [collection, digests] of Object.entries(previous.small))
        for (const id of Object.keys(digests))
          if (this.catalog.smallDigests[collection]?.[id] === undefined) this.add({ collection, id, change: 'deleted', record: null });
    }
    if (this.count > this.limit) return { tooMany: this.count };
    return order.flatMap((collection) => this.changes.get(collection) ?? []);
  }
}

/** The most changes a build records before the history starts afresh: a tenth of the records, 10,000 at least. */
export const changeLimit = (records: number) => Math.max(10_000, Math.floor(records / 10));
