// Query parameters: each endpoint's allowed set, parsed into one typed query. Unknown
// parameters are ignored; a known one that is malformed, out of range or repeated is a 400.
import { dayNumber, earlierDay, isRealDate, laterDay } from '../shared/dates.ts';
import { invalidCursor, invalidParameter } from './errors.ts';
import { ID_PATTERN, ID_RULE } from '../shared/ids.ts';

import type { Route } from './routes.ts';

/** The spec's default page size for every paged list. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const MAX_SCHEDULE_DAYS = 3650;
export const RANKINGS_PAGES = 17;

export type SortOrder = 'ASC' | 'DESC';
type EventStatus = 'NOT_STARTED' | 'LIVE' | 'FINISHED';

export interface Query {
  page_num: number;
  page_size: number;
  date_sort: SortOrder;
  /** Inclusive UTC calendar days; from `date`, `data_from`/`date_from` and `date_to` combined. */
  date_from?: string;
  date_to?: string;
  days: number;
  status?: EventStatus;
  division_id?: string;
  event_id?: string;
  fighter_id?: string;
  organization_id?: string;
  title_id?: string;
  name?: string;
  cursor?: string;
}

type Parser = (raw: string, name: string) => unknown;

const int = (min: number, max: number): Parser => (raw, name) => {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw invalidParameter(name, `must be a whole number from ${min} to ${max}`);
  return Number(raw);
};
const oneOf = (values: string[]): Parser => (raw, name) => {
  const v = raw.toUpperCase();
  if (!values.includes(v)) throw invalidParameter(name, `must be one of ${values.join(', ')}`);
  return v;
};
const date: Parser = (raw, name) => {
  if (!isRealDate(raw)) throw invalidParameter(name, 'must be a real calendar date in the form YYYY-MM-DD');
  return raw;
};
const id: Parser = (raw, name) => {
  if (!ID_PATTERN.test(raw)) throw invalidParameter(name, `must be an id: ${ID_RULE}`);
  return raw;
};
const text: Parser = (raw, name) => {
  const v = raw.trim();
  if (v.length < 1 || v.length > 100) throw invalidParameter(name, 'must be 1 to 100 characters');
  return v;
};
const cursor: Parser = (raw) => {
  if (!/^[A-Za-z0-9_-]{9,512}$/.test(raw)) throw invalidCursor('it is malformed');
  return raw;
};

const paging = { page_num: int(1, 1_000_000_000), page_size: int(1, MAX_PAGE_SIZE) };
const dateSort = oneOf(['ASC', 'DESC']);
const dateRange = { date, date_from: date, date_to: date, date_sort: dateSort };
const schedule = { ...paging, days: int(0, MAX_SCHEDULE_DAYS), date_sort: dateSort };

/**
 * Parameter names come from the request, so every lookup by name is a Map: a plain object
 * would also answer for members every object inherits (`__proto__`, `constructor`, `valueOf`).
 */
const parsers = (table: Record<string, Parser>): ReadonlyMap<string, Parser> => new Map(Object.entries(table));

const ALLOWED: ReadonlyMap<string, ReadonlyMap<string, Parser>> = new Map(Object.entries<Record<string, Parser>>({
  'fights/list': { ...paging, ...dateRange, data_from: date, division_id: id, event_id: id, fighter_id: id, cursor },
  'fights/schedule': schedule,
  'events/list': { ...paging, ...dateRange, status: oneOf(['NOT_STARTED', 'LIVE', 'FINISHED']) },
  'events/schedule': schedule,
  'fighters/list': { ...paging, name: text, division_id: id, title_id: id },
  'titles/list': { organization_id: id, division_id: id },
  'rankings/list': {
    page_num: int(1, RANKINGS_PAGES),
    organization_id: id,
    division_id: id,
    page_size: () => {
      throw invalidParameter('page_size', 'is not supported on rankings: each page is one weight class');
    },
  },
}).map(([endpoint, table]) => [endpoint, parsers(table)]));

/** Parameters that another one makes irrelevant: they are ignored, not checked. */
const IGNORED_WITH: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  ['rankings/list', new Map([['page_num', 'division_id']])],
]);

export function parseQuery(route: Route, params: URLSearchParams): Query {
  const endpoint = `${route.resource}/${route.kind}`;
  const allowed = ALLOWED.get(endpoint) ?? new Map<string, Parser>();
  const ignoredWith = IGNORED_WITH.get(endpoint) ?? new Map<string, string>();
  const parsed = new Map<string, unknown>();
  for (const name of new Set(params.keys())) {
    const parse = allowed.get(name);
    if (parse === undefined) continue;
    const overriding = ignoredWith.get(name);
    if (overriding !== undefined && params.has(overriding)) continue;
    const all = params.getAll(name);
    if (all.length > 1) throw invalidParameter(name, 'must be given at most once');
    parsed.set(name, parse(all[0], name));
  }
  const values = Object.fromEntries(parsed) as Record<string, unknown>;
  if (values.cursor !== undefined && values.page_num !== undefined)
    throw invalidParameter('page_num', 'cannot be combined with cursor, which already says where the page starts');
  if (values.data_from !== undefined && values.date_from !== undefined)
    throw invalidParameter('data_from', 'data_from and date_from are the same parameter: give one of them');

  const query: Query = {
    page_num: (values.page_num as number) ?? 1,
    page_size: (values.page_size as number) ?? DEFAULT_PAGE_SIZE,
    date_sort: (values.date_sort as SortOrder) ?? 'DESC',
    days: (values.days as number) ?? 30,
  };
  for (const key of ['status', 'division_id', 'event_id', 'fighter_id', 'organization_id', 'title_id', 'name', 'cursor'] as const)
    if (values[key] !== undefined) (query as unknown as Record<string, unknown>)[key] = values[key];

  const from = (values.data_from ?? values.date_from) as string | undefined;
  const to = values.date_to as string | undefined;
  if (from !== undefined && to !== undefined && dayNumber(from) > dayNumber(to))
    throw invalidParameter(
      'date_to',
      `must not be before ${values.data_from !== undefined ? 'data_from' : 'date_from'} (${from})`,
    );
  const day = values.date as string | undefined;
  // `date` narrows the range to one day; with a range as well, the two combine with AND.
  const lo = laterDay(from, day);
  const hi = earlierDay(to, day);
  if (lo !== undefined) query.date_from = lo;
  if (hi !== undefined) query.date_to = hi;
  return query;
}
