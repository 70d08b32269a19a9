// Query parameters: each endpoint's parameters as a zod schema, the one source of their types
// (the typed client's, the API description's) and of their rules, and the parser that reads
// them from a URL into one typed query. Unknown parameters are ignored; a known one that is
// malformed, out of range or repeated is a 400.
import { z } from 'zod';
import { dayNumber, earlierDay, isRealDate, laterDay } from '../shared/dates.ts';
import { invalidCursor, invalidParameter } from './errors.ts';
import { ID_PATTERN, ID_RULE } from '../shared/ids.ts';
import { FightStatus } from '../records/common.ts';

import type { Route } from './routes.ts';

/** The spec's default page size for every paged list. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const MAX_SCHEDULE_DAYS = 3650;
export const RANKINGS_PAGES = 17;

// Each schema's error message is the one the 400 gives, after the parameter's name.
const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
/** Accepted in any letter case: the parser upper-cases the text first. */
const oneOf = <const T extends readonly string[]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });
const dayError = 'must be a real calendar date in the form YYYY-MM-DD';
const Day = z.iso.date({ error: dayError }).refine(isRealDate, { error: dayError });
const ParamId = z.string().regex(ID_PATTERN, { error: `must be an id: ${ID_RULE}` });

const DateSort = oneOf(['ASC', 'DESC']).default('DESC').describe('Sort order by date.');
const PageNum = wholeNumber(1, 1_000_000_000).default(1).describe('Page number.');
const PageSize = wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE).describe('Items per page.');
const Days = wholeNumber(0, MAX_SCHEDULE_DAYS).default(30).describe('Number of days from today to search.');

const paging = { page_num: PageNum, page_size: PageSize };
const dateRange = {
  date: Day.optional().describe('Date (UTC day).'),
  date_from: Day.optional().describe('Start of a date range (inclusive).'),
  date_to: Day.optional().describe('End of a date range (inclusive); not before its start.'),
  date_sort: DateSort,
};
const Schedule = z.object({ days: Days, date_sort: DateSort, ...paging });

export const FightsListParams = z.object({
  ...dateRange,
  data_from: Day.optional().describe('Start of a date range (inclusive), spelled this way in the interface; date_from is the same.'),
  division_id: ParamId.optional().describe('Division of the bout.'),
  event_id: ParamId.optional().describe('Event the fight belongs to.'),
  fighter_id: ParamId.optional().describe('Fighter involved in the fight.'),
  ...paging,
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{9,512}$/, { error: 'it is malformed' })
    .optional()
    .describe('Opaque token taken from pagination.next_page; not with page_num.'),
});
export const FightsScheduleParams = Schedule;
export const EventsListParams = z.object({
  status: oneOf(FightStatus.options).optional().describe('Event status, from its date against the current UTC day.'),
  ...dateRange,
  ...paging,
});
export const EventsScheduleParams = Schedule;
export const FightersListParams = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'must be 1 to 100 characters' })
    .max(100, { error: 'must be 1 to 100 characters' })
    .optional()
    .describe('Search by name, part of a name, nickname or alias, ignoring case and accents.'),
  division_id: ParamId.optional().describe('Division the boxer fights in.'),
  title_id: ParamId.optional().describe('Title that the fighter holds.'),
  ...paging,
});
export const TitlesListParams = z.object({
  organization_id: ParamId.optional().describe('Organization that sanctions the title.'),
  division_id: ParamId.optional().describe('Division the title belongs to.'),
});
export const RankingsListParams = z.object({
  page_num: wholeNumber(1, RANKINGS_PAGES).default(1).describe('Weight class page to return; ignored with division_id.'),
  organization_id: ParamId.optional().describe('Narrow to one sanctioning organization.'),
  division_id: ParamId.optional().describe('Return rankings for that division directly, ignoring page_num.'),
  page_size: z
    .never({ error: 'is not supported on rankings: each page is one weight class' })
    .optional()
    .describe('Not supported: each page is one weight class (400).'),
});

/** Each endpoint's parameters, by `resource/kind`; the others (get-one, divisions, organizations) take none. */
export const ENDPOINT_PARAMS = {
  'fights/list': FightsListParams,
  'fights/schedule': FightsScheduleParams,
  'events/list': EventsListParams,
  'events/schedule': EventsScheduleParams,
  'fighters/list': FightersListParams,
  'titles/list': TitlesListParams,
  'rankings/list': RankingsListParams,
} as const;

export type SortOrder = z.output<typeof DateSort>;

export interface Query {
  page_num: number;
  page_size: number;
  date_sort: SortOrder;
  /** Inclusive UTC calendar days; from `date`, `data_from`/`date_from` and `date_to` combined. */
  date_from?: string;
  date_to?: string;
  days: number;
  status?: z.output<typeof FightStatus>;
  division_id?: string;
  event_id?: string;
  fighter_id?: string;
  organization_id?: string;
  title_id?: string;
  name?: string;
  cursor?: string;
}

/** A parameter's text -> its value, checked by its schema; throws the 400 it deserves. */
type Parser = (raw: string, name: string) => unknown;

/** The schema inside its optional or default wrapper: its type says how the text is read. */
function innerOf(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault ? innerOf(schema.unwrap() as z.ZodType) : schema;
}

function parserOf(schema: z.ZodType): Parser {
  const inner = innerOf(schema);
  // Whole numbers are digits only: no sign, exponent, spaces or hex that Number() would accept.
  const read =
    inner instanceof z.ZodNumber ? (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN)
    : inner instanceof z.ZodEnum ? (raw: string) => raw.toUpperCase()
    : (raw: string) => raw;
  return (raw, name) => {
    const result = schema.safeParse(read(raw));
    if (result.success) return result.data;
    const message = result.error.issues[0].message;
    throw name === 'cursor' ? invalidCursor(message) : invalidParameter(name, message);
  };
}

/**
 * Parameter names come from the request, so every lookup by name is a Map: a plain object
 * would also answer for members every object inherits (`__proto__`, `constructor`, `valueOf`).
 */
const ALLOWED: ReadonlyMap<string, ReadonlyMap<string, Parser>> = new Map(
  Object.entries(ENDPOINT_PARAMS).map(([endpoint, params]) => [
    endpoint,
    new Map(Object.entries(params.shape).map(([name, schema]) => [name, parserOf(schema as z.ZodType)])),
  ]),
);

/** Parameters that another one makes irrelevant: they are ignored, not checked. */
const IGNORED_WITH: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  ['rankings/list', new Map([['page_num', 'division_id']])],
]);

/** What a query holds for a parameter not given: the schemas' defaults, which every endpoint shares. */
const DEFAULTS = {
  page_num: PageNum.parse(undefined),
  page_size: PageSize.parse(undefined),
  date_sort: DateSort.parse(undefined),
  days: Days.parse(undefined),
};

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

  const query: Query = { ...DEFAULTS };
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
