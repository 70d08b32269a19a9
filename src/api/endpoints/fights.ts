// Fights: the list (filters, page numbers up to the offset ceiling, and cursors beyond it), one
// fight, and the schedule. An event's or a fighter's fights are read whole (one read) and
// filtered in memory; every other query pages through a list in date order (every fight, or one
// division's).
import { z } from 'zod';
import { dayOf, firstPage, scheduleExample } from './example.ts';
import { ONE_READ, TWO_ROUNDS } from '../budget/budget.ts';
import { Fight } from '../../records/schemas.ts';
import { lists } from '../../store/layout.ts';
import { readKeyedFight, type WholeList } from '../../store/records/format.ts';
import { readHeadPage } from '../../store/lists/read.ts';
import { readWhole } from '../../store/records/read.ts';
import type { Store } from '../../store/store.ts';
import { decodeCursor, encodeCursor, type Cursor } from '../cursor.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import { invalidCursor, pageLimitExceeded } from '../errors.ts';
import { grouped } from '../../shared/numbers.ts';
import { OFFSET_CEILING } from '../limits.ts';
import { BASE_PATH } from '../routes.ts';
import {
  datedBody,
  keyOf,
  pageAfterCursor,
  pageByOffset,
  pageOfMatches,
  type DatedPage,
  type DatedQuery,
} from './dated.ts';
import { endpoint, getOne, type AnswerContext } from './endpoint.ts';
import {
  eachIdFilter,
  filterKey,
  ID_FILTERS,
  idFilterParams,
  passes,
  sameFilters,
  setFilterParams,
  type FightFilters,
} from './fight-filters.ts';
import { dayRange, scheduleDays } from '../params/days.ts';
import { dateSort, pageNum, paging, range, scheduleParams } from '../params/fields.ts';
import { kinds } from '../params/kinds.ts';
import { given } from '../params/rules.ts';

const fightRange = range('fight');

const listParams = z.object({
  // A cursor already says where its page starts and which page it is (next_page repeats every
  // other parameter, so a tool that sends them all still sends a page_num).
  page_num: pageNum({ ignoredWith: 'cursor' }),
  page_size: paging.page_size,
  date: fightRange.date,
  data_from: given(
    kinds.date,
    'Start of a date range (inclusive). Spelled this way in the interface; date_from is accepted as its synonym.',
    {
      notWith: {
        name: 'date_from',
        rule: 'data_from and date_from are the same parameter: give one of them, or both with the same value',
        synonym: true,
      },
    },
  ),
  date_from: given(kinds.date, 'Synonym of data_from: give one of them (or both with the same value).'),
  date_to: fightRange.date_to,
  date_sort: dateSort,
  ...idFilterParams,
  cursor: given(
    kinds.cursor,
    'Opaque token taken from pagination.next_page, which repeats the filters and date_sort it was made for.',
  ),
});

type ListQuery = z.output<typeof listParams>;

/** What a page of the list is for: its days and filters (and their key, made once), its order and size. */
type FightsQuery = FightFilters & Pick<ListQuery, 'date_sort' | 'page_size'> & { key: string };

const UNFILTERED = filterKey({});

/** next_page: this list again after the page's last record, with its filters, order and size, on the request's origin. */
function nextPage(q: FightsQuery, origin: string, last: string, position: number, page: number): string {
  const [date, id] = keyOf(last);
  const params = new URLSearchParams();
  setFilterParams(q, params);
  params.set('date_sort', q.date_sort);
  params.set('page_size', String(q.page_size));
  const cursor: Cursor = { after: [date, id], order: q.date_sort, page, filters: q.key, position };
  params.set('cursor', encodeCursor(cursor));
  return `${origin}${BASE_PATH}${listFights.path}?${params}`;
}

function body(q: FightsQuery, origin: string, page: DatedPage, pageNum: number, counted: boolean): Body {
  const next = page.more ? nextPage(q, origin, page.records[page.records.length - 1], page.last, pageNum + 1) : null;
  // On the cursor path the count is skipped: total_items and total_pages are 0.
  const pagination = counted
    ? paginationOf(pageNum, page.records.length, q.page_size, page.total, next)
    : { page: pageNum, items: page.records.length, total_pages: 0, total_items: 0, next_page: next };
  return listBody(page.records, pagination);
}

async function fightsList(values: ListQuery, { store, origin }: AnswerContext): Promise<Body> {
  const filters: FightFilters & ListQuery = { ...dayRange(values), ...values };
  const q: FightsQuery = { ...filters, key: filterKey(filters) };
  let cursor: Cursor | undefined;
  if (values.cursor !== undefined) {
    cursor = decodeCursor(values.cursor);
    if (!sameFilters(cursor.filters, q.key) || cursor.order !== q.date_sort)
      throw invalidCursor("it was made for other filters or another date_sort than this request's");
  }
  const offset = (values.page_num - 1) * q.page_size;
  if (!cursor && offset >= OFFSET_CEILING) throw pageLimitExceeded(offset);
  // The first pages of the default view (newest first) are read from the list's head: one read.
  if (!cursor && q.key === UNFILTERED && q.date_sort === 'DESC') {
    const head = await readHeadPage(store, 'fights', offset, q.page_size);
    if (head) {
      // The page's last record stands at this position in date order.
      const page: DatedPage = {
        total: head.total,
        records: head.records,
        last: head.total - offset - head.records.length,
        more: offset + head.records.length < head.total,
      };
      return body(q, origin, page, values.page_num, true);
    }
  }
  const whole: WholeList | undefined =
    q.event_id !== undefined
      ? { resource: 'fights', by: 'event', id: q.event_id }
      : q.fighter_id !== undefined
        ? { resource: 'fights', by: 'fighter', id: q.fighter_id }
        : undefined;
  let page: DatedPage;
  if (whole !== undefined) page = await wholeListPage(q, store, whole, offset, cursor);
  else {
    const dated: DatedQuery = {
      list: { resource: 'fights', division_id: q.division_id },
      from: q.from,
      to: q.to,
      order: q.date_sort,
      size: q.page_size,
    };
    page = cursor ? await pageAfterCursor(store, dated, cursor) : await pageByOffset(store, dated, offset);
  }
  return cursor ? body(q, origin, page, cursor.page, false) : body(q, origin, page, values.page_num, true);
}

/** An event's or a fighter's fights: read whole, the other filters applied in memory. */
async function wholeListPage(
  q: FightsQuery,
  store: Store,
  list: WholeList,
  offset: number,
  cursor: Cursor | undefined,
): Promise<DatedPage> {
  const matches = (await readWhole(store, list)).map(readKeyedFight).filter(passes(q));
  return pageOfMatches(matches, { order: q.date_sort, size: q.page_size }, cursor ?? offset);
}

export const listFights = endpoint({
  name: 'list_fights',
  path: '/fights/',
  kind: 'list',
  params: listParams,
  record: Fight,
  summary: 'List fights',
  description:
    `Fights by date (newest first unless date_sort=ASC), then id. Browse by page_num up to an offset of ${grouped(OFFSET_CEILING)} ` +
    'records; beyond that, and for bulk export, follow pagination.next_page, a ready-to-use URL with a cursor ' +
    '(null on the last page). On the cursor path total_items and total_pages are 0.',
  errors: ['PageLimitExceeded'],
  reads: [
    lists.head('fights'),
    lists.sorted('fights'),
    lists.whole('fights', 'event'),
    lists.whole('fights', 'fighter'),
  ],
  budget: { ...TWO_ROUNDS, head: ONE_READ },
  example: (p) => {
    if (p.fight === undefined) return undefined;
    const { fight, newer } = p.fight;
    const day = dayOf(fight.date);
    const filters = eachIdFilter((name) => ID_FILTERS[name].of(fight));
    // Newest first, the page after the newer fight holds this one: a cursor as next_page would give it
    // (made here, as every filter is set and they match this fight alone, so no answer has a next page).
    const cursor = encodeCursor({
      after: [newer.date, newer.id],
      order: 'DESC',
      page: 2,
      filters: filterKey({ from: day, to: day, ...filters }),
      position: null,
    });
    return {
      ...firstPage(p),
      date: day,
      data_from: day,
      date_from: day,
      date_to: day,
      date_sort: 'DESC',
      ...filters,
      cursor,
    };
  },
  answer: fightsList,
});

export const getFight = getOne('fights', Fight, (p) => p.fight?.fight.id);

export const fightsSchedule = endpoint({
  name: 'fights_schedule',
  path: '/fights/schedule',
  kind: 'schedule',
  params: scheduleParams,
  record: Fight,
  summary: 'Fights schedule',
  description:
    'Fights dated from the start of the current UTC day through the end of the day `days` from now, newest first unless ' +
    "date_sort=ASC. The embedded event carries the card's own date, which may differ from the fight's.",
  reads: [lists.sorted('fights')],
  budget: TWO_ROUNDS,
  example: scheduleExample,
  answer: (q, { store, today }) => datedBody(store, { resource: 'fights' }, scheduleDays(q.days, today()), q),
});

export const fights = {
  resource: 'fights',
  about: 'Single bouts between two boxers. Each fight has a division and, when belts are at stake, a list of titles.',
  endpoints: [listFights, getFight, fightsSchedule],
} as const;
