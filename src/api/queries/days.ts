// Date windows relative to today: schedules and the events status filter.
import type { Query } from '../params.ts';
import { addDays, earlierDay, laterDay } from '../../shared/dates.ts';

/**
 * An event's status follows from its date against today (UTC): before today FINISHED, today
 * LIVE, after today NOT_STARTED. So the status filter is one more date range, ANDed with the
 * query's own.
 */
export function eventStatusRange(q: Query, today: string): [string | undefined, string | undefined] {
  let from = q.date_from;
  let to = q.date_to;
  if (q.status === 'FINISHED') to = earlierDay(to, addDays(today, -1));
  if (q.status === 'LIVE') [from, to] = [laterDay(from, today), earlierDay(to, today)];
  if (q.status === 'NOT_STARTED') from = laterDay(from, addDays(today, 1));
  return [from, to];
}
