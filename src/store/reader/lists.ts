// Reading lists: sorted lists through their index and chunks, lists held whole, page files, and
// the name-search lists. Each function names the files it reads, so a request's reads and rounds
// can be counted from its code path.
import {
  CHUNK_SIZE, PART_SIZE, linesOf, paths, readCandidate, readDayIndex, splitHeader, type DayIndex, type ItemResource,
  type ListHeader, type PagedResource, type SortedList, type WholeList,
} from '../layout.ts';
import { readRequired, StoreInconsistent, type Store } from './store.ts';

export interface SortedIndex extends DayIndex {
  /** Positions [lo, hi) of the records dated `from` through `to` (inclusive days; open ends allowed). */
  dayRange(from: string | undefined, to: string | undefined): [number, number];
}

/** First i in [0, n) with isAfter(i) (n if none); isAfter must be monotone. */
export function lowerBound(n: number, isAfter: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isAfter(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A sorted list's index; null when the list does not exist (e.g. a division with no fights). */
export async function readIndex(store: Store, list: SortedList): Promise<SortedIndex | null> {
  const text = await store.read(paths.index(list));
  if (text === null) return null;
  const index = readDayIndex(text);
  const startOf = (day: string) => {
    const i = lowerBound(index.days, (j) => index.day(j) >= day);
    return i === index.days ? index.total : index.start(i);
  };
  const after = (day: string) => {
    const i = lowerBound(index.days, (j) => index.day(j) > day);
    return i === index.days ? index.total : index.start(i);
  };
  return {
    ...index,
    dayRange(from, to) {
      const lo = from === undefined ? 0 : startOf(from);
      const hi = to === undefined ? index.total : after(to);
      return [lo, Math.max(lo, hi)];
    },
  };
}

/**
 * Records at positions [from, to) of a sorted list, from the chunks that hold them. With the
 * list's total known, every chunk below it must exist; without it (a read made before the index
 * arrives), a missing chunk ends the list and the caller checks against the total later.
 */
export async function readRecords(store: Store, list: SortedList, from: number, to: number, total?: number): Promise<string[]> {
  const end = total === undefined ? to : Math.min(to, total);
  const start = Math.max(0, from);
  if (end <= start) return [];
  const first = Math.floor(start / CHUNK_SIZE);
  const last = Math.floor((end - 1) / CHUNK_SIZE);
  const texts = await Promise.all(
    Array.from({ length: last - first + 1 }, (_, i) => {
      const path = paths.chunk(list, first + i);
      return total === undefined ? store.read(path) : readRequired(store, path, `the list's index counts ${total} records`);
    }),
  );
  const records: string[] = [];
  for (const text of texts) {
    if (text === null) break;
    records.push(...linesOf(text));
  }
  return records.slice(start - first * CHUNK_SIZE, end - first * CHUNK_SIZE);
}

/** A list held whole; a list that does not exist is empty. */
export async function readWhole(store: Store, list: WholeList): Promise<string[]> {
  const text = await store.read(paths.whole(list));
  return text === null ? [] : linesOf(text);
}

/** A file of a header line and records, or null. */
export async function readHeaded(store: Store, path: string): Promise<{ header: ListHeader; lines: string[] } | null> {
  const text = await store.read(path);
  return text === null ? null : splitHeader(text);
}

export async function readPage(store: Store, resource: PagedResource, n: number) {
  return readHeaded(store, paths.page(resource, n));
}

/** The get-one file of each id, in order: every one must exist, since a list named it. */
export async function readRecordsById(store: Store, resource: ItemResource, ids: readonly string[]): Promise<string[]> {
  return Promise.all(ids.map((id) => readRequired(store, paths.record(resource, id), `a ${resource} list names it`)));
}

/**
 * Ranks [from, to) of the fighters whose search text holds `gram` (optionally in one division),
 * and how many there are. Reads the one or two parts that hold those ranks; a request past the
 * end reads the first part as well, for the count.
 */
export async function readSearchRanks(
  store: Store,
  gram: string,
  divisionId: string | null,
  from: number,
  to: number,
): Promise<{ total: number; ids: string[] }> {
  const first = Math.floor(from / PART_SIZE);
  const last = Math.floor((Math.max(from + 1, to) - 1) / PART_SIZE);
  const parts = await Promise.all(
    Array.from({ length: last - first + 1 }, (_, i) => readHeaded(store, paths.searchPart(gram, divisionId, first + i))),
  );
  if (parts[0] === null) {
    if (first === 0) return { total: 0, ids: [] };
    const head = await readHeaded(store, paths.searchPart(gram, divisionId, 0));
    return { total: head?.header.total ?? 0, ids: [] };
  }
  const total = parts[0].header.total;
  const ids: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (part === null) {
      if ((first + i) * PART_SIZE < total)
        throw new StoreInconsistent(paths.searchPart(gram, divisionId, first + i), `the list counts ${total} fighters`);
      break;
    }
    ids.push(...part.lines);
  }
  return { total, ids: ids.slice(from - first * PART_SIZE, to - first * PART_SIZE) };
}

/** The candidates for a long name search: each fighter holding `gram`, with its search fields. */
export async function readCandidates(store: Store, gram: string) {
  const text = await store.read(paths.searchCandidates(gram));
  return text === null ? [] : linesOf(text).map(readCandidate);
}
