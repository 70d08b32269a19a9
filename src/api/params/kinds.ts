// The kinds of parameter values: each a zod schema over the raw query value and the rule its 400
// states (a whole number in a range, one of some values, a date, an id, a text, a cursor), and the
// order of a dated list. Fields of these kinds (fields.ts) make an endpoint's parameters.
import { z } from 'zod';
import { CalendarDate, Id } from '../../records/common.ts';
import { ID_RULE } from '../../shared/ids.ts';
import { invalidCursor, invalidSyncToken, type ApiError } from '../errors.ts';
import { MAX_CURSOR_LENGTH, MAX_PAGE_NUM, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../limits.ts';

/** A kind of parameter: its schema over the raw query value, and what the 400 says is allowed. */
export interface ParamKind<S extends z.ZodType> {
  schema: S;
  rule: string;
  refuse?: () => ApiError;
}

/** Each kind of parameter: a number in a range, one of some values, a date, an id, a text, a cursor. */
const wholeNumber = (min: number, max: number) => ({
  schema: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max)),
  rule: `must be a whole number from ${min} to ${max}`,
});

/** Enumerations are accepted in any letter case. */
const oneOf = <const V extends readonly [string, ...string[]]>(values: V) => ({
  schema: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(values)),
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

const syncToken = {
  // A token sealed as a cursor is (see sync-token.ts), or a UTC day or time.
  schema: z
    .string()
    .regex(new RegExp(`^([A-Za-z0-9_-]{9,${MAX_CURSOR_LENGTH}}|\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2})?)$`)),
  rule: 'must be a sync token exactly as next_sync gives it, or a UTC date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SS)',
  refuse: () => invalidSyncToken('it is malformed'),
};

/** A page's number, from 1, and its size. */
const pageNum = wholeNumber(1, MAX_PAGE_NUM);
const pageSize = wholeNumber(1, MAX_PAGE_SIZE);

export const kinds = { wholeNumber, oneOf, date, id, text, cursor, syncToken, pageNum, pageSize };

/** The order of a dated list. */
export const DATE_SORT = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof DATE_SORT)[number];
