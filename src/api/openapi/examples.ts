// Example values for the API's description, taken from a built store by asking the API itself:
// for each endpoint, a request whose every parameter has a value, chosen so that all of them
// sent together answer 200 with records, and that answer. Tools that make requests from the
// description (contract tests, consoles) then ask for records that exist.
//
// This module picks a few records (see Picked in endpoints/example.ts): a past fight, a past
// event, a title with a holder, the first part of an export; each endpoint's registry entry makes
// its example's values from them (`example`), so its parameters agree with each other. Every
// choice follows from the store and the day alone, never from chance.
import type { Event, Fight, Fighter, Title } from '../../records/schemas.ts';
import { pathWith } from '../endpoints/endpoint.ts';
import type { Picked } from '../endpoints/example.ts';
import { createHandler } from '../handler.ts';
import { KEY_HEADER } from '../keys.ts';
import { ENDPOINTS, endpointNamed, type EndpointName } from '../registry.ts';
import { BASE_PATH } from '../routes.ts';
import type { Store } from '../../store/store.ts';
import { readHistory } from '../../store/changes/read.ts';
import { buildEndingAt, historyStart } from '../../store/changes/format.ts';
import { encodeChangesCursor, encodeSyncToken } from '../sync-token.ts';

/** An endpoint's example: a value for each of its parameters, as sent, and the answer to them all (none for a file, which is bytes). */
export interface Example {
  params: Readonly<Record<string, string>>;
  answer?: unknown;
}

/** Examples by endpoint name. */
export type Examples = ReadonlyMap<string, Example>;

/** Records a page of an example holds at most (see Picked's pageSize). */
const PAGE_SIZE = 2;
/** The origin the examples are asked on; the answers name it only in URLs (the exports' parts; next_page, which they do not have). */
export const EXAMPLE_ORIGIN = 'https://boxing.example';
const KEY = 'example';

type Query = Record<string, string>;

/**
 * Asks the API for `path` with `query` on `today`, as a client would, and gives the answer parsed
 * (`file`: checks only that it came); anything but a 200 is a fault of ours.
 */
function asker(store: Store, today: string) {
  // Answers are made at the start of the day: the same store and day give the same bytes.
  const handler = createHandler({ keys: [KEY], now: () => Date.parse(`${today}T00:00:00Z`) * 1000 });
  return async (path: string, query: Query = {}, file = false): Promise<unknown> => {
    const target = `${BASE_PATH}${path}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : ''}`;
    const response = await handler(
      new Request(`${EXAMPLE_ORIGIN}${target}`, { headers: { [KEY_HEADER]: KEY } }),
      store,
    );
    if (response.status !== 200)
      throw new Error(`the example request ${target} answered ${response.status}: ${await response.text()}`);
    if (file) return void (await response.arrayBuffer());
    return JSON.parse(await response.text());
  };
}

/** The records the examples are made from (see Picked), each asked of the API. */
async function pickRecords(ask: (path: string, query?: Query) => Promise<unknown>, today: string): Promise<Picked> {
  // A list endpoint's first page, asked at the registry's path for it.
  const list = async <T>(name: EndpointName, query: Query = {}) => {
    const endpoint = endpointNamed(name);
    if (endpoint === undefined) throw new Error(`the registry has no endpoint ${name}`);
    return (await ask(endpoint.path, query)) as { data: T[] };
  };
  const picked: Picked = { today, pageSize: PAGE_SIZE };

  // The two newest fights up to today (the content's newest, if none is): the second, and the one just newer.
  let newest = (await list<Fight>('list_fights', { date_to: today, page_size: '2' })).data;
  if (newest.length === 0) newest = (await list<Fight>('list_fights', { page_size: '2' })).data;
  const fight = newest.at(-1);
  if (fight !== undefined) picked.fight = { fight, newer: newest[0] };

  // The newest finished event, whose status stays FINISHED on every later day (else the newest event).
  picked.event =
    (await list<Event>('list_events', { status: 'FINISHED', page_size: '1' })).data[0] ??
    (await list<Event>('list_events', { page_size: '1' })).data[0];

  // The first title, in the titles list's order, that a fighter holds, and its holder.
  const titles = (await list<Title>('list_titles')).data;
  for (const title of titles) {
    const [holder] = (await list<Fighter>('list_fighters', { title_id: title.id, page_size: '1' })).data;
    if (holder !== undefined) {
      [picked.title, picked.fighter] = [title, holder];
      break;
    }
  }
  picked.title ??= titles[0];
  picked.fighter ??= (await list<Fighter>('list_fighters', { page_size: '1' })).data[0];

  // The first part of the first collection's export that has one: its path is the end of its URL.
  const exports = (await list<{ parts: Array<{ url: string }> }>('list_exports')).data;
  const first = exports.flatMap((e) => e.parts)[0];
  if (first !== undefined) {
    const [collection, part] = new URL(first.url).pathname.split('/').slice(-2);
    picked.exportPart = { collection, part };
  }
  return picked;
}

/**
 * Every endpoint's example from the store, as the API answers on `today` (the build's day): the
 * parameters chosen, and the answer to the request that sends them all. An endpoint whose
 * records the store does not have (no fights at all) has no example.
 */
export async function examplesOf(store: Store, today: string): Promise<Examples> {
  const ask = asker(store, today);
  const picked = await pickRecords(ask, today);
  // The changes kept since the history's start: a token to it, and the next page's cursor, as next_page would give it.
  const history = await readHistory(store);
  const start = historyStart(history);
  const build = buildEndingAt(history, start)!;
  picked.changes = {
    since: encodeSyncToken({ history: history.history, position: start, build }),
    cursor: encodeChangesCursor({
      history: history.history,
      since: start,
      build,
      at: Math.min(history.total, start + picked.pageSize),
      page: 2,
    }),
  };
  const examples = new Map<string, Example>();
  for (const endpoint of ENDPOINTS) {
    const params = endpoint.example(picked);
    if (params === undefined) continue;
    const query: Query = {};
    for (const [name, value] of Object.entries(params)) if (!endpoint.pathNames.has(name)) query[name] = value;
    const answer = await ask(pathWith(endpoint, params), query, endpoint.kind === 'file');
    examples.set(endpoint.name, endpoint.kind === 'file' ? { params } : { params, answer });
  }
  return examples;
}
