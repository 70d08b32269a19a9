// The fights list: filters, page numbers up to the offset ceiling, and cursors beyond it.
// An event's or a fighter's fights are read whole (one read) and filtered in memory; every
// other query pages through a list in date order (every fight, or one division's).
import { BUILT_PAGE_SIZE, readKeyedFight, type KeyedFight } from '../../store/layout.ts';
import { isBuiltPage, lowerBound, readDefaultPage, readWhole } from '../../store/reader/lists.ts';
import { decodeCursor, encodeCursor, type Cursor } from '../cursor.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import { invalidCursor, pageLimitExceeded } from '../errors.ts';
import { OFFSET_CEILING } from '../limits.ts';
import type { Query } from '../params.ts';
import type { AnswerContext } from './context.ts';
import { compareKeys, datedPage, keyOf, pageAfterCursor, pageByOffset, type DatedPage, type DatedQuery } from './dated.ts';

/** The filters a cursor is bound to, in one canonical string. */
export function filterKey(q: Pick<Query, 'date_from' | 'date_to' | 'division_id' | 'event_id' | 'fighter_id'>): string {
  return JSON.stringify([q.date_from ?? null, q.date_to ?? null, q.division_id ?? null, q.event_id ?? null, q.fighter_id ?? null]);
}

const UNFILTERED = filterKey({});

/** next_page as a path; the handler puts the request's origin in front. */
export function nextPagePath(q: Query, last: string, position: number, page: number): string {
  const [date, id] = keyOf(last);
  const params = new URLSearchParams();
  if (q.date_from !== undefined) params.set('data_from', q.date_from);
  if (q.date_to !== undefined) params.set('date_to', q.date_to);
  for (const key of ['division_id', 'event_id', 'fighter_id'] as const) if (q[key] !== undefined) params.set(key, q[key]);
  params.set('date_sort', q.date_sort);
  params.set('page_size', String(q.page_size));
  const cursor: Cursor = { after: [date, id], order: q.date_sort, page, filters: filterKey(q), position };
  params.set('cursor', encodeCursor(cursor));
  return `/v2/fights/?${params}`;
}

function body(q: Query, page: DatedPage, pageNum: number, counted: boolean): Body {
  const next = page.more ? nextPagePath(q, page.records[page.records.length - 1], page.last, pageNum + 1) : null;
  // On the cursor path the count is skipped: total_items and total_pages are 0.
  const pagination = counted
    ? paginationOf(pageNum, page.records.length, q.page_size, page.total, next)
    : { page: pageNum, items: page.records.length, total_pages: 0, total_items: 0, next_page: next };
  return listBody(page.records, pagination);
}

export async function fightsList(q: Query, ctx: AnswerContext): Promise<Body> {
  let cursor: Cursor | undefined;
  if (q.cursor !== undefined) {
    cursor = decodeCursor(q.cursor);
    if (cursor.filters !== filterKey(q) || cursor.order !== q.date_sort)
      throw invalidCursor("it was made for other filters or another date_sort than this request's");
  }
  const offset = (q.page_num - 1) * q.page_size;
  if (!cursor && offset >= OFFSET_CEILING) throw pageLimitExceeded(offset);
  // The default view is read from its built page where the store has one, else paged like any list.
  const defaultView = filterKey(q) === UNFILTERED && q.date_sort === 'DESC' && q.page_size === BUILT_PAGE_SIZE;
  if (!cursor && defaultView && isBuiltPage('fights', q.page_num)) return builtPage(q, ctx);

  let page: DatedPage;
  if (q.event_id !== undefined || q.fighter_id !== undefined) page = await wholeListPage(q, ctx, offset, cursor);
  else {
    const dated: DatedQuery = {
      list: { resource: 'fights', division_id: q.division_id },
      from: q.date_from,
      to: q.date_to,
      order: q.date_sort,
      size: q.page_size,
    };
    page = cursor ? await pageAfterCursor(ctx.store, dated, cursor) : await pageByOffset(ctx.store, dated, offset);
  }
  return cursor ? body(q, page, cursor.page, false) : body(q, page, q.page_num, true);
}

/** A built default page (newest first, 25 a page): one read, or two past the last page. */
async function builtPage(q: Query, ctx: AnswerContext): Promise<Body> {
  const { total, lines } = await readDefaultPage(ctx.store, 'fights', q.page_num);
  const offset = (q.page_num - 1) * q.page_size;
  const count = lines.length;
  // Newest first: the page's last record stands at this position in date order.
  const page: DatedPage = { total, records: lines, last: total - offset - count, more: offset + count < total };
  return body(q, page, q.page_num, true);
}

/** An event's or a fighter's fights: read whole, the other filters applied in memory. */
async function wholeListPage(q: Query, ctx: AnswerContext, offset: number, cursor: Cursor | undefined): Promise<DatedPage> {
  const by = q.event_id !== undefined ? { by: 'event' as const, id: q.event_id } : { by: 'fighter' as const, id: q.fighter_id! };
  const from = q.date_from && `${q.date_from}T00:00:00`;
  const to = q.date_to && `${q.date_to}T23:59:59`;
  const matches = (await readWhole(ctx.store, { resource: 'fights', ...by }))
    .map(readKeyedFight)
    .filter(
      (f: KeyedFight) =>
        (from === undefined || f.date >= from) && (to === undefined || f.date <= to) &&
        (q.division_id === undefined || f.division_id === q.division_id) &&
        (q.event_id === undefined || f.event_id === q.event_id) &&
        (q.fighter_id === undefined || f.fighter_ids.includes(q.fighter_id)),
    );
  const total = matches.length;
  const asc = q.date_sort === 'ASC';
  let a: number;
  let b: number;
  if (cursor) {
    // Ascending: the first match after the key; descending: the matches before it.
    const place = lowerBound(total, (i) => compareKeys([matches[i].date, matches[i].id], cursor.after) >= (asc ? 1 : 0));
    [a, b] = asc ? [place, Math.min(place + q.page_size, total)] : [Math.max(0, place - q.page_size), place];
  } else if (asc) [a, b] = [Math.min(offset, total), Math.min(offset + q.page_size, total)];
  else [a, b] = [Math.max(0, total - offset - q.page_size), Math.max(0, total - offset)];
  return datedPage(matches.slice(a, b).map((f) => f.json), a, b, 0, total, q.date_sort);
}
