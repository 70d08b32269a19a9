// Example values for the API's description, taken from a built store by asking the API itself:
// for each endpoint, a request whose every parameter has a value, chosen so that all of them
// sent together answer 200 with records, and that answer. Tools that make requests from the
// description (contract tests, consoles) then ask for records that exist.
//
// The values come from a few records, so that each endpoint's parameters agree with each other:
// a past fight (its day, division, event and first fighter; a cursor that opens on it), a past
// event, a title with a holder (the holder's name, division and the title's organization), the
// widest schedule, and the first part of the fights' export. Every choice follows from the store
// and the day alone, never from chance.
import { encodeCursor } from '../cursor.ts';
import { eachIdFilter, filterKey, ID_FILTERS } from '../endpoints/fight-filters.ts';
import { pathWith } from '../endpoints/endpoint.ts';
import { eventStatusOn } from '../endpoints/event-status.ts';
import { createHandler } from '../handler.ts';
import { MAX_SCHEDULE_DAYS } from '../limits.ts';
import { KEY_HEADER } from '../keys.ts';
import { ENDPOINTS, endpointNamed, type EndpointName } from '../registry.ts';
import { BASE_PATH } from '../routes.ts';
import type { Store } from '../../store/reader/store.ts';

/** An endpoint's example: a value for each of its parameters, as sent, and the answer to them all (none for a file, which is bytes). */
export interface Example {
  params: Readonly<Record<string, string>>;
  answer?: unknown;
}

/** Examples by endpoint name. */
export type Examples = ReadonlyMap<string, Example>;

/** Records a page of an example holds at most: enough to show a list, few enough to keep the description small. */
const PAGE_SIZE = 2;
/** The origin the examples are asked on; the answers name it only in URLs (the exports' parts; next_page, which they do not have). */
export const EXAMPLE_ORIGIN = 'https://boxing.example';
const KEY = 'example';

type Query = Record<string, string>;
interface Fight {
  id: string;
  date: string;
  division: { id: string };
  event: { id: string };
  fighters: { fighter_1: { fighter_id: string } };
}
interface Title {
  id: string;
  division: { id: string };
  organization: { id: string };
}
interface Fighter {
  id: string;
  name: string;
  division: { id: string };
}

const dayOf = (dateTime: string) => dateTime.slice(0, 10);

/**
 * Asks the API for `path` with `query` on `today`, as a client would, and gives the answer parsed
 * (`file`: checks only that it came); anything but a 200 is a fault of ours.
 */
function asker(store: Store, today: string) {
  // Answers are made at the start of the day: the same store and day give the same bytes.
  const handler = createHandler({ keys: [KEY], now: () => Date.parse(`${today}T00:00:00Z`) * 1000 });
  return async (path: string, query: Query = {}, file = false): Promise<unknown> => {
    const target = `${BASE_PATH}${path}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : ''}`;
    const response = await handler(new Request(`${EXAMPLE_ORIGIN}${target}`, { headers: { [KEY_HEADER]: KEY } }), store);
    if (response.status !== 200) throw new Error(`the example request ${target} answered ${response.status}: ${await response.text()}`);
    if (file) return void (await response.arrayBuffer());
    return JSON.parse(await response.text());
  };
}

/** Each endpoint's parameter values, from the records they are about. */
async function chooseParams(ask: (path: string, query?: Query) => Promise<unknown>, today: string): Promise<Map<string, Query>> {
  // A list endpoint's first page, asked at the registry's path for it.
  const list = async <T>(name: EndpointName, query: Query = {}) => {
    const endpoint = endpointNamed(name);
    if (endpoint === undefined) throw new Error(`the registry has no endpoint ${name}`);
    return (await ask(endpoint.path, query)) as { data: T[] };
  };
  const paging = { page_num: '1', page_size: String(PAGE_SIZE) };
  const chosen = new Map<string, Query>();
  // Each endpoint named as the registry names it.
  const choose = (name: EndpointName, params: Query) => void chosen.set(name, params);

  // The two newest fights up to today (the content's newest, if none is): the second, and a cursor that opens on it.
  let newest = (await list<Fight>('list_fights', { date_to: today, page_size: '2' })).data;
  if (newest.length === 0) newest = (await list<Fight>('list_fights', { page_size: '2' })).data;
  const fight = newest.at(-1);
  if (fight !== undefined) {
    const day = dayOf(fight.date);
    const filters = eachIdFilter((name) => ID_FILTERS[name].of(fight));
    // Newest first, the page after the newer fight holds this one: a cursor as next_page would give it (made
    // here, as every filter is set and they match this fight alone, so no answer has a next page).
    const after = newest[0];
    const cursor = encodeCursor({ after: [after.date, after.id], order: 'DESC', page: 2, filters: filterKey({ from: day, to: day, ...filters }), position: -1 });
    choose('list_fights', { ...paging, date: day, data_from: day, date_from: day, date_to: day, date_sort: 'DESC', ...filters, cursor });
    choose('get_fight', { fight_id: fight.id });
    choose('get_division', { division_id: fight.division.id });
  }
  const schedule = { days: String(MAX_SCHEDULE_DAYS), date_sort: 'DESC', ...paging };
  choose('fights_schedule', schedule);
  choose('events_schedule', schedule);

  // The newest finished event, whose status stays FINISHED on every later day (else the newest event).
  type Event = Pick<Fight, 'id' | 'date'>;
  const event =
    (await list<Event>('list_events', { status: 'FINISHED', page_size: '1' })).data[0] ?? (await list<Event>('list_events', { page_size: '1' })).data[0];
  if (event !== undefined) {
    const day = dayOf(event.date);
    choose('list_events', { ...paging, status: eventStatusOn(day, today), date: day, date_from: day, date_to: day, date_sort: 'DESC' });
    choose('get_event', { event_id: event.id });
  }

  // The first title, in the titles list's order, that a fighter holds, and its holder.
  const titles = (await list<Title>('list_titles')).data;
  let held: { title: Title; holder: Fighter } | undefined;
  for (const title of titles) {
    const [holder] = (await list<Fighter>('list_fighters', { title_id: title.id, page_size: '1' })).data;
    if (holder !== undefined) {
      held = { title, holder };
      break;
    }
  }
  const title = held?.title ?? titles[0];
  const fighter = held?.holder ?? (await list<Fighter>('list_fighters', { page_size: '1' })).data[0];
  if (fighter !== undefined) {
    const name = fighter.name.trim().split(/\s+/)[0];
    choose('list_fighters', { ...paging, name, division_id: fighter.division.id, ...(title && { title_id: title.id }) });
    choose('get_fighter', { fighter_id: fighter.id });
  }
  if (title !== undefined) {
    const where = { organization_id: title.organization.id, division_id: title.division.id };
    choose('list_titles', where);
    choose('get_title', { title_id: title.id });
    choose('get_organization', { organization_id: title.organization.id });
    choose('rankings', { page_num: '1', ...where });
    if (!chosen.has('get_division')) choose('get_division', { division_id: title.division.id });
  }
  choose('list_divisions', {});
  choose('list_organizations', {});

  // The first part of the first collection's export that has one: its path is the end of its URL.
  const exports = (await list<{ parts: Array<{ url: string }> }>('list_exports')).data;
  const first = exports.flatMap((e) => e.parts)[0];
  if (first !== undefined) {
    const [collection, part] = new URL(first.url).pathname.split('/').slice(-2);
    choose('get_export_part', { collection, part });
  }
  choose('list_exports', {});
  choose('health', {});
  return chosen;
}

/**
 * Every endpoint's example from the store, as the API answers on `today` (the build's day): the
 * parameters chosen, and the answer to the request that sends them all. An endpoint whose
 * records the store does not have (no fights at all) has no example.
 */
export async function examplesOf(store: Store, today: string): Promise<Examples> {
  const ask = asker(store, today);
  const chosen = await chooseParams(ask, today);
  const examples = new Map<string, Example>();
  for (const endpoint of ENDPOINTS) {
    const params = chosen.get(endpoint.name);
    if (params === undefined) continue;
    const query: Query = {};
    for (const [name, value] of Object.entries(params)) if (!endpoint.pathNames.has(name)) query[name] = value;
    const answer = await ask(pathWith(endpoint, params), query, endpoint.kind === 'file');
    examples.set(endpoint.name, endpoint.kind === 'file' ? { params } : { params, answer });
  }
  return examples;
}
