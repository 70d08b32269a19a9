// The records that match a query, as a sequence in the list's canonical order, and how to page
// through it by offset (page numbers) or by key (cursors). Three shapes share one interface:
// a contiguous range of the list, a small posting list held whole, and a large posting list
// stored in parts. Records stay JSON text (see records.ts).
import type { ListResource } from '../layout.ts';
import { paths } from '../layout.ts';
import type { SortOrder } from '../params.ts';
import type { PartsIndex, Posting } from '../../schemas/store.ts';
import { itemRecord, type RawRecord } from './records.ts';
import { lowerBound, sliceChunks, type DateIndex, type Key } from './sorted.ts';
import { readJson, readRequired, readRequiredJson, type Store } from './store.ts';

export type { PartsIndex, Posting };

export interface Matches {
  /** Number of matching records. */
  count(): Promise<number>;
  /** Matches at ranks [a, b) in canonical order (ranks count from 0 within the matches). */
  records(a: number, b: number): Promise<RawRecord[]>;
  /** How many matches lie at list positions below `position`. */
  rankOfPosition(position: number): Promise<number>;
}

/** One page by offset, counted from the first record in the given order. */
export async function pageByOffset(m: Matches, order: SortOrder, offset: number, size: number): Promise<RawRecord[]> {
  if (order === 'ASC') return m.records(offset, offset + size);
  const total = await m.count();
  const end = Math.max(0, total - offset);
  return (await m.records(Math.max(0, end - size), end)).reverse();
}

/**
 * The records after `key` in the given order, up to `size`, and whether more follow. The date
 * index turns the key into a position, so a cursor survives rebuilds that add or remove records.
 */
export async function pageAfterKey(
  m: Matches,
  dates: DateIndex,
  key: Key,
  order: SortOrder,
  size: number,
): Promise<{ data: RawRecord[]; more: boolean }> {
  if (order === 'ASC') {
    const rank = await m.rankOfPosition(await dates.positionOf(key, true));
    const data = await m.records(rank, rank + size + 1);
    return { data: data.slice(0, size), more: data.length > size };
  }
  const rank = await m.rankOfPosition(await dates.positionOf(key, false));
  const data = await m.records(Math.max(0, rank - size), rank);
  return { data: data.reverse(), more: rank - size > 0 };
}

/** A contiguous range [lo, hi) of a list: no filter, or date filters alone. */
export function rangeMatches(store: Store, resource: ListResource, lo: number, hi: number): Matches {
  const clamp = (r: number) => Math.min(Math.max(r, 0), hi - lo);
  return {
    count: async () => hi - lo,
    records: (a, b) => sliceChunks(store, resource, lo + clamp(a), lo + clamp(b)),
    rankOfPosition: async (p) => clamp(p - lo),
  };
}

/** The records named by postings, read from their get-one files, which must exist. */
export function itemReader(store: Store, resource: 'fights' | 'fighters') {
  return async (postings: readonly Posting[]): Promise<RawRecord[]> =>
    (await Promise.all(postings.map((p) => readRequired(store, paths.item(resource, p[1]))))).map(itemRecord);
}

type Reader = (postings: readonly Posting[]) => Promise<RawRecord[]>;

/** Postings held whole (already filtered). */
export function listMatches(postings: readonly Posting[], read: Reader): Matches {
  return {
    count: async () => postings.length,
    records: (a, b) => read(postings.slice(Math.max(0, a), Math.max(0, b))),
    rankOfPosition: async (p) => lowerBound(postings.length, (i) => postings[i][0] >= p),
  };
}

/**
 * A posting list stored in parts: its parts.json and a reader for part i. No parts.json means
 * no such key (an empty list); a part that parts.json names must exist.
 */
export async function partedList<P extends Posting>(store: Store, resource: ListResource, field: string, key: string) {
  const index = (await readJson<PartsIndex>(store, paths.parts(resource, field, key))) ?? [];
  const read = (i: number) => readRequiredJson<P[]>(store, paths.part(resource, field, key, i));
  return { index, read };
}

/**
 * A large posting list in parts, restricted to positions [lo, hi). Only the parts at the range's
 * ends and those holding the requested ranks are read.
 */
export async function partedMatches(
  parts: PartsIndex,
  readPart: (i: number) => Promise<Posting[]>,
  lo: number,
  hi: number,
  read: Reader,
): Promise<Matches> {
  const before = [0];
  for (const [, , count] of parts) before.push(before[before.length - 1] + count);
  /** Postings with position below p, across all parts. */
  const below = async (p: number) => {
    const i = lowerBound(parts.length, (j) => parts[j][1] >= p);
    if (i === parts.length || parts[i][0] >= p) return before[i];
    const part = await readPart(i);
    return before[i] + lowerBound(part.length, (j) => part[j][0] >= p);
  };
  const [first, end] = await Promise.all([below(lo), below(hi)]);
  const count = end - first;
  return {
    count: async () => count,
    rankOfPosition: async (p) => Math.min(Math.max((await below(p)) - first, 0), count),
    records: async (a, b) => {
      const from = first + Math.max(0, a);
      const to = first + Math.min(b, count);
      if (to <= from) return [];
      const i = lowerBound(parts.length, (j) => before[j + 1] > from);
      const k = lowerBound(parts.length, (j) => before[j + 1] >= to);
      const loaded = await Promise.all(Array.from({ length: k - i + 1 }, (_, n) => readPart(i + n)));
      return read(loaded.flat().slice(from - before[i], to - before[i]));
    },
  };
}
