// The query mix: every kind of request the API answers but a file's download, from the data itself. Each is held to its
// endpoint's read budget (src/api/budget/budget.ts): the benchmark reports against it, a test holds it.
import { HEAD_SIZE, paths } from '../../src/store/layout.ts';
import { buildEndingAt, historyStart, readHistoryIndex } from '../../src/store/changes/format.ts';
import { linesOf } from '../../src/store/lists/format.ts';
import { readKeyed } from '../../src/store/pack/format.ts';
import { encodeSyncToken } from '../../src/api/sync-token.ts';
import { readHeadPage } from '../../src/store/lists/read.ts';
import type { Store } from '../../src/store/store.ts';
import { route } from '../../src/api/registry.ts';
import type { ReadBudget } from '../../src/api/budget/budget.ts';

export interface MixQuery {
  name: string;
  path: string;
  /** A page of its list's head (the default view's first records), which its endpoint's budget prices apart. */
  head?: true;
}

/** The budget a query of the mix is held to: its endpoint's, or its endpoint's for a page of the head. */
export function budgetOf(q: MixQuery): ReadBudget {
  const routed = route(new URL(q.path, 'http://any').pathname);
  if (routed === null) throw new Error(`no endpoint answers ${q.path}`);
  const { budget } = routed.endpoint;
  if (q.head && !budget.head) throw new Error(`${routed.endpoint.name} has no head, though ${q.name} reads one`);
  return q.head ? budget.head! : budget;
}

type Call = (path: string) => Promise<{ pagination?: { next_page?: string | null; total_items: number } }>;

const relative = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

async function lines(store: Store, path: string) {
  const text = await store.read(path);
  if (text === null) throw new Error(`the store has no ${path}`);
  return linesOf(text);
}

/** Builds the mix from the data itself: real ids, a real name, days that have fights. */
export async function queryMix(store: Store, call: Call): Promise<MixQuery[]> {
  // The heads' records (see HEAD_SIZE), as the API reads them.
  const head = (resource: 'fights' | 'events' | 'fighters') =>
    readHeadPage(store, resource, 0, HEAD_SIZE).then((page) => page!.records);
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
  // A token from the start of the history the store keeps: the most changes a sync is given.
  const history = readHistoryIndex((await store.read(paths.changesIndex))!);
  const sinceStart = encodeSyncToken({
    history: history.history,
    position: historyStart(history),
    build: buildEndingAt(history, historyStart(history))!,
  });
  const total = (await call('/v2/fights/')).pagination!.total_items;
  const fighterTotal = (await call('/v2/fighters/')).pagination!.total_items;
  const corner = fight.fighters.fighter_1.fighter_id;
  const day = fight.date.slice(0, 10);
  const year = Number(day.slice(0, 4));
  const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const longName = fold(fighter.name.split(' ').pop()).slice(0, 7);
  // The start of a nickname's (most are "The ..."): a long needle whose first four characters
  // many fighters hold, the long search's costliest case.
  const nicknamed = fightersHead
    .map((text) => JSON.parse(text))
    .find((f: { nickname: string | null }) => f.nickname !== null);
  const nicknameStart = fold(nicknamed?.nickname ?? fighter.name).slice(0, 5);
  const deepest = Math.min(400, Math.ceil(total / 25));

  const mix: MixQuery[] = [
    { name: 'fights list', path: '/v2/fights/', head: true },
    { name: 'fights page 2', path: '/v2/fights/?page_num=2', head: true },
    { name: 'fights page 400', path: `/v2/fights/?page_num=${deepest}` },
    { name: 'fights ASC, page_size 100', path: '/v2/fights/?date_sort=ASC&page_size=100' },
    { name: 'fights date', path: `/v2/fights/?date=${day}` },
    { name: 'fights date range', path: `/v2/fights/?data_from=${year - 5}-01-01&date_to=${year - 1}-12-31` },
    { name: 'fights date_from, ASC', path: `/v2/fights/?date_from=${year - 3}-06-01&date_sort=ASC&page_num=3` },
    { name: 'fights division', path: '/v2/fights/?division_id=welterweight' },
    {
      name: 'fights division + range',
      path: `/v2/fights/?division_id=middleweight&data_from=${year - 10}-01-01&date_to=${year}-12-31&page_num=3`,
    },
    {
      name: 'fights division + range, ASC 100',
      path: `/v2/fights/?division_id=lightweight&data_from=${year - 8}-01-01&date_to=${year - 2}-12-31&date_sort=ASC&page_size=100&page_num=2`,
    },
    { name: 'fights deep page, filtered', path: '/v2/fights/?division_id=lightweight&page_size=100&page_num=40' },
    { name: 'fights event', path: `/v2/fights/?event_id=${fight.event.id}` },
    { name: 'fights event + fighter', path: `/v2/fights/?event_id=${fight.event.id}&fighter_id=${corner}` },
    { name: 'fights fighter', path: `/v2/fights/?fighter_id=${corner}` },
    {
      name: 'fights fighter + division + range',
      path: `/v2/fights/?fighter_id=${corner}&division_id=${fight.division.id}&data_from=2000-01-01&date_to=${day}`,
    },
    {
      name: 'fights past the last page',
      path: `/v2/fights/?page_size=100&page_num=${Math.min(100, Math.ceil(total / 100) + 1)}`,
    },
    { name: 'fight by id', path: `/v2/fights/${fight.id}` },
    { name: 'events list', path: '/v2/events/', head: true },
    { name: 'events status FINISHED', path: '/v2/events/?status=FINISHED&page_num=20' },
    { name: 'events status NOT_STARTED, ASC', path: '/v2/events/?status=NOT_STARTED&date_sort=ASC' },
    { name: 'events status LIVE', path: '/v2/events/?status=LIVE' },
    {
      name: 'events date range',
      path: `/v2/events/?date_from=${year - 2}-01-01&date_to=${year - 2}-12-31&page_size=100`,
    },
    { name: 'events past the last page', path: '/v2/events/?page_num=1000000' },
    { name: 'event by id', path: `/v2/events/${event.id}` },
    { name: 'fights schedule', path: '/v2/fights/schedule' },
    {
      name: 'fights schedule 10 years, ASC',
      path: '/v2/fights/schedule?days=3650&date_sort=ASC&page_num=4&page_size=100',
    },
    { name: 'events schedule', path: '/v2/events/schedule?days=90&page_size=100' },
    { name: 'fighters list', path: '/v2/fighters/', head: true },
    { name: 'fighters last page', path: `/v2/fighters/?page_num=${Math.ceil(fighterTotal / 25)}` },
    { name: 'fighters page_size 100', path: '/v2/fighters/?page_size=100&page_num=3' },
    { name: 'fighters division', path: '/v2/fighters/?division_id=welterweight&page_num=5' },
    { name: 'fighters title', path: `/v2/fighters/?title_id=${heldTitle}` },
    { name: 'fighters title + name', path: `/v2/fighters/?title_id=${heldTitle}&name=a` },
    { name: 'fighters name (1 letter)', path: '/v2/fighters/?name=a&page_num=10' },
    { name: 'fighters name (2 letters), 100', path: '/v2/fighters/?name=ez&page_size=100' },
    { name: 'fighters name (3 letters) + division', path: '/v2/fighters/?name=ron&division_id=lightweight' },
    { name: 'fighters name (long)', path: `/v2/fighters/?name=${encodeURIComponent(longName)}` },
    {
      name: 'fighters name (long) + division',
      path: `/v2/fighters/?name=${encodeURIComponent(longName)}&division_id=${fighter.division.id}`,
    },
    {
      name: "fighters name (a nickname's start)",
      path: `/v2/fighters/?name=${encodeURIComponent(nicknameStart)}&page_size=100`,
    },
    { name: 'fighters name past the end', path: '/v2/fighters/?name=e&page_num=100000' },
    { name: 'fighter by id', path: `/v2/fighters/${fighter.id}` },
    { name: 'divisions list', path: '/v2/divisions/' },
    { name: 'division by id', path: '/v2/divisions/welterweight' },
    { name: 'organizations list', path: '/v2/organizations/' },
    { name: 'organization by id', path: '/v2/organizations/wbc' },
    { name: 'titles list', path: '/v2/titles/' },
    { name: 'titles filter', path: '/v2/titles/?organization_id=wba&division_id=heavyweight' },
    { name: 'title by id', path: `/v2/titles/${title.id}` },
    { name: 'rankings list', path: '/v2/rankings/' },
    { name: 'rankings page + organization', path: '/v2/rankings/?page_num=9&organization_id=ibf' },
    { name: 'rankings division', path: '/v2/rankings/?division_id=middleweight' },
    { name: 'exports list', path: '/v2/exports/' },
    { name: 'changes: the token to start from', path: '/v2/changes/' },
    { name: "changes since the kept history's start, 100", path: `/v2/changes/?since=${sinceStart}&page_size=100` },
    { name: 'health', path: '/v2/health' },
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
    [
      'fights cursor step, date range',
      `/v2/fights/?data_from=${year - 5}-01-01&date_to=${year - 1}-12-31&page_size=50`,
    ],
    ['fights cursor step, fighter', `/v2/fights/?fighter_id=${corner}&page_size=1`],
  ];
  for (const [name, from] of cursors) mix.push({ name, path: await next(from) });
  return mix;
}
