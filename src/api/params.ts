// Query parameters: each endpoint's allowed set, parsed into one typed query. Unknown
// parameters are ignored; a known one that is malformed, out of range or repeated is a 400.
// Each parameter is a zod schema over the raw query string: the same schema parses it here and
// describes it in the API's OpenAPI document.
import { z } from 'zod';
import { dayNumber, earlierDay, laterDay } from '../shared/dates.ts';
import { ApiError, invalidCursor, invalidParameter } from './errors.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SCHEDULE_DAYS, RANKINGS_PAGES } from './limits.ts';
import { ID_RULE } from '../shared/ids.ts';
import { CalendarDate, FightStatus, Id } from '../records/common.ts';

import type { Route } from './routes.ts';


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

/** The value a parameter has when it is not given, on every endpoint that takes it. */
export const QUERY_DEFAULTS = { page_num: 1, page_size: DEFAULT_PAGE_SIZE, date_sort: 'DESC', days: 30 } as const satisfies Partial<Query>;

/** One query parameter of one endpoint, whose value reads as a `T`. */
export interface Param<T = unknown> {
  /** Parses the raw query string into the typed value; its JSON Schema describes the value. */
  schema: z.ZodType<T, string>;
  /** What is allowed, as the 400 says it (`must be ...`). */
  rule: string;
  /** What the parameter means, for the API's description. */
  about?: string;
  /** The error for a value the schema refuses, when it is not InvalidParameter. */
  refuse?: () => ApiError;
  /** Every value is refused: the endpoint does not support the parameter. */
  refused?: true;
  /** A parameter this one cannot be given with; `rule` is the 400's message when both are. */
  notWith?: { name: string; rule: string };
  /** A parameter that makes this one irrelevant: when it is given, this one is ignored, not checked. */
  ignoredWith?: string;
}

const param = <T>(schema: z.ZodType<T, string>, rule: string): Param<T> => ({ schema, rule });
/** The same parameter with what it means on one endpoint, and any other difference. */
const about = <T>(p: Param<T>, text: string, more: Partial<Param<T>> = {}): Param<T> => ({ ...p, about: text, ...more });

const wholeNumber = (min: number, max: number) =>
  param(z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().min(min).max(max)), `must be a whole number from ${min} to ${max}`);
/** Enumerations are accepted in any letter case. */
const oneOf = <E extends z.ZodEnum<Readonly<Record<string, string>>>>(values: E) =>
  param(
    z.string().transform((v) => v.toUpperCase()).pipe(values) as unknown as z.ZodType<z.output<E>, string>,
    `must be one of ${values.options.join(', ')}`,
  );
const date = param(CalendarDate, 'must be a real calendar date in the form YYYY-MM-DD');
const id = param(Id, `must be an id: ${ID_RULE}`);
// Checked as given (so that the description, which says what may be sent, is exact), then trimmed.
const text = param(
  z.string().min(1).max(100).regex(/\S/).trim(),
  'must be 1 to 100 characters, not all of them spaces',
);
const cursor: Param<string> = {
  ...param(z.string().regex(/^[A-Za-z0-9_-]{9,512}$/), 'must be a cursor exactly as pagination.next_page gives it'),
  refuse: () => invalidCursor('it is malformed'),
};
const refused = (rule: string): Param<never> => ({ schema: z.never() as z.ZodType<never, string>, rule, refused: true });

const pageNum = wholeNumber(1, 1_000_000_000);
const pageSize = wholeNumber(1, MAX_PAGE_SIZE);
const dateSort = about(oneOf(z.enum(['ASC', 'DESC'])), 'Sort order by date (accepted in any letter case).');
const paging = { page_num: about(pageNum, 'Page number. A page past the last is an empty page.'), page_size: about(pageSize, 'Items per page.') };
const range = (what: string) => ({
  date: about(date, `Date of the ${what} (UTC day). With a range as well, both apply.`),
  date_from: about(date, 'Start of a date range (inclusive).'),
  date_to: about(date, 'End of a date range (inclusive); must not be before its start.'),
  date_sort: dateSort,
});
const schedule = {
  days: about(wholeNumber(0, MAX_SCHEDULE_DAYS), 'Number of days from today to search: records from the start of today (UTC) through the end of today + days.'),
  date_sort: dateSort,
  ...paging,
};
const filter = (meaning: string) => about(id, `${meaning} An id that does not exist gives an empty list.`);

/**
 * Every endpoint's parameters, in the order the API's description lists them. Parameter names
 * come from the request, so every lookup by name is a Map: a plain object would also answer for
 * members every object inherits (`__proto__`, `constructor`, `valueOf`).
 */
const ENDPOINTS = {
  'fights/list': {
    // page_num before data_from: with both conflicts, the page_num one is reported.
    page_num: { ...paging.page_num, notWith: { name: 'cursor', rule: 'cannot be combined with cursor, which already says where the page starts' } },
    page_size: paging.page_size,
    date: range('fight').date,
    data_from: about(date, 'Start of a date range (inclusive). Spelled this way in the interface; date_from is accepted as its synonym.', {
      notWith: { name: 'date_from', rule: 'data_from and date_from are the same parameter: give one of them' },
    }),
    date_from: about(date, 'Synonym of data_from: give one of them.'),
    date_to: range('fight').date_to,
    date_sort: dateSort,
    division_id: filter('Division of the bout.'),
    event_id: filter('Event the fight belongs to.'),
    fighter_id: filter('Fighter involved in the fight.'),
    cursor: about(cursor, 'Opaque token taken from pagination.next_page, which repeats the filters and date_sort it was made for.'),
  },
  'fights/schedule': schedule,
  'events/list': {
    ...paging,
    status: about(oneOf(FightStatus), 'Event status, from the event\'s date against the current UTC day: earlier FINISHED, today LIVE, later NOT_STARTED.'),
    ...range('event'),
  },
  'events/schedule': schedule,
  'fighters/list': {
    page_num: about(pageNum, 'Page to display.'),
    page_size: about(pageSize, 'Results per page.'),
    name: about(text, 'Search by name, part of a name, nickname or alias, ignoring case and accents.'),
    division_id: filter('Division the boxer fights in.'),
    title_id: filter('Title that the fighter holds.'),
  },
  'titles/list': {
    organization_id: filter('Organization that sanctions the title.'),
    division_id: filter('Division the title belongs to.'),
  },
  'rankings/list': {
    page_num: about(wholeNumber(1, RANKINGS_PAGES), 'Weight class page to return, heaviest first.', { ignoredWith: 'division_id' }),
    organization_id: filter('Narrow to one sanctioning organization.'),
    division_id: filter('Return rankings for that division directly, ignoring page_num.'),
    page_size: refused('is not supported on rankings: each page is one weight class'),
  },
} satisfies Record<string, Record<string, Param<any>>>;

export const ENDPOINT_PARAMS: ReadonlyMap<string, ReadonlyMap<string, Param>> = new Map(
  Object.entries<Record<string, Param>>(ENDPOINTS).map(([endpoint, table]) => [endpoint, new Map(Object.entries(table))]),
);

/** An endpoint that takes parameters, as `resource/kind`. */
export type Endpoint = keyof typeof ENDPOINTS;

/**
 * What a caller may give an endpoint (the typed client's parameters): each parameter's value as
 * it reads once parsed, all optional; a parameter the endpoint refuses has none.
 */
export type EndpointParams<E extends Endpoint> = {
  [K in keyof (typeof ENDPOINTS)[E]]?: (typeof ENDPOINTS)[E][K] extends Param<infer T> ? T : never;
};

function parse(param: Param, name: string, raw: string): unknown {
  const result = param.schema.safeParse(raw);
  if (result.success) return result.data;
  throw param.refuse?.() ?? invalidParameter(name, param.rule);
}

export function parseQuery(route: Route, params: URLSearchParams): Query {
  const allowed = ENDPOINT_PARAMS.get(`${route.resource}/${route.kind}`) ?? new Map<string, Param>();
  const parsed = new Map<string, unknown>();
  for (const name of new Set(params.keys())) {
    const param = allowed.get(name);
    if (param === undefined) continue;
    if (param.ignoredWith !== undefined && params.has(param.ignoredWith)) continue;
    const all = params.getAll(name);
    if (all.length > 1) throw invalidParameter(name, 'must be given at most once');
    parsed.set(name, parse(param, name, all[0]));
  }
  for (const [name, param] of allowed)
    if (param.notWith !== undefined && parsed.has(name) && parsed.has(param.notWith.name)) throw invalidParameter(name, param.notWith.rule);
  const values = Object.fromEntries(parsed) as Record<string, unknown>;

  const query: Query = { ...QUERY_DEFAULTS };
  for (const key of ['page_num', 'page_size', 'date_sort', 'days', 'status', 'division_id', 'event_id', 'fighter_id', 'organization_id', 'title_id', 'name', 'cursor'] as const)
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
