// Pages of a list in date order (every fight, one division's fights, every event), by offset or
// after a cursor's key. Both take two rounds of reads: the list's index, then the one or two packs
// that hold the page (a cursor whose record a rebuild moved, a round more to find its key). A list
// read whole and filtered in memory (an event's or a fighter's fights) is paged the same ways here.
import type { SortedList } from '../../store/lists/format.ts';
import { lowerBound, readIndex, readRecords } from '../../store/lists/read.ts';
import type { Store } from '../../store/store.ts';
import type { Cursor } from '../cursor.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import type { DayRange } from '../params/days.ts';
import type { SortOrder } from '../params/kinds.ts';

export interface DatedPage {
  /** Matching records in the whole list: hi - lo. */
  total: number;
  records: string[];
  /** Position in the list of the last record returned (-1 when none). */
  last: number;
  /** True when more records follow in this order. */
  more: boolean;
}

export interface DatedQuery extends DayRange {
  list: SortedList;
  order: SortOrder;
  size: number;
}

/** The records at positions [a, b) in list order, of a match range [lo, hi), in the query's order. */
function datedPage(records: string[], a: number, b: number, lo: number, hi: number, order: SortOrder): DatedPage {
  const asc = order === 'ASC';
  return {
    total: hi - lo,
    records: asc ? records : records.reverse(),
    last: b <= a ? -1 : asc ? b - 1 : a,
    more: b > a && (asc ? b < hi : a > lo),
  };
}

export async function pageByOffset(store: Store, q: DatedQuery, offset: number): Promise<DatedPage> {
  const index = await readIndex(store, q.list);
  const [lo, hi] = index.dayRange(q.from, q.to);
  const [a, b] =
    q.order === 'ASC'
      ? [Math.min(lo + offset, hi), Math.min(lo + offset + q.size, hi)]
      : [Math.max(hi - offset - q.size, lo), Math.max(hi - offset, lo)];
  return datedPage(await readRecords(store, q.list, index, a, b), a, b, lo, hi, q.order);
}

/** Page `page_num` of the records of a dated list within a range of days, in the order asked. */
export async function datedBody(
  store: Store,
  list: SortedList,
  { from, to }: DayRange,
  q: { page_num: number; page_size: number; date_sort: SortOrder },
): Promise<Body> {
  const page = await pageByOffset(
    store,
    { list, from, to, order: q.date_sort, size: q.page_size },
    (q.page_num - 1) * q.page_size,
  );
  return listBody(page.records, paginationOf(q.page_num, page.records.length, q.page_size, page.total));
}

type Key = readonly [date: string, id: string];

export function keyOf(record: string): Key {
  const { date, id } = JSON.parse(record) as { date: string; id: string };
  return [date, id];
}

function compareKeys(a: Key, b: Key): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/**
 * The page after a cursor's key. The cursor's position hint says which packs to read with the
 * record at the key's place; when the record there is no longer the key (a rebuild moved it), the
 * key is looked up through its day in the index instead.
 */
export async function pageAfterCursor(store: Store, q: DatedQuery, cursor: Cursor): Promise<DatedPage> {
  const p = cursor.position;
  const asc = q.order === 'ASC';
  const index = await readIndex(store, q.list);
  const [lo, hi] = index.dayRange(q.from, q.to);
  // The hint is followed only to a record of the list: an unknown position, or one past the end
  // (of a list a rebuild shortened, or made up), is the key's to find.
  if (p !== null && p < index.total) {
    const [a, b] = asc ? [p, p + q.size + 1] : [Math.max(0, p - q.size), p + 1];
    const around = await readRecords(store, q.list, index, a, b);
    const hinted = p - a < around.length && compareKeys(keyOf(around[p - a]), cursor.after) === 0;
    if (hinted && (asc ? p + 1 >= lo && p + 1 <= hi : p >= lo && p <= hi)) {
      const [start, end] = asc ? [p + 1, Math.min(p + 1 + q.size, hi)] : [Math.max(lo, p - q.size), p];
      return datedPage(around.slice(start - a, end - a), start, end, lo, hi, q.order);
    }
  }
  // The key alone: its day's records give its place.
  const day = cursor.after[0].slice(0, 10);
  const [ds, de] = index.dayRange(day, day);
  const sameDay = (await readRecords(store, q.list, index, ds, de)).map(keyOf);
  const place = ds + lowerBound(sameDay.length, (i) => compareKeys(sameDay[i], cursor.after) >= (asc ? 1 : 0));
  const [start, end] = asc
    ? [Math.min(Math.max(place, lo), hi), Math.min(Math.max(place, lo) + q.size, hi)]
    : [Math.max(lo, Math.min(place, hi) - q.size), Math.max(lo, Math.min(place, hi))];
  return datedPage(await readRecords(store, q.list, index, start, end), start, end, lo, hi, q.order);
}

/**
 * A page of records held in memory in date order (ascending, each with its date and id): by
 * offset, or after a cursor's key, in the order asked for.
 */
export function pageOfMatches(
  matches: ReadonlyArray<{ date: string; id: string; json: string }>,
  q: { order: SortOrder; size: number },
  from: Cursor | number,
): DatedPage {
  const total = matches.length;
  const asc = q.order === 'ASC';
  let a: number;
  let b: number;
  if (typeof from !== 'number') {
    // Ascending: the first match after the key; descending: the matches before it.
    const place = lowerBound(total, (i) => compareKeys([matches[i].date, matches[i].id], from.after) >= (asc ? 1 : 0));
    [a, b] = asc ? [place, Math.min(place + q.size, total)] : [Math.max(0, place - q.size), place];
  } else if (asc) [a, b] = [Math.min(from, total), Math.min(from + q.size, total)];
  else [a, b] = [Math.max(0, total - from - q.size), Math.max(0, total - from)];
  return datedPage(
    matches.slice(a, b).map((f) => f.json),
    a,
    b,
    0,
    total,
    q.order,
  );
}
