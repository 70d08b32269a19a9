// The events list (status and date filters), and both schedules: pages of a list in date order.
import { BUILT_PAGE_SIZE } from '../../store/layout.ts';
import { isBuiltPage, readDefaultPage } from '../../store/reader/lists.ts';
import { addDays } from '../../shared/dates.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import type { Query } from '../params.ts';
import type { AnswerContext } from './context.ts';
import { pageByOffset } from './dated.ts';
import { eventStatusRange } from './days.ts';
import { withoutField } from './json-text.ts';

export async function eventsList(q: Query, ctx: AnswerContext): Promise<Body> {
  const unfiltered = q.date_from === undefined && q.date_to === undefined && q.status === undefined;
  if (unfiltered && q.date_sort === 'DESC' && q.page_size === BUILT_PAGE_SIZE && isBuiltPage('events', q.page_num)) {
    const { total, lines } = await readDefaultPage(ctx.store, 'events', q.page_num);
    return listBody(lines, paginationOf(q.page_num, lines.length, q.page_size, total));
  }
  // Only the status filter reads today: other answers keep until the next deploy.
  const [from, to] = q.status === undefined ? [q.date_from, q.date_to] : eventStatusRange(q, ctx.today());
  return datedList('events', from, to, q, ctx);
}

export async function schedule(resource: 'fights' | 'events', q: Query, ctx: AnswerContext): Promise<Body> {
  // Events schedule records carry no `broadcast`; the events list's records do.
  const today = ctx.today();
  return datedList(resource, today, addDays(today, q.days), q, ctx, resource === 'events');
}

async function datedList(
  resource: 'fights' | 'events',
  from: string | undefined,
  to: string | undefined,
  q: Query,
  ctx: AnswerContext,
  withoutBroadcast = false,
) {
  const page = await pageByOffset(
    ctx.store,
    { list: { resource }, from, to, order: q.date_sort, size: q.page_size },
    (q.page_num - 1) * q.page_size,
  );
  const records = withoutBroadcast ? page.records.map((r) => withoutField(r, 'broadcast')) : page.records;
  return listBody(records, paginationOf(q.page_num, records.length, q.page_size, page.total));
}
