// The benchmark's query mix: every kind of request the API answers, each with the read budget
// the store is designed for. The benchmark reports against it; a test holds every query to it.
import { HEAD_SIZE, linesOf, paths, readKeyed } from '../../src/store/layout.ts';
import { readHeadPage } from '../../src/store/reader/lists.ts';
import type { Store } from '../../src/store/reader/store.ts';
import type { ReadStats } from './reads.ts';

/**
 * one: a single read (a list's head, rankings, titles, divisions, organizations).
 * list: at most 4 reads in at most 2 sequential rounds (get-one, every other list request, a name
 * search, a cursor step).
 * Every query reads at most MAX_BYTES in all.
 */
export type Budget = 'one' | 'list';

/** The most a request reads from the store, in all. */
export const MAX_BYTES = 1 << 20;

export interface MixQuery {
  name: string;
  path: string;
  budget: Budget;
}

/** Why a query's reads break its budget, or null. */
export function overBudget(q: MixQuery, stats: ReadStats): string | null {
  if (stats.repeated.length > 0) return `read ${stats.repeated.join(', ')} twice`;
  const [reads, rounds] = q.budget === 'one' ? [1, 1] : [4, 2];
  if (stats.reads > reads || stats.rounds > rounds)
    return `${stats.reads} reads in ${stats.rounds} rounds (budget: ${reads} reads, ${rounds} rounds)`;
  if (stats.bytes > MAX_BYTES) return `${stats.bytes} bytes read (budget: ${MAX_BYTES})`;
  return null;
}

type Call = (path: string) => Promise<{ pagination?: { next_page?: string | null; total_items: number } }>;

const relative = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

async function lines(store: Store, path: string) {
  const text = await store.read(path);
  if (text === null) throw new Error(`the benchmark data has no ${path}`);
  return linesOf(text);
}

/** Builds the mix from the data itself: real ids, a real name, days that have fights. */
export async function queryMix(store: Store, call: Call): Promise<MixQuery[]> {
  // The heads' records (see HEAD_SIZE), as the API reads them.
  const head = (resource: 'fights' | 'events' | 'fighters') => readHeadPage(store, resource, 0, HEAD_SIZE).then((page) => page!.records);
  const [fightsHead, fightersHead, eventsHead, titles, rankings] = await Promise.all([
    head('fights'),
    head('fighters'),
    head('events'),
    store.read(paths.all('titles')).then((text) => readKeyed(text!).all()),
    lines(store, paths.rankingsPage(7, null)),
  ]);
  const fight = JSON.parse(fightsHead[3]);
  const event = JSON.parse(eventsHead[50]);
  const fighter = JSON.parse(fightersHead[25]);
  const title = JSON.parse(titles[0][1]);
  const champion = JSON.parse(rankings[1]).champions.find((c: { fighter_id: string | null }) => c.fighter_id !== null);
  const heldTitle = champion ? JSON.parse(rankings[1]).title_ids[champion.title_type] : title.id;
  const total = (await call('/v2/fights/')).pagination!.total_items;
  const fighterTotal = (await call('/v2/fighters/')).pagination!.total_items;
  const corner = fight.fighters.fighter_1.fighter_id;
  const day = fight.date.slice(0, 10);
  const year = Number(day.slice(0, 4));
  const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const longName = fold(fighter.name.split(' ').pop()).slice(0, 7);
  // The start of a nickname's (most are "The ..."): a long needle whose first four characters
  // many fighters hold, the long search's costliest case.
  const nicknamed = fightersHead.map((text) => JSON.parse(text)).find((f: { nickname: string | null }) => f.nickname !== null);
  const nicknameStart = fold(nicknamed?.nickname ?? fighter.name).slice(0, 5);
  const deepest = Math.min(400, Math.ceil(total / 25));

  const mix: MixQuery[] = [
    { name: 'fights list', path: '/v2/fights/', budget: 'one' },
    { name: 'fights page 2', path: '/v2/fights/?page_num=2', budget: 'one' },
    { name: 'fights page 400', path: `/v2/fights/?page_num=${deepest}`, budget: 'list' },
    { name: 'fights ASC, page_size 100', path: '/v2/fights/?date_sort=ASC&page_size=100', budget: 'list' },
    { name: 'fights date', path: `/v2/fights/?date=${day}`, budget: 'list' },
    { name: 'fights date range', path: `/v2/fights/?data_from=${year - 5}-01-01&date_to=${year - 1}-12-31`, budget: 'list' },
    { name: 'fights date_from, ASC', path: `/v2/fights/?date_from=${year - 3}-06-01&date_sort=ASC&page_num=3`, budget: 'list' },
    { name: 'fights division', path: '/v2/fights/?division_id=welterweight', budget: 'list' },
    { name: 'fights division + range', path: `/v2/fights/?division_id=middleweight&data_from=${year - 10}-01-01&date_to=${year}-12-31&page_num=3`, budget: 'list' },
    { name: 'fights division + range, ASC 100', path: `/v2/fights/?division_id=lightweight&data_from=${year - 8}-01-01&date_to=${year - 2}-12-31&date_sort=ASC&page_size=100&page_num=2`, budget: 'list' },
    { name: 'fights deep page, filtered', path: '/v2/fights/?division_id=lightweight&page_size=100&page_num=40', budget: 'list' },
    { name: 'fights event', path: `/v2/fights/?event_id=${fight.event.id}`, budget: 'list' },
    { name: 'fights event + fighter', path: `/v2/fights/?event_id=${fight.event.id}&fighter_id=${corner}`, budget: 'list' },
    { name: 'fights fighter', path: `/v2/fights/?fighter_id=${corner}`, budget: 'list' },
    { name: 'fights fighter + division + range', path: `/v2/fights/?fighter_id=${corner}&division_id=${fight.division.id}&data_from=2000-01-01&date_to=${day}`, budget: 'list' },
    { name: 'fights past the last page', path: `/v2/fights/?page_size=100&page_num=${Math.min(100, Math.ceil(total / 100) + 1)}`, budget: 'list' },
    { name: 'fight by id', path: `/v2/fights/${fight.id}`, budget: 'list' },
    { name: 'events list', path: '/v2/events/', budget: 'one' },
    { name: 'events status FINISHED', path: '/v2/events/?status=FINISHED&page_num=20', budget: 'list' },
    { name: 'events status NOT_STARTED, ASC', path: '/v2/events/?status=NOT_STARTED&date_sort=ASC', budget: 'list' },
    { name: 'events status LIVE', path: '/v2/events/?status=LIVE', budget: 'list' },
    { name: 'events date range', path: `/v2/events/?date_from=${year - 2}-01-01&date_to=${year - 2}-12-31&page_size=100`, budget: 'list' },
    { name: 'events past the last page', path: '/v2/events/?page_num=1000000', budget: 'list' },
    { name: 'event by id', path: `/v2/events/${event.id}`, budget: 'list' },
    { name: 'fights schedule', path: '/v2/fights/schedule', budget: 'list' },
    { name: 'fights schedule 10 years, ASC', path: '/v2/fights/schedule?days=3650&date_sort=ASC&page_num=4&page_size=100', budget: 'list' },
    { name: 'events schedule', path: '/v2/events/schedule?days=90&page_size=100', budget: 'list' },
    { name: 'fighters list', path: '/v2/fighters/', budget: 'one' },
    { name: 'fighters last page', path: `/v2/fighters/?page_num=${Math.ceil(fighterTotal / 25)}`, budget: 'list' },
    { name: 'fighters page_size 100', path: '/v2/fighters/?page_size=100&page_num=3', budget: 'list' },
    { name: 'fighters division', path: '/v2/fighters/?division_id=welterweight&page_num=5', budget: 'list' },
    { name: 'fighters title', path: `/v2/fighters/?title_id=${heldTitle}`, budget: 'list' },
    { name: 'fighters title + name', path: `/v2/fighters/?title_id=${heldTitle}&name=a`, budget: 'list' },
    { name: 'fighters name (1 letter)', path: '/v2/fighters/?name=a&page_num=10', budget: 'list' },
    { name: 'fighters name (2 letters), 100', path: '/v2/fighters/?name=ez&page_size=100', budget: 'list' },
    { name: 'fighters name (3 letters) + division', path: '/v2/fighters/?name=ron&division_id=lightweight', budget: 'list' },
    { name: 'fighters name (long)', path: `/v2/fighters/?name=${encodeURIComponent(longName)}`, budget: 'list' },
    { name: 'fighters name (long) + division', path: `/v2/fighters/?name=${encodeURIComponent(longName)}&division_id=${fighter.division.id}`, budget: 'list' },
    { name: "fighters name (a nickname's start)", path: `/v2/fighters/?name=${encodeURIComponent(nicknameStart)}&page_size=100`, budget: 'list' },
    { name: 'fighters name past the end', path: '/v2/fighters/?name=e&page_num=100000', budget: 'list' },
    { name: 'fighter by id', path: `/v2/fighters/${fighter.id}`, budget: 'list' },
    { name: 'divisions list', path: '/v2/divisions/', budget: 'one' },
    { name: 'division by id', path: '/v2/divisions/welterweight', budget: 'one' },
    { name: 'organizations list', path: '/v2/organizations/', budget: 'one' },
    { name: 'organization by id', path: '/v2/organizations/wbc', budget: 'one' },
    { name: 'titles list', path: '/v2/titles/', budget: 'one' },
    { name: 'titles filter', path: '/v2/titles/?organization_id=wba&division_id=heavyweight', budget: 'one' },
    { name: 'title by id', path: `/v2/titles/${title.id}`, budget: 'one' },
    { name: 'rankings list', path: '/v2/rankings/', budget: 'one' },
    { name: 'rankings page + organization', path: '/v2/rankings/?page_num=9&organization_id=ibf', budget: 'one' },
    { name: 'rankings division', path: '/v2/rankings/?division_id=middleweight', budget: 'one' },
  ];

  // Cursor steps: the requests behind next_page of pages reached by number.
  const next = async (path: string) => {
    const url = (await call(path)).pagination?.next_page;
    if (!url) throw new Error(`${path} has no next_page`);
    return relative(url);
  };
  const cursors: Array<[string, string]> = [
    // Beyond offset 10,000 on a large dataset; from the page before the last on a small one.
    ['fights cursor step (beyond 10,000)', `/v2/fights/?page_num=${Math.min(deepest, Math.ceil(total / 25) - 1)}`],
    ['fights cursor step, division ASC 100', `/v2/fights/?division_id=lightweight&date_sort=ASC&page_size=100`],
    ['fights cursor step, date range', `/v2/fights/?data_from=${year - 5}-01-01&date_to=${year - 1}-12-31&page_size=50`],
    ['fights cursor step, fighter', `/v2/fights/?fighter_id=${corner}&page_size=1`],
  ];
  for (const [name, from] of cursors) mix.push({ name, path: await next(from), budget: 'list' });
  return mix;
}
