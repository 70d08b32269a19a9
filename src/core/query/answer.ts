// Route + query -> the stored body text of the answer. A request that a built file answers
// exactly is served from that file; everything else is computed from the built indexes.
import type { Event, Fight } from '../../schemas/api.ts';
import { allOf, pageOf, serializeStored } from '../envelope.ts';
import { notFound } from '../errors.ts';
import { paths } from '../layout.ts';
import { MAX_SCHEDULE_DAYS, type Query } from '../params.ts';
import type { Route } from '../routes.ts';
import { SortedCollection } from './sorted.ts';
import { pageByOffset, rangeMatches } from './matches.ts';
import type { Store } from './store.ts';
import { builtPage } from './built.ts';
import { fightsList } from './fights.ts';
import { fightersList } from './fighters.ts';
import { eventStatusRange } from './days.ts';
import { addDays } from '../dates.ts';

export interface AnswerContext {
  store: Store;
  /** The current UTC calendar day, YYYY-MM-DD: schedules and event status are relative to it. */
  today: string;
}

const SINGULAR = {
  fights: 'Fight', events: 'Event', fighters: 'Fighter', divisions: 'Division', organizations: 'Organization', titles: 'Title',
} as const;

export async function answer(route: Route, query: Query, ctx: AnswerContext): Promise<string> {
  const { store } = ctx;
  if (route.kind === 'one') {
    const text = await store.read(paths.item(route.resource, route.id));
    if (text === null) throw notFound(`${SINGULAR[route.resource]} "${route.id}"`);
    return text;
  }
  if (route.kind === 'schedule') return schedule(route.resource, query, ctx);
  switch (route.resource) {
    case 'divisions':
    case 'organizations':
      return (await store.read(paths.all(route.resource))) ?? serializeStored(allOf([]));
    case 'titles':
      return titles(query, store);
    case 'rankings':
      return rankings(query, store);
    case 'fights':
      return fightsList(query, ctx);
    case 'events':
      return eventsList(query, ctx);
    case 'fighters':
      return fightersList(query, ctx);
  }
}

async function titles(q: Query, store: Store): Promise<string> {
  const filtered = q.organization_id !== undefined || q.division_id !== undefined;
  const path = filtered ? paths.titles(q.organization_id ?? null, q.division_id ?? null) : paths.all('titles');
  return (await store.read(path)) ?? serializeStored(allOf([]));
}

async function rankings(q: Query, store: Store): Promise<string> {
  const org = q.organization_id ?? null;
  const path = q.division_id !== undefined ? paths.rankingsDivision(q.division_id, org) : paths.rankingsPage(q.page_num, org);
  const text = await store.read(path);
  if (text !== null) return text;
  return serializeStored(pageOf([], q.division_id !== undefined ? 1 : q.page_num, 4, 0));
}

async function eventsList(q: Query, ctx: AnswerContext): Promise<string> {
  const unfiltered = q.date_from === undefined && q.date_to === undefined && q.status === undefined;
  if (unfiltered && q.date_sort === 'DESC') {
    const built = await builtPage('events', q, ctx.store);
    if (built !== null) return built;
  }
  const [from, to] = eventStatusRange(q, ctx.today);
  return datePage(new SortedCollection<Event>(ctx.store, 'events'), from, to, q);
}

async function schedule(resource: 'fights' | 'events', q: Query, ctx: AnswerContext): Promise<string> {
  const to = addDays(ctx.today, Math.min(q.days, MAX_SCHEDULE_DAYS));
  if (resource === 'fights') return datePage(new SortedCollection<Fight>(ctx.store, 'fights'), ctx.today, to, q);
  // Events schedule records carry no `broadcast`.
  return datePage(new SortedCollection<Event>(ctx.store, 'events'), ctx.today, to, q, withoutBroadcast);
}

async function datePage<T extends { id: string; date: string }>(
  sorted: SortedCollection<T>,
  from: string | undefined,
  to: string | undefined,
  q: Query,
  shape: (record: T) => unknown = (r) => r,
): Promise<string> {
  const [lo, hi] = await sorted.dayRange(from, to);
  const data = await pageByOffset(rangeMatches(sorted, lo, hi), q.date_sort, (q.page_num - 1) * q.page_size, q.page_size);
  return serializeStored(pageOf(data.map(shape), q.page_num, q.page_size, hi - lo));
}

function withoutBroadcast({ broadcast: _, ...rest }: Event) {
  return rest;
}
