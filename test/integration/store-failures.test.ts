// A store read that fails is never an answer: every endpoint answers 503 ServiceUnavailable when
// the origin fails, and 500 InternalError when a file that the store's own indexes name is
// missing or short. Never a 200, never cacheable. The store here is the test build behind an
// origin that fails on purpose for the paths matching a pattern.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFunction } from '../../src/hosts/netlify/functions.ts';
import { folderOrigin } from '../../src/hosts/node/folder-origin.ts';
import { originStore } from '../../src/store/origin.ts';
import type { Store } from '../../src/store/store.ts';
import { ErrorEnvelope } from '../../src/api/schemas.ts';
import { directClient } from '../helpers/handler.ts';
import { builtSite } from '../helpers/site.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');

/** 502 / thrown fetch: the origin failed. 404: the file is gone. short: the last record of the file is cut off. */
type Fault = 'status' | 'throw' | 'missing' | 'short';

function faultyStore(pattern: RegExp, fault: Fault | null, seen: string[] = []): Store {
  const context = folderOrigin(builtSite());
  return originStore(async (path, signal) => {
    seen.push(path);
    const healthy = () => context.next(new Request(new URL(path, 'http://local'), { signal }));
    if (fault === null || !pattern.test(path)) return healthy();
    if (fault === 'throw') throw new TypeError('fetch failed');
    if (fault === 'status') return new Response('Bad Gateway', { status: 502 });
    if (fault === 'missing') return new Response('Not Found', { status: 404 });
    const text = await (await healthy()).text();
    return new Response(text.split('\n').slice(0, -1).join('\n'));
  }, 2_000);
}

const RECORDS = /\/records\//;
const HEADS = /\/head\.ndjson$/;
const INDEX = /\/index\.txt$/;
const PACKS = /\/(sorted|scheduled)\/.*\.pack$/;
const DIVISION_PACKS = /\/sorted\/welterweight\/.*\.pack$/;
const WHOLE = /\/by-(event|fighter|title)\//;
const SEARCH_HEADS = /\/search\/heads\//;
const CARRIED = /\/search\/carried\//;
const FIGHTER_PACKS = /\/fighters\/sorted\/_\/.*\.pack$/;
const ALL = /\/all\.pack$/;

let ids: { fight: string; event: string; fighter: string; boxer: string; title: string; cursorStep: string };

beforeAll(async () => {
  const call = directClient(NOW);
  const fight = (await call('/v2/fights/')).body.data[0];
  const next = new URL((await call('/v2/fights/?date_sort=ASC&page_size=5')).body.pagination.next_page);
  ids = {
    fight: fight.id,
    event: fight.event.id,
    fighter: (await call('/v2/fighters/')).body.data[0].id,
    boxer: fight.fighters.fighter_1.fighter_id,
    title: (await call('/v2/titles/')).body.data[0].id,
    cursorStep: next.pathname + next.search,
  };
});

const withIds = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: keyof typeof ids) => ids[name]);

let logged: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => logged.mockClear());
afterAll(() => logged.mockRestore());

/** [what, path, files to fail]: every endpoint kind and every kind of file it reads. {name} is an id from the build. */
const READ_FAILURES: Array<[string, string, RegExp]> = [
  ['get-one fight', '/v2/fights/{fight}', RECORDS],
  ['get-one fight: the index', '/v2/fights/{fight}', INDEX],
  ['get-one division', '/v2/divisions/heavyweight', ALL],
  ['fights head', '/v2/fights/', HEADS],
  ['events head', '/v2/events/?page_num=2', HEADS],
  ['fighters head', '/v2/fighters/', HEADS],
  ['fighters past the last page', '/v2/fighters/?page_num=9999', INDEX],
  ['fights date range: index', '/v2/fights/?data_from=2015-01-01&date_to=2016-12-31', INDEX],
  ['fights date range: packs', '/v2/fights/?data_from=2015-01-01&date_to=2016-12-31', PACKS],
  ['fights ascending: index', '/v2/fights/?date_sort=ASC', INDEX],
  ['fights by division: index', '/v2/fights/?division_id=welterweight', INDEX],
  ['fights by division: chunks', '/v2/fights/?division_id=welterweight', DIVISION_PACKS],
  ['fights by event', '/v2/fights/?event_id={event}', WHOLE],
  ['fights by fighter', '/v2/fights/?fighter_id={boxer}', WHOLE],
  ['fights cursor step', '{cursorStep}', PACKS],
  ['fights schedule', '/v2/fights/schedule?days=3650', PACKS],
  ['events schedule', '/v2/events/schedule?days=3650', INDEX],
  ['events by status', '/v2/events/?status=FINISHED', PACKS],
  ['fighters page 5', '/v2/fighters/?page_num=5', PACKS],
  ['fighters by name (short): the head', '/v2/fighters/?name=a', SEARCH_HEADS],
  ["fighters by name (short, in many): the fighters' list", '/v2/fighters/?name=a', FIGHTER_PACKS],
  ['fighters by name (short, in few): the carried list', '/v2/fighters/?name=mar', CARRIED],
  ['fighters by name (long): the heads', '/v2/fighters/?name=mart', SEARCH_HEADS],
  ['fighters by name (long): records', '/v2/fighters/?name=mart', CARRIED],
  ['fighters by title', '/v2/fighters/?title_id={title}', WHOLE],
  ['fighters by division', '/v2/fighters/?division_id=welterweight', DIVISION_PACKS],
  ['rankings', '/v2/rankings/', /\/rankings\/pages\//],
  ['rankings by division', '/v2/rankings/?division_id=heavyweight', /\/rankings\/divisions\//],
  ['titles', '/v2/titles/', ALL],
  ['titles filtered', '/v2/titles/?organization_id=wbc', /\/titles\/by\//],
  ['divisions', '/v2/divisions/', ALL],
  ['organizations', '/v2/organizations/', ALL],
];

/** [what, path, files an index names]: a missing or short one is our own error, never a shorter page. */
const BROKEN_STORE: Array<[string, string, RegExp, Fault]> = [
  ['fights by division: a chunk', '/v2/fights/?division_id=welterweight', DIVISION_PACKS, 'missing'],
  ['fights by division: a short chunk', '/v2/fights/?division_id=welterweight&page_size=100', DIVISION_PACKS, 'short'],
  ['fighters by name (long): a carried pack', '/v2/fighters/?name=mart', CARRIED, 'missing'],
  ['fighters by name (short, in few): a carried pack', '/v2/fighters/?name=mar&page_num=2', CARRIED, 'missing'],
  ['fighters by name (short, in few): a short carried pack', '/v2/fighters/?name=mar', CARRIED, 'short'],
  [
    "fighters by name (short, in many): a short pack of the fighters' list",
    '/v2/fighters/?name=a&page_num=41',
    FIGHTER_PACKS,
    'short',
  ],
  ['fighters by name: a short head', '/v2/fighters/?name=a', SEARCH_HEADS, 'short'],
  ['fights date range: the index', '/v2/fights/?data_from=2015-01-01&date_to=2016-12-31', INDEX, 'missing'],
  ['fights date range: a pack', '/v2/fights/?data_from=2015-01-01&date_to=2016-12-31', PACKS, 'missing'],
  [
    'fights date range: a short pack',
    '/v2/fights/?data_from=2015-01-01&date_to=2016-12-31&page_size=100',
    PACKS,
    'short',
  ],
  ['fights cursor step: a pack', '{cursorStep}', PACKS, 'missing'],
  ['fights cursor step: a short pack', '{cursorStep}', PACKS, 'short'],
  ['events schedule: a short pack', '/v2/events/schedule?days=3650&page_size=100', PACKS, 'short'],
  ['fighters page 5: a pack', '/v2/fighters/?page_num=5', PACKS, 'missing'],
  ['fights ascending: the index', '/v2/fights/?date_sort=ASC', INDEX, 'missing'],
  ['fights date range: a short index', '/v2/fights/?data_from=2015-01-01&date_to=2016-12-31', INDEX, 'short'],
  ['fighters past the last page: the index', '/v2/fighters/?page_num=9999', INDEX, 'missing'],
  ['fights head: short', '/v2/fights/', HEADS, 'short'],
  ['divisions: the list', '/v2/divisions/', ALL, 'missing'],
  ['titles: the list', '/v2/titles/', ALL, 'missing'],
];

async function expectError(
  response: Awaited<ReturnType<ReturnType<typeof directClient>>>,
  status: number,
  name: string,
) {
  expect(response.status).toBe(status);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('etag')).toBeNull();
  ErrorEnvelope.parse(response.body);
  expect(response.body.error).toMatchObject({ name, status });
  expect(response.text).not.toMatch(/at .*\.ts:\d+/);
}

describe('a store read that fails answers 503 ServiceUnavailable', () => {
  it.each(READ_FAILURES)('%s', async (what, template, pattern) => {
    const path = withIds(template);
    const seen: string[] = [];
    // The request reads a file the fault applies to; healthy, it is a 200.
    expect((await directClient(NOW, faultyStore(pattern, null, seen))(path)).status, what).toBe(200);
    expect(
      seen.some((p) => pattern.test(p)),
      `${what} reads ${pattern}`,
    ).toBe(true);
    for (const fault of ['status', 'throw'] as const) {
      await expectError(await directClient(NOW, faultyStore(pattern, fault))(path), 503, 'ServiceUnavailable');
      // HEAD fails the same way, without a body.
      const head = await directClient(NOW, faultyStore(pattern, fault))(path, { method: 'HEAD' });
      expect([head.status, head.headers.get('cache-control'), head.text]).toEqual([503, 'no-store', '']);
    }
  });
});

describe('a store whose index names a file it cannot give answers 500 InternalError', () => {
  it.each(BROKEN_STORE)('%s', async (what, template, pattern, fault) => {
    const path = withIds(template);
    const seen: string[] = [];
    expect((await directClient(NOW, faultyStore(pattern, null, seen))(path)).status, what).toBe(200);
    expect(
      seen.some((p) => pattern.test(p)),
      `${what} reads ${pattern}`,
    ).toBe(true);
    logged.mockClear();
    await expectError(await directClient(NOW, faultyStore(pattern, fault))(path), 500, 'InternalError');
    // Logged once, as one line: however many files are missing, no stack trace per record.
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toMatch(/^StoreInconsistent: .*\/store\//);
    expect(String(logged.mock.calls[0][0])).not.toContain('\n');
  });

  it('an id that no pack holds is the ordinary 404', async () => {
    const response = await directClient(NOW)('/v2/fights/fight-no-such-id');
    expect(response.status).toBe(404);
    expect(response.body.error.name).toBe('NotFound');
  });

  it('a filter id with no list of its own is still an empty 200', async () => {
    const response = await directClient(NOW)('/v2/fights/?event_id=no-such-event');
    expect([response.status, response.body.data]).toEqual([200, []]);
  });
});

describe('the edge function over a failing origin', () => {
  const KEY = 'edge-key';
  const edge = apiFunction({ get: (name) => (name === 'API_KEYS' ? KEY : undefined) }, 100);
  const call = async (path: string, next: (request: Request) => Promise<Response>) => {
    const response = await edge(new Request(`https://edge.test${path}`, { headers: { 'x-gateway-key': KEY } }), {
      next,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
  };
  const answers500 = async () => new Response('oops', { status: 500 });
  const throws = async (): Promise<Response> => {
    throw new TypeError('network error');
  };
  const hangs = () => new Promise<Response>(() => {});

  for (const [name, next] of [
    ['answers 500', answers500],
    ['throws', throws],
    ['never answers', hangs],
  ] as const)
    for (const path of ['/v2/fights/fight-000001', '/v2/fights/', '/v2/fighters/?name=ali'])
      it(`GET ${path} when the origin ${name} is a 503`, async () => {
        await expectError(await call(path, next), 503, 'ServiceUnavailable');
      }, 3_000);

  it('GET of a record when the origin has no store at all (every file 404) is our own error, not a 404', async () => {
    logged.mockClear();
    const response = await call('/v2/fights/fight-000001', async () => new Response('Not Found', { status: 404 }));
    await expectError(response, 500, 'InternalError');
  });

  it('reads files through the origin as before', async () => {
    const context = folderOrigin(builtSite());
    const response = await call(`/v2/fights/${ids.fight}`, (r) => context.next(r));
    expect([response.status, response.body.data.id]).toEqual([200, ids.fight]);
  });
});

describe('the local origin (dist context)', () => {
  const next = (path: string) => folderOrigin(builtSite()).next(new Request(`http://local${path}`));

  it('answers 404 only for a file that does not exist', async () => {
    expect((await next('/store/divisions/no-such.json')).status).toBe(404);
    expect((await next('/store/divisions/all.pack/under-a-file')).status).toBe(404);
    expect((await next('/../outside.json')).status).toBe(404);
    expect((await next('/store/divisions/all.pack')).status).toBe(200);
  });

  it('answers 500 when a path cannot be read for another reason', async () => {
    expect((await next('/store/divisions')).status).toBe(500);
  });
});
