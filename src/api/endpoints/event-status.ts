// An event's status, which the events list filters by: it follows from the event's day against
// today (UTC). Both sides of the rule live here: the status a day has, and the days a status has.
import { addDays, earlierDay, laterDay } from '../../shared/dates.ts';
import type { DayRange } from '../params/days.ts';

/**
 * An event's status, a filter only: it follows from the event's date against today (UTC), before
 * today FINISHED, today LIVE, after today NOT_STARTED.
 */
export const EVENT_STATUS = ['NOT_STARTED', 'LIVE', 'FINISHED'] as const;
export type EventStatus = (typeof EVENT_STATUS)[number];

/** An event's status on `today`, from its day (both YYYY-MM-DD). */
export const eventStatusOn = (day: string, today: string): EventStatus =>
  day < today ? 'FINISHED' : day === today ? 'LIVE' : 'NOT_STARTED';

/** The status filter is one more range of days, ANDed with the query's own: the days of which eventStatusOn says `status`. */
export function statusRange({ from, to }: DayRange, status: EventStatus, today: string): DayRange {
  if (status === 'FINISHED') return { from, to: earlierDay(to, addDays(today, -1)) };
  if (status === 'LIVE') return { from: laterDay(from, today), to: earlierDay(to, today) };
  return { from: laterDay(from, addDays(today, 1)), to };
}
