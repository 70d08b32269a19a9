// Route + query -> the stored body text of the answer. A request that a built file answers
// exactly is served from that file; everything else is computed from the built indexes.
import type { Event } from '../../schemas/api.ts';
import { allOf, pageOf, serializeStored } from '../envelope.ts';
import { notFound } from '../errors.ts';
import { paths, type SortedResource } from '../layout.ts';
import type { Query } from '../params.ts';
import type { Route } from '../routes.ts';
import { DateIndex } from './sorted.ts';
import { pageByOffset, rangeMatches } from './matches.ts';
import { storedList, type RawRecord } from './records.ts';
import { readRequired, type Store } from './store.ts';
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
      return readRequired(store, paths.all(route.resource));
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
  if (q.organization_id === undefined && q.division_id === undefined) return readRequired(store, paths.all('titles'));
  // A combination is built for every existing organization and division: no file, no such id.
  const text = await store.read(paths.titles(q.organization_id ?? null, q.division_id ?? null));
  return text ?? serializeStored(allOf([]));
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
  return datePage('events', from, to, q, ctx.store);
}

async function schedule(resource: 'fights' | 'events', q: Query, ctx: AnswerContext): Promise<string> {
  const to = addDays(ctx.today, q.days);
  // Events schedule records carry no `broadcast`.
  return datePage(resource, ctx.today, to, q, ctx.store, resource === 'events' ? withoutBroadcast : undefined);
}

async function datePage(
  resource: SortedResource,
  from: string | undefined,
  to: string | undefined,
  q: Query,
  store: Store,
  reshape?: (record: RawRecord) => RawRecord,
): Promise<string> {
  const [lo, hi] = await new DateIndex(store, resource).dayRange(from, to);
  const data = await pageByOffset(rangeMatches(store, resource, lo, hi), q.date_sort, (q.page_num - 1) * q.page_size, q.page_size);
  return storedList(reshape ? data.map(reshape) : data, pageOf(data, q.page_num, q.page_size, hi - lo).pagination);
}

function withoutBroadcast(record: RawRecord): RawRecord {
  const { broadcast: _, ...rest } = JSON.parse(record) as Event;
  return JSON.stringify(rest);
}
