// Lists in their canonical order, as positions 0..total-1 stored in chunks of CHUNK_SIZE
// records, and for the dated lists (fights, events) a per-year and per-day index of where each
// day starts. A date range becomes a position range after reading at most two small day files,
// and a page reads only the chunks its records lie in.
import { addDays, yearOf } from '../dates.ts';
import { CHUNK_SIZE, paths, type ListResource, type SortedResource } from '../layout.ts';
import { chunkRecords, keyOf, type RawRecord } from './records.ts';
import { readRequired, readRequiredJson, StoreInconsistent, type DaysIndex, type Store, type YearsIndex } from './store.ts';

export type Key = readonly [date: string, id: string];

/** First index in [0, n) for which `isAfter(i)` holds (n if none): isAfter must be monotone. */
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
 * Records at positions [from, to) of a list, in canonical order. The positions come from the
 * list's own indexes, so a chunk that is missing or short is a broken store, never a short page.
 */
export async function sliceChunks(store: Store, resource: ListResource, from: number, to: number): Promise<RawRecord[]> {
  if (to <= from) return [];
  const first = Math.floor(from / CHUNK_SIZE);
  const last = Math.floor((to - 1) / CHUNK_SIZE);
  const chunks = await Promise.all(
    Array.from({ length: last - first + 1 }, async (_, i) => {
      const k = first + i;
      const records = chunkRecords(await readRequired(store, paths.chunk(resource, k)));
      // Every chunk but the list's last is full, and positions count on from chunk to chunk.
      const needed = k < last ? CHUNK_SIZE : to - k * CHUNK_SIZE;
      if (records.length < needed || records.length > CHUNK_SIZE)
        throw new StoreInconsistent(paths.chunk(resource, k), `it holds ${records.length} records where ${needed} are needed`);
      return records;
    }),
  );
  return chunks.flat().slice(from - first * CHUNK_SIZE, to - first * CHUNK_SIZE);
}

/** Where days start in a date-sorted list. */
export class DateIndex {
  private years: YearsIndex | null = null;
  private readonly store: Store;
  readonly resource: SortedResource;

  constructor(store: Store, resource: SortedResource) {
    this.store = store;
    this.resource = resource;
  }

  private async yearsIndex(): Promise<YearsIndex> {
    // Written for every dated list, even an empty one.
    this.years ??= await readRequiredJson<YearsIndex>(this.store, paths.years(this.resource));
    return this.years;
  }

  async total(): Promise<number> {
    return (await this.yearsIndex()).total;
  }

  /** Position of the first record dated on or after `day` (YYYY-MM-DD). */
  async startOfDay(day: string): Promise<number> {
    const { total, years } = await this.yearsIndex();
    const year = yearOf(day);
    const i = lowerBound(years.length, (j) => years[j][0] >= year);
    if (i === years.length) return total;
    const [entryYear, start, count] = years[i];
    if (entryYear > year) return start;
    // The years index names this year, so its day file must exist.
    const days = await readRequiredJson<DaysIndex>(this.store, paths.days(this.resource, year));
    const d = lowerBound(days.length, (j) => days[j][0] >= day);
    return d === days.length ? start + count : days[d][1];
  }

  /** Positions [lo, hi) of the records dated from `from` through `to` (inclusive days; open ends allowed). */
  async dayRange(from: string | undefined, to: string | undefined): Promise<[number, number]> {
    const [lo, hi] = await Promise.all([
      from === undefined ? 0 : this.startOfDay(from),
      to === undefined ? this.total() : this.startOfDay(addDays(to, 1)),
    ]);
    return [lo, Math.max(lo, hi)];
  }

  /** Position of the first record after `key`, or (strictlyAfter false) at or after it. */
  async positionOf(key: Key, strictlyAfter: boolean): Promise<number> {
    const day = key[0].slice(0, 10);
    const [a, b] = await this.dayRange(day, day);
    const sameDay = (await sliceChunks(this.store, this.resource, a, b)).map(keyOf);
    const threshold = strictlyAfter ? 1 : 0;
    return a + lowerBound(sameDay.length, (i) => compareKey(sameDay[i], key) >= threshold);
  }
}

function compareKey(r: { date: string; id: string }, key: Key): number {
  return r.date < key[0] ? -1 : r.date > key[0] ? 1 : r.id < key[1] ? -1 : r.id > key[1] ? 1 : 0;
}
