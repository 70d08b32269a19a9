// The fights list: filters, page numbers up to the offset ceiling, and cursors beyond it.
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { pageOf } from '../envelope.ts';
import { invalidCursor, pageLimitExceeded } from '../errors.ts';
import { paths } from '../layout.ts';
import type { Query } from '../params.ts';
import type { FightPosting } from '../../schemas/store.ts';
import type { AnswerContext } from './answer.ts';
import { builtPage } from './built.ts';
import { itemReader, listMatches, pageAfterKey, pageByOffset, partedList, partedMatches, rangeMatches, type Matches } from './matches.ts';
import { keyOf, storedList, type RawRecord } from './records.ts';
import { DateIndex } from './sorted.ts';
import { readJson, type Store } from './store.ts';

/** Offsets at or past this are refused on the page-number path. */
export const OFFSET_CEILING = 10_000;

/** The filters a cursor is bound to, in one canonical string. */
export function filterKey(q: Query): string {
  return JSON.stringify([q.date_from ?? null, q.date_to ?? null, q.division_id ?? null, q.event_id ?? null, q.fighter_id ?? null]);
}

const UNFILTERED = filterKey({} as Query);

/** next_page as a path; the handler puts the request's origin in front. */
export function nextPagePath(q: Query, last: { date: string; id: string }, page: number): string {
  const params = new URLSearchParams();
  if (q.date_from !== undefined) params.set('data_from', q.date_from);
  if (q.date_to !== undefined) params.set('date_to', q.date_to);
  for (const key of ['division_id', 'event_id', 'fighter_id'] as const) if (q[key] !== undefined) params.set(key, q[key]);
  params.set('date_sort', q.date_sort);
  params.set('page_size', String(q.page_size));
  params.set('cursor', encodeCursor({ after: [last.date, last.id], order: q.date_sort, page, filters: filterKey(q) }));
  return `/v2/fights/?${params}`;
}

function nextPage(q: Query, data: RawRecord[], more: boolean, page: number): string | null {
  return more && data.length > 0 ? nextPagePath(q, keyOf(data[data.length - 1]), page) : null;
}

export async function fightsList(q: Query, ctx: AnswerContext): Promise<string> {
  const dates = new DateIndex(ctx.store, 'fights');
  if (q.cursor !== undefined) {
    const cursor = decodeCursor(q.cursor);
    if (cursor.filters !== filterKey(q) || cursor.order !== q.date_sort)
      throw invalidCursor("it was made for other filters or another date_sort than this request's");
    const matches = await fightMatches(q, dates, ctx.store);
    const { data, more } = await pageAfterKey(matches, dates, cursor.after, cursor.order, q.page_size);
    // On the cursor path the count is skipped: total_items and total_pages are 0.
    const pagination = { page: cursor.page, items: data.length, total_pages: 0, total_items: 0, next_page: nextPage(q, data, more, cursor.page + 1) };
    return storedList(data, pagination);
  }
  const offset = (q.page_num - 1) * q.page_size;
  if (offset >= OFFSET_CEILING) throw pageLimitExceeded(offset);
  if (filterKey(q) === UNFILTERED && q.date_sort === 'DESC') {
    const built = await builtPage('fights', q, ctx.store);
    if (built !== null) return built;
  }
  const matches = await fightMatches(q, dates, ctx.store);
  const [total, data] = await Promise.all([matches.count(), pageByOffset(matches, q.date_sort, offset, q.page_size)]);
  const next = nextPage(q, data, offset + data.length < total, q.page_num + 1);
  return storedList(data, pageOf(data, q.page_num, q.page_size, total, next).pagination);
}

async function fightMatches(q: Query, dates: DateIndex, store: Store): Promise<Matches> {
  const [lo, hi] = await dates.dayRange(q.date_from, q.date_to);
  const read = itemReader(store, 'fights');
  if (q.event_id !== undefined || q.fighter_id !== undefined) {
    // Small lists: take the shorter one whole and test every other filter on its entries.
    const wanted = ([['event', q.event_id], ['fighter', q.fighter_id]] as const).filter(([, id]) => id !== undefined);
    const lists = await Promise.all(
      wanted.map(async ([field, id]) => (await readJson<FightPosting[]>(store, paths.postings('fights', field, id!))) ?? []),
    );
    const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    const matching = shortest.filter(
      ([position, , division, event, f1, f2]) =>
        position >= lo && position < hi &&
        (q.division_id === undefined || division === q.division_id) &&
        (q.event_id === undefined || event === q.event_id) &&
        (q.fighter_id === undefined || f1 === q.fighter_id || f2 === q.fighter_id),
    );
    return listMatches(matching, read);
  }
  if (q.division_id !== undefined) {
    const { index, read: readPart } = await partedList(store, 'fights', 'division', q.division_id);
    return partedMatches(index, readPart, lo, hi, read);
  }
  return rangeMatches(store, 'fights', lo, hi);
}
