// Events: the list (status and date filters), one event, and the schedule, each a page of a list
// in date order. The schedule reads a list of its own, whose records the build wrote in the
// schedule's shape.
import { z } from 'zod';
import { Event, ScheduledEvent } from '../../records/schemas.ts';
import { BUILT_PAGE_SIZE, lists } from '../../store/layout.ts';
import { isBuiltPage, readDefaultPage } from '../../store/reader/lists.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import { datedBody } from './dated.ts';
import { endpoint, getOne, type AnswerContext } from './endpoint.ts';
import { EVENT_STATUS, statusRange } from './event-status.ts';
import { dateSort, dayRange, given, kinds, paging, range, scheduleDays, scheduleParams } from './parameters.ts';

const listParams = z.object({
  ...paging,
  status: given(
    kinds.oneOf(EVENT_STATUS),
    'Event status, from the event\'s date against the current UTC day: earlier FINISHED, today LIVE, later NOT_STARTED.',
  ),
  ...range('event'),
  date_sort: dateSort,
});

async function eventsList(q: z.output<typeof listParams>, { store, today }: AnswerContext): Promise<Body> {
  const days = dayRange(q);
  const unfiltered = days.from === undefined && days.to === undefined && q.status === undefined;
  if (unfiltered && q.date_sort === 'DESC' && q.page_size === BUILT_PAGE_SIZE && isBuiltPage('events', q.page_num)) {
    const { total, lines } = await readDefaultPage(store, 'events', q.page_num);
    return listBody(lines, paginationOf(q.page_num, lines.length, q.page_size, total));
  }
  // Only the status filter reads today: other answers keep until the next deploy.
  return datedBody(store, { resource: 'events' }, q.status === undefined ? days : statusRange(days, q.status, today()), q);
}

export const listEvents = endpoint({
  name: 'list_events',
  path: '/events/',
  params: listParams,
  record: Event,
  summary: 'List events',
  description: 'Events by date (newest first unless date_sort=ASC), then id.',
  reads: [lists.pages('events'), lists.sorted('events')],
  answer: eventsList,
});

export const getEvent = getOne('events', Event);

export const eventsSchedule = endpoint({
  name: 'events_schedule',
  path: '/events/schedule',
  params: scheduleParams,
  record: ScheduledEvent,
  summary: 'Events schedule',
  description:
    'Events dated from the start of the current UTC day through the end of the day `days` from now, newest first unless ' +
    'date_sort=ASC. Schedule records carry no `broadcast`.',
  reads: [lists.scheduled],
  answer: (q, { store, today }) => datedBody(store, { resource: 'events', shape: 'scheduled' }, scheduleDays(q.days, today()), q),
});

export const events = {
  resource: 'events',
  about: 'Fight cards: collections of bouts organised by a promotion company.',
  endpoints: [listEvents, getEvent, eventsSchedule],
} as const;
