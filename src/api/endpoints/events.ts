// Events: the list (status and date filters), one event, and the schedule, each a page of a list
// in date order. The schedule reads a list of its own, whose records the build wrote in the
// schedule's shape.
import { z } from 'zod';
import { dayOf, firstPage, scheduleExample } from './example.ts';
import { ONE_READ, TWO_ROUNDS } from '../budget/budget.ts';
import { Event, ScheduledEvent } from '../../records/schemas.ts';
import { lists } from '../../store/layout.ts';
import { readHeadPage } from '../../store/lists/read.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import { datedBody } from './dated.ts';
import { endpoint, getOne, type AnswerContext } from './endpoint.ts';
import { EVENT_STATUS, eventStatusOn, statusRange } from './event-status.ts';
import { dayRange, scheduleDays } from '../params/days.ts';
import { dateSort, paging, range, scheduleParams } from '../params/fields.ts';
import { kinds } from '../params/kinds.ts';
import { given } from '../params/rules.ts';

const listParams = z.object({
  ...paging,
  status: given(
    kinds.oneOf(EVENT_STATUS),
    "Event status, from the event's date against the current UTC day: earlier FINISHED, today LIVE, later NOT_STARTED.",
  ),
  ...range('event'),
  date_sort: dateSort,
});

async function eventsList(q: z.output<typeof listParams>, { store, today }: AnswerContext): Promise<Body> {
  const days = dayRange(q);
  const unfiltered = days.from === undefined && days.to === undefined && q.status === undefined;
  // The first pages of the default view (newest first) are read from the list's head: one read.
  const head =
    unfiltered && q.date_sort === 'DESC'
      ? await readHeadPage(store, 'events', (q.page_num - 1) * q.page_size, q.page_size)
      : null;
  if (head) return listBody(head.records, paginationOf(q.page_num, head.records.length, q.page_size, head.total));
  // Only the status filter reads today: other answers keep until the next deploy.
  return datedBody(
    store,
    { resource: 'events' },
    q.status === undefined ? days : statusRange(days, q.status, today()),
    q,
  );
}

export const listEvents = endpoint({
  name: 'list_events',
  path: '/events/',
  kind: 'list',
  params: listParams,
  record: Event,
  summary: 'List events',
  description: 'Events by date (newest first unless date_sort=ASC), then id.',
  reads: [lists.head('events'), lists.sorted('events')],
  budget: { ...TWO_ROUNDS, head: ONE_READ },
  example: (p) => {
    if (p.event === undefined) return undefined;
    const day = dayOf(p.event.date);
    return {
      ...firstPage(p),
      status: eventStatusOn(day, p.today),
      date: day,
      date_from: day,
      date_to: day,
      date_sort: 'DESC',
    };
  },
  answer: eventsList,
});

export const getEvent = getOne('events', Event, (p) => p.event?.id);

export const eventsSchedule = endpoint({
  name: 'events_schedule',
  path: '/events/schedule',
  kind: 'schedule',
  params: scheduleParams,
  record: ScheduledEvent,
  summary: 'Events schedule',
  description:
    'Events dated from the start of the current UTC day through the end of the day `days` from now, newest first unless ' +
    'date_sort=ASC. Schedule records carry no `broadcast`.',
  reads: [lists.scheduled],
  budget: TWO_ROUNDS,
  example: scheduleExample,
  answer: (q, { store, today }) =>
    datedBody(store, { resource: 'events', shape: 'scheduled' }, scheduleDays(q.days, today()), q),
});

export const events = {
  resource: 'events',
  about: 'Fight cards: collections of bouts organised by a promotion company.',
  endpoints: [listEvents, getEvent, eventsSchedule],
} as const;
