// The days a dated list is asked for, from its date parameters or a schedule's days.
import { addDays, dayNumber, earlierDay, laterDay } from '../../shared/dates.ts';
import { invalidParameter } from '../errors.ts';

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
    throw invalidParameter(
      'date_to',
      `must not be before ${q.data_from !== undefined ? 'data_from' : 'date_from'} (${from})`,
    );
  return { from: laterDay(from, q.date), to: earlierDay(to, q.date) };
}

/** The days a schedule covers: from today through today + `days`, as its parameter says. */
export function scheduleDays(days: number, today: string): DayRange {
  return { from: today, to: addDays(today, days) };
}
