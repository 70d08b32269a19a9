// The parameters' vocabulary: each kind of query parameter (a zod schema over the raw value and
// the rule its 400 states), and the parameters several endpoints share. An endpoint's parameters
// are one z.object of these: the same schemas parse the request, type the values, and describe
// them in the API's OpenAPI document and in z.toJSONSchema.
import { z } from 'zod';
import { CalendarDate, Id } from '../../records/common.ts';
import { addDays, dayNumber, earlierDay, laterDay } from '../../shared/dates.ts';
import { ID_RULE } from '../../shared/ids.ts';
import { ApiError, invalidCursor, invalidParameter } from '../errors.ts';
import {
  DEFAULT_PAGE_SIZE, DEFAULT_SCHEDULE_DAYS, MAX_CURSOR_LENGTH, MAX_PAGE_NUM, MAX_PAGE_SIZE, MAX_SCHEDULE_DAYS, MAX_SEARCH_LENGTH,
} from '../limits.ts';

/** What parsing a parameter needs besides its schema; the parser and the API's description read it. */
export interface ParamRules {
  /** What is allowed, as the 400 says it (`must be ...`). */
  rule: string;
  /** The error for a value the schema refuses, when it is not InvalidParameter. */
  refuse?: () => ApiError;
  /** Every value is refused: the endpoint does not support the parameter. */
  refused?: true;
  /**
   * A parameter this one cannot be given with; `rule` is the 400's message when both are. A
   * synonym is the same parameter spelled another way: the same value in both counts as one.
   */
  notWith?: { name: string; rule: string; synonym?: true };
  /** A parameter that makes this one irrelevant: when it is given, this one is ignored, not checked. */
  ignoredWith?: string;
}

/** The rules of every query parameter, by its schema (the field of its endpoint's z.object). */
export const paramRules = z.registry<ParamRules>();

/** A kind of parameter: its schema over the raw query value, and what the 400 says is allowed. */
interface ParamKind<S extends z.ZodType> {
  schema: S;
  rule: string;
  refuse?: () => ApiError;
}

/** Each kind of parameter: a number in a range, one of some values, a date, an id, a text, a cursor. */
const wholeNumber = (min: number, max: number) => ({
  schema: z.string().regex(/^\d{1,10}$/).transform(Number).pipe(z.number().int().min(min).max(max)),
  rule: `must be a whole number from ${min} to ${max}`,
});

/** Enumerations are accepted in any letter case. */
const oneOf = <const V extends readonly [string, ...string[]]>(values: V) => ({
  schema: z.string().transform((v) => v.toUpperCase()).pipe(z.enum(values)),
  rule: `must be one of ${values.join(', ')}`,
});

const date = { schema: CalendarDate, rule: 'must be a real calendar date in the form YYYY-MM-DD' };
const id = { schema: Id, rule: `must be an id: ${ID_RULE}` };
// Checked as given (so that the description, which says what may be sent, is exact), then trimmed.
const text = {
  schema: z.string().min(1).max(MAX_SEARCH_LENGTH).regex(/\S/).trim(),
  rule: `must be 1 to ${MAX_SEARCH_LENGTH} characters, not all of them spaces`,
};
const cursor = {
  // A cursor is at least one character and its 8-character checksum (see cursor.ts).
  schema: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{9,${MAX_CURSOR_LENGTH}}$`)),
  rule: 'must be a cursor exactly as pagination.next_page gives it',
  refuse: () => invalidCursor('it is malformed'),
};

export const kinds = { wholeNumber, oneOf, date, id, text, cursor };

export const pageNum = wholeNumber(1, MAX_PAGE_NUM);
export const pageSize = wholeNumber(1, MAX_PAGE_SIZE);

/** The order of a dated list. */
const DATE_SORT = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof DATE_SORT)[number];
export const isSortOrder = (value: unknown): value is SortOrder => DATE_SORT.some((order) => order === value);

/** How a parameter stands to the others of its endpoint. */
type More = Pick<ParamRules, 'notWith' | 'ignoredWith'>;

/** What the parameter means, then what the parser holds it to: the description of both the OpenAPI document and z.toJSONSchema. */
function description(about: string, rule: string, more: More): string {
  const notes = [
    about,
    `The value ${rule}.`,
    more.notWith ? `Giving it with ${more.notWith.name}${more.notWith.synonym ? ' set to another value' : ''} is a 400 (${more.notWith.rule}).` : '',
    more.ignoredWith ? `Ignored, and not checked, when ${more.ignoredWith} is given.` : '',
  ];
  return notes.filter((n) => n !== '').join(' ');
}

function field<S extends z.ZodType>(schema: S, kind: ParamKind<z.ZodType>, about: string, more: More): S {
  const described = schema.describe(description(about, kind.rule, more));
  // Registered as a schema of any type: the rules do not depend on what the schema parses to.
  const registered: z.ZodType = described;
  paramRules.add(registered, { rule: kind.rule, refuse: kind.refuse, ...more });
  return described;
}

/** A parameter as one endpoint takes it, with what it means there: absent unless given. */
export const given = <S extends z.ZodType>(kind: ParamKind<S>, about: string, more: More = {}) => field(kind.schema.optional(), kind, about, more);

/** A parameter with the value it has when it is not given. */
export const defaulted = <S extends z.ZodType>(kind: ParamKind<S>, value: z.core.util.NoUndefined<z.output<S>>, about: string, more: More = {}) =>
  field(kind.schema.default(value), kind, about, more);

/** A parameter the endpoint refuses whatever its value (a 400 that says why), rather than ignore it. */
export const refused = (rule: string) =>
  z.never().optional().describe(`Not supported: a 400 whatever its value, as it ${rule}.`).register(paramRules, { rule, refused: true });

/** A filter by id. */
export const filter = (meaning: string) => given(id, `${meaning} An id that does not exist gives an empty list.`);

export const dateSort = defaulted(oneOf(DATE_SORT), 'DESC', 'Sort order by date (accepted in any letter case).');

/** The page of a paged list, from 1. */
export const pageNumber = (more: More = {}) => defaulted(pageNum, 1, 'Page number. A page past the last is an empty page.', more);

export const paging = {
  page_num: pageNumber(),
  page_size: defaulted(pageSize, DEFAULT_PAGE_SIZE, 'Items per page.'),
};

/** A date range: `date` for one day, `date_from` and `date_to` for a range. */
export const range = (what: string) => ({
  date: given(date, `Date of the ${what} (UTC day). With a range as well, both apply.`),
  date_from: given(date, 'Start of a date range (inclusive).'),
  date_to: given(date, 'End of a date range (inclusive); must not be before its start.'),
});

/** Both schedules' parameters. */
export const scheduleParams = z.object({
  days: defaulted(
    wholeNumber(0, MAX_SCHEDULE_DAYS),
    DEFAULT_SCHEDULE_DAYS,
    'Number of days from today to search: records from the start of today (UTC) through the end of today + days.',
  ),
  date_sort: dateSort,
  ...paging,
});

/** The days a dated list is asked for, inclusive (open at an end not given). */
export interface DayRange {
  from: string | undefined;
  to: string | undefined;
}

/**
 * The days a list's date parameters ask for: `date` narrows the range to one day; with a range as
 * well, the two combine with AND. The range's start is `data_from` or its synonym `date_from`; an
 * end before the start is the 400 of `date_to`.
 */
export function dayRange(q: { date?: string; data_from?: string; date_from?: string; date_to?: string }): DayRange {
  const from = q.data_from ?? q.date_from;
  const to = q.date_to;
  if (from !== undefined && to !== undefined && dayNumber(from) > dayNumber(to))
    throw invalidParameter('date_to', `must not be before ${q.data_from !== undefined ? 'data_from' : 'date_from'} (${from})`);
  return { from: laterDay(from, q.date), to: earlierDay(to, q.date) };
}

/** The days a schedule covers: from today through today + `days`, as its parameter says. */
export function scheduleDays(days: number, today: string): DayRange {
  return { from: today, to: addDays(today, days) };
}
