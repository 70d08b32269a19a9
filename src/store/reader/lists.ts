// Reading lists: sorted lists through their index and chunks, lists held whole, page files, and
// the name-search lists. Each function names the files it reads, so a request's reads and rounds
// can be counted from its code path.
import type { LargeResource } from '../../records/resources.ts';
import {
  BUILT_PAGE_SIZE, BUILT_PAGES, CHUNK_SIZE, PART_SIZE, fileOf, firstOf, heldBy, linesInPack, linesOf, paths, recordInPack, someLinesOf, readCandidate, readDayIndex, splitHeader, type DayIndex,
  type ItemResource, type ListHeader, type SortedList, type WholeList,
} from '../layout.ts';
import { readRequired, StoreInconsistent, type Store } from './store.ts';

export interface SortedIndex extends DayIndex {
  /** Positions [lo, hi) of the records dated `from` through `to` (inclusive days; open ends allowed). */
  dayRange(from: string | undefined, to: string | undefined): [number, number];
}

const EMPTY_INDEX: SortedIndex = { total: 0, days: 0, day: () => '', start: () => 0, dayRange: () => [0, 0] };

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

/**
 * A sorted list's index. The lists of every record are always written; a division's list only
 * when the division has records, so a missing one is empty (an unknown division filters to none).
 */
export async function readIndex(store: Store, list: SortedList): Promise<SortedIndex> {
  const optional = 'division_id' in list && list.division_id !== undefined;
  const text = optional ? await store.read(paths.index(list)) : await readRequired(store, paths.index(list), 'every store has this list');
  if (text === null) return EMPTY_INDEX;
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
 * Records at positions [from, to) of a sorted list, from the chunks that hold them. The list's
 * total may still be on its way (the index read at the same time): every chunk below it must
 * then exist and hold exactly its share, so a missing or short chunk can never shift a page.
 */
export async function readRecords(
  store: Store,
  list: SortedList,
  from: number,
  to: number,
  total: number | Promise<number>,
): Promise<string[]> {
  const start = Math.max(0, from);
  const known = typeof total === 'number' ? total : Infinity;
  const end = Math.min(to, known);
  if (end <= start) {
    await total;
    return [];
  }
  const first = fileOf(start, CHUNK_SIZE);
  const last = fileOf(end - 1, CHUNK_SIZE);
  const [texts, count] = await Promise.all([
    Promise.all(Array.from({ length: last - first + 1 }, (_, i) => store.read(paths.chunk(list, first + i)))),
    total,
  ]);
  const records: string[] = [];
  texts.forEach((text, i) => {
    const base = firstOf(first + i, CHUNK_SIZE);
    const expected = heldBy(count, first + i, CHUNK_SIZE);
    const { count: held, lines } = someLinesOf(text ?? '', start - base, Math.min(end, count) - base);
    if (held !== expected)
      throw new StoreInconsistent(paths.chunk(list, first + i), `holds ${held} records where the index counts ${expected}`);
    records.push(...lines);
  });
  return records;
}

/** A list held whole; a list that does not exist is empty. */
export async function readWhole(store: Store, list: WholeList): Promise<string[]> {
  const pack = await store.read(paths.wholePack(list));
  return pack === null ? [] : linesInPack(pack, list.id);
}

/** A file of a header line and records, or null. */
export async function readHeaded(store: Store, path: string): Promise<{ header: ListHeader; lines: string[] } | null> {
  const text = await store.read(path);
  return text === null ? null : splitHeader(text);
}

/** A built default page, or null past the last one; it must hold its share of the list. */
export async function readPage(store: Store, resource: LargeResource, n: number) {
  const page = await readHeaded(store, paths.page(resource, n));
  const expected = page && heldBy(page.header.total, n - 1, BUILT_PAGE_SIZE);
  if (page && page.lines.length !== expected)
    throw new StoreInconsistent(paths.page(resource, n), `holds ${page.lines.length} records where its header counts ${expected}`);
  return page;
}

/** Whether the store has built page n of a list's default view (else page it through its sorted list). */
export function isBuiltPage(resource: LargeResource, n: number): boolean {
  return n <= BUILT_PAGES[resource];
}

/**
 * A list's default page n (one the store builds, see isBuiltPage): the built page, or past the last one an empty page with the list's
 * size from its index (a second read, only there).
 */
export async function readDefaultPage(store: Store, resource: LargeResource, n: number): Promise<{ total: number; lines: string[] }> {
  const page = await readPage(store, resource, n);
  if (page !== null) return { total: page.header.total, lines: page.lines };
  return { total: (await readIndex(store, { resource })).total, lines: [] };
}

/** A record by its id, from its pack: null when there is no such record. */
export async function readRecord(store: Store, resource: ItemResource, id: string): Promise<string | null> {
  const pack = await store.read(paths.recordPack(resource, id));
  return pack === null ? null : recordInPack(pack, id);
}

/**
 * The record of each id, in order, each pack read once (at once): every one must exist, since a
 * list named it.
 */
export async function readRecordsById(store: Store, resource: ItemResource, ids: readonly string[]): Promise<string[]> {
  const packPaths = ids.map((id) => paths.recordPack(resource, id));
  const packs = new Map(await Promise.all([...new Set(packPaths)].map(async (file) => [file, await store.read(file)] as const)));
  return ids.map((id, i) => {
    const file = packPaths[i];
    const pack = packs.get(file);
    if (pack == null) throw new StoreInconsistent(file, `missing, though a ${resource} list names ${id}`);
    const record = recordInPack(pack, id);
    if (record === null) throw new StoreInconsistent(file, `holds no ${id}, though a ${resource} list names it`);
    return record;
  });
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
  const first = fileOf(from, PART_SIZE);
  const last = fileOf(Math.max(from + 1, to) - 1, PART_SIZE);
  const parts = await Promise.all(
    Array.from({ length: last - first + 1 }, (_, i) => readHeaded(store, paths.searchPart(gram, divisionId, first + i))),
  );
  if (parts[0] === null) {
    if (first === 0) return { total: 0, ids: [] };
    // Past the end, or a part the list should have: the first part's count decides.
    const total = (await readHeaded(store, paths.searchPart(gram, divisionId, 0)))?.header.total ?? 0;
    if (total > firstOf(first, PART_SIZE))
      throw new StoreInconsistent(paths.searchPart(gram, divisionId, first), `missing, though the list counts ${total} fighters`);
    return { total, ids: [] };
  }
  const total = parts[0].header.total;
  const ids: string[] = [];
  for (const [i, part] of parts.entries()) {
    const expected = heldBy(total, first + i, PART_SIZE);
    const found = part?.lines.length ?? 0;
    if (found !== expected)
      throw new StoreInconsistent(paths.searchPart(gram, divisionId, first + i), `holds ${found} ids where the list counts ${expected}`);
    if (part) ids.push(...part.lines);
  }
  const base = firstOf(first, PART_SIZE);
  return { total, ids: ids.slice(from - base, to - base) };
}

/** The candidates for a long name search: each fighter holding `gram`, with its search fields. */
export async function readCandidates(store: Store, gram: string) {
  const text = await store.read(paths.searchCandidates(gram));
  return text === null ? [] : linesOf(text).map(readCandidate);
}
