import { z } from 'zod';
import { isRealDate, isRealDateTime } from '../shared/dates.ts';
import { ID_PATTERN, ID_RULE } from '../shared/ids.ts';

/** Every id: of a record, in a reference, in a path or a filter. */
export const Id = z.string().regex(ID_PATTERN, `must be ${ID_RULE}`);

/** `YYYY-MM-DDTHH:MM:SS`, UTC, no offset: the spec's date-time form. */
export const DateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be YYYY-MM-DDTHH:MM:SS')
  .refine(isRealDateTime, 'is not a real calendar date-time');

/** `YYYY-MM-DDTHH:MM:SS.ffffff`: updated_at carries microseconds. */
export const DateTimeMicros = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/, 'must be YYYY-MM-DDTHH:MM:SS.ffffff')
  .refine(isRealDateTime, 'is not a real calendar date-time');

export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine(isRealDate, 'is not a real calendar date');

/** What a build did to a record, as the changes feed says it. */
export const ChangeKind = z.enum(['created', 'changed', 'deleted']);

export const TitleType = z.enum(['full', 'regular', 'interim']);
export type TitleType = z.infer<typeof TitleType>;

export const FightStatus = z.enum(['NOT_STARTED', 'LIVE', 'FINISHED']);
export type FightStatus = z.infer<typeof FightStatus>;

export const Outcome = z.enum(['UD', 'MD', 'SD', 'TKO', 'KO', 'PTS']);
export const Stance = z.enum(['orthodox', 'southpaw', 'switch']);
/** A fighter's gender, a one-letter code (content uses it for rankings too). */
export const Gender = z.enum(['M', 'F']);
/** A ranking record's gender, spelled out as the commercial API's ranking records spell it. */
export const RankingGender = z.enum(['male', 'female']);
/** The ranking's word for each one-letter code. */
export const RANKING_GENDER = { M: 'male', F: 'female' } as const satisfies Record<
  z.infer<typeof Gender>,
  z.infer<typeof RankingGender>
>;

/** One judge's card, `NNN-NNN` (two or three digits a side: 116-112, 58-56 for a six-rounder). */
export const Scorecard = z.string().regex(/^\d{2,3}-\d{2,3}$/, 'must be a scorecard like 116-112');
