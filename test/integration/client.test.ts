// The typed client (client/) against the preview server: every method answers what the same
// request over plain HTTP answers, exports walk whole lists, and failures are typed errors.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  BoxingDataError,
  createClient,
  type AnswerOf,
  type BoxingDataClient,
  type ClientOptions,
  type CollectionRecord,
  type Fight,
  type Fighter,
  type ParamsOf,
  type Ranking,
} from '../../client/src/index.ts';
import { ENDPOINTS } from '../../src/api/registry.ts';
import { BASE_PATH } from '../../src/api/routes.ts';
import { KEY, OTHER_KEY, startPreview } from '../helpers/server.ts';

let preview: Awaited<ReturnType<typeof startPreview>>;
let client: BoxingDataClient;
beforeAll(async () => {
  preview = await startPreview();
  client = createClient({ baseUrl: preview.base, apiKey: KEY });
});
afterAll(() => preview.close());

/** The same request without the client. */
const raw = async (p: string) => (await preview.json(p)).body;
const ids = (records: Array<{ id: string }>) => records.map((r) => r.id);
async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('every method answers as the endpoint does', () => {
  it('fights: list with filters, get, schedule', async () => {
    const filters = {
      division_id: 'welterweight',
      date_from: '2010-01-01',
      date_to: '2030-12-31',
      date_sort: 'ASC',
      page_size: 50,
    } as const;
    const list = await client.fights.list(filters);
    const expected = await raw(`/v2/fights/?${new URLSearchParams({ ...filters, page_size: '50' })}`);
    expect(list.data).toEqual(expected.data);
    expect(list.pagination).toEqual(expected.pagination);
    expect(list.data.every((f) => f.division.id === 'welterweight')).toBe(true);
    expect((await client.fights.get(list.data[0].id)).data).toEqual(list.data[0]);
    expect((await client.fights.schedule({ days: 3650, page_size: 5, page_num: 2 })).data).toEqual(
      (await raw('/v2/fights/schedule?days=3650&page_size=5&page_num=2')).data,
    );
  });

  it('events: list by status, get, schedule', async () => {
    const list = await client.events.list({ status: 'FINISHED', page_num: 3 });
    expect(list.data).toEqual((await raw('/v2/events/?status=FINISHED&page_num=3')).data);
    expect((await client.events.get(list.data[0].id)).data).toEqual(list.data[0]);
    const schedule = await client.events.schedule({ days: 365, date_sort: 'ASC' });
    expect(schedule.data).toEqual((await raw('/v2/events/schedule?days=365&date_sort=ASC')).data);
    expect(schedule.data.length).toBeGreaterThan(0);
  });

  it('fighters: name search, get', async () => {
    const list = await client.fighters.list({ name: 'ez', page_size: 7 });
    expect(list.data).toEqual((await raw('/v2/fighters/?name=ez&page_size=7')).data);
    const fighter = (await client.fighters.get(list.data[0].id)).data;
    expect(fighter).toEqual(list.data[0]);
    expect(fighter.birth_year).toBeGreaterThan(1900);
  });

  it('divisions, organizations and titles: list and get', async () => {
    const divisions = await client.divisions.list();
    expect(divisions.data).toEqual((await raw('/v2/divisions/')).data);
    expect((await client.divisions.get('welterweight')).data.name).toBe('Welterweight');
    const organizations = await client.organizations.list();
    expect(ids(organizations.data)).toEqual(['ibf', 'wba', 'wbc', 'wbo']);
    expect((await client.organizations.get('wbc')).data).toEqual(organizations.data[2]);
    const titles = await client.titles.list({ organization_id: 'wba', division_id: 'heavyweight' });
    expect(ids(titles.data)).toEqual(['wba-heavyweight-full', 'wba-heavyweight-regular', 'wba-heavyweight-interim']);
    expect((await client.titles.get('wba-heavyweight-full')).data).toEqual(titles.data[0]);
  });

  it('rankings: a page, a division, an organization', async () => {
    expect((await client.rankings.list({ page_num: 7 })).data).toEqual((await raw('/v2/rankings/?page_num=7')).data);
    const one = await client.rankings.list({ division_id: 'middleweight', organization_id: 'ibf' });
    expect(ids(one.data)).toEqual(['ibf-middleweight']);
    expect(one.data[0].gender).toBe('male');
  });

  it('the key goes in x-rapidapi-key when asked', async () => {
    const rapid = createClient({ baseUrl: `${preview.base}/`, apiKey: OTHER_KEY, keyHeader: 'x-rapidapi-key' });
    expect((await rapid.divisions.list()).data).toHaveLength(17);
  });
});

describe('bulk export', () => {
  it('fights.all follows next_page through every fight of the filter, in order', async () => {
    const all = await collect(client.fights.all({ division_id: 'lightweight', date_sort: 'ASC' }));
    const first = await raw('/v2/fights/?division_id=lightweight&page_size=1');
    expect(all).toHaveLength(first.pagination.total_items);
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(ids(all)).size).toBe(all.length);
    const dates = all.map((f) => f.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('events.all and fighters.all walk the pages to the last', async () => {
    const events = await collect(client.events.all({ status: 'FINISHED' }));
    expect(events).toHaveLength((await raw('/v2/events/?status=FINISHED')).pagination.total_items);
    const fighters = await collect(client.fighters.all({ division_id: 'heavyweight', page_size: 30 }));
    expect(ids(fighters)).toEqual(ids((await raw('/v2/fighters/?division_id=heavyweight&page_size=100')).data));
  });
});

describe('exports', () => {
  it('exports.records gives every fight of the export, checked part by part: the records and the order of a cursor walk of the fights list', async () => {
    const listing = await client.exports.list();
    const fights = listing.data.find((e) => e.collection === 'fights')!;
    // The test build cuts small parts: the walk below crosses many.
    expect(fights.parts.length).toBeGreaterThan(5);
    const exported = await collect(client.exports.records('fights'));
    const walked = await collect(client.fights.all());
    expect(exported).toHaveLength(fights.records);
    expect(exported).toEqual(walked);
  });

  it('exports.records gives each collection as its list gives it', async () => {
    expect(await collect(client.exports.records('divisions'))).toEqual((await client.divisions.list()).data);
    expect(await collect(client.exports.records('fighters'))).toEqual(await collect(client.fighters.all()));
    const rankings = await collect(client.exports.records('rankings'));
    const pages = await Promise.all(Array.from({ length: 17 }, (_, i) => client.rankings.list({ page_num: i + 1 })));
    expect(rankings).toEqual(pages.flatMap((p) => p.data));
  });

  it('refuses a part whose bytes are not the ones listed, and gives none of its records', async () => {
    const listing = await client.exports.list();
    const [first] = listing.data.find((e) => e.collection === 'events')!.parts;
    // A proxy that hands out another part's bytes under this one's URL.
    const swapped: ClientOptions['fetch'] = async (url, init) => {
      const asked = String(url);
      if (asked.endsWith(new URL(first.url).pathname)) {
        const other = listing.data.find((e) => e.collection === 'divisions')!.parts[0];
        return fetch(`${preview.base}${new URL(other.url).pathname}`, init);
      }
      return fetch(asked, init);
    };
    const tampered = createClient({ baseUrl: preview.base, apiKey: KEY, fetch: swapped });
    const seen: unknown[] = [];
    const e = await (async () => {
      for await (const event of tampered.exports.records('events')) seen.push(event);
    })().then(
      () => null,
      (error: unknown) => error,
    );
    expect(e).toBeInstanceOf(BoxingDataError);
    expect((e as BoxingDataError).code).toBe('UnexpectedResponse');
    expect(seen).toEqual([]);
  });

  it("health.get answers the build's day and each collection's size, without a key", async () => {
    const health = await createClient({ baseUrl: preview.base, apiKey: '' }).health.get();
    expect(health.data).toMatchObject({ status: 'ok', as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(health.data.records.fights).toBe((await client.fights.list()).pagination.total_items);
  });
});

describe('errors', () => {
  const failure = async (call: Promise<unknown>) => {
    const e = await call.then(
      () => null,
      (error: unknown) => error,
    );
    expect(e).toBeInstanceOf(BoxingDataError);
    return e as BoxingDataError;
  };

  it('a bad key, a bad parameter and an unknown id are typed errors with code and status', async () => {
    const badKey = await failure(createClient({ baseUrl: preview.base, apiKey: 'nope' }).fights.list());
    expect([badKey.code, badKey.name, badKey.status]).toEqual(['InvalidApiKey', 'InvalidApiKey', 403]);
    const badParameter = await failure(client.fights.list({ page_size: 101 }));
    expect([badParameter.code, badParameter.status]).toEqual(['InvalidParameter', 400]);
    expect(badParameter.message).toContain('"page_size"');
    const range = await failure(client.events.list({ date_from: '2024-03-01', date_to: '2024-02-01' }));
    expect(range.code).toBe('InvalidParameter');
    const missing = await failure(client.fighters.get('fighter-none'));
    expect([missing.code, missing.status]).toEqual(['NotFound', 404]);
    const deep = await failure(client.fights.list({ page_size: 100, page_num: 101 }));
    expect(deep.code).toBe('PageLimitExceeded');
  });

  it("an answer that is not the API's is an UnexpectedResponse error with its status", async () => {
    const proxy: ClientOptions['fetch'] = async () => new Response('<html>Bad Gateway</html>', { status: 502 });
    const e = await failure(
      createClient({ baseUrl: 'https://api.example', apiKey: KEY, fetch: proxy }).divisions.list(),
    );
    expect([e.code, e.status]).toEqual(['UnexpectedResponse', 502]);
  });
});

describe('next_page', () => {
  it('is requested from the base URL given, path prefix kept: the key never goes to another origin', async () => {
    const seen: string[] = [];
    const page = (next: string | null) => ({
      metadata: {},
      error: {},
      data: [{ id: String(seen.length) }],
      pagination: { page: 1, items: 1, total_pages: 0, total_items: 0, next_page: next },
    });
    const fake: ClientOptions['fetch'] = async (url) => {
      seen.push(String(url));
      return Response.json(
        page(seen.length < 2 ? 'https://elsewhere.example/v2/fights/?cursor=abcdefghij&page_size=100' : null),
      );
    };
    const fights = await collect(
      createClient({ baseUrl: 'https://proxy.example/boxing/', apiKey: KEY, fetch: fake }).fights.all(),
    );
    expect(fights).toHaveLength(2);
    expect(seen).toEqual([
      'https://proxy.example/boxing/v2/fights/?page_size=100',
      'https://proxy.example/boxing/v2/fights/?cursor=abcdefghij&page_size=100',
    ]);
  });
});

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> =>
  typeof v === 'object' && v !== null && Symbol.asyncIterator in v;

describe("the client follows the API's endpoint registry", () => {
  it('has a method for every endpoint, and each requests the path of one', async () => {
    const requested = new Set<string>();
    const fake: ClientOptions['fetch'] = async (url) => {
      requested.add(new URL(String(url)).pathname);
      return Response.json({
        metadata: {},
        error: {},
        data: [],
        pagination: { page: 1, items: 0, total_pages: 0, total_items: 0 },
      });
    };
    const c = createClient({ baseUrl: 'https://api.example', apiKey: KEY, fetch: fake });
    for (const methods of Object.values(c))
      for (const [name, method] of Object.entries(methods)) {
        const called: unknown = Reflect.apply(
          method,
          undefined,
          name === 'get' ? ['the-id'] : name === 'records' ? ['fights'] : [],
        );
        // The export's records ask the listing, then each part it names: this listing (empty) names none, and is refused.
        await Promise.resolve(isAsyncIterable(called) ? called[Symbol.asyncIterator]().next() : called).catch(
          (e: unknown) => {
            if (!(e instanceof BoxingDataError && name === 'records')) throw e;
          },
        );
      }
    // A file's path (an export part's) is requested by the URL its listing gives, as the bulk export test shows.
    const paths = ENDPOINTS.filter((e) => e.kind !== 'file').map(
      (e) => `${BASE_PATH}${e.path.replace(/\{\w+\}$/, 'the-id')}`,
    );
    expect([...requested].sort()).toEqual([...new Set(paths)].sort());
  });

  it("types each method by its endpoint's entry (checked by astro check)", () => {
    expectTypeOf<Parameters<BoxingDataClient['fights']['list']>[0]>().toEqualTypeOf<
      ParamsOf<'list_fights'> | undefined
    >();
    expectTypeOf<ReturnType<BoxingDataClient['events']['schedule']>>().toEqualTypeOf<
      Promise<AnswerOf<'events_schedule'>>
    >();
    expectTypeOf<ReturnType<BoxingDataClient['fighters']['get']>>().toEqualTypeOf<Promise<AnswerOf<'get_fighter'>>>();
    expectTypeOf<Parameters<BoxingDataClient['rankings']['list']>[0]>().toEqualTypeOf<
      ParamsOf<'rankings'> | undefined
    >();
    expectTypeOf<ReturnType<BoxingDataClient['exports']['list']>>().toEqualTypeOf<Promise<AnswerOf<'list_exports'>>>();
    expectTypeOf<ReturnType<BoxingDataClient['health']['get']>>().toEqualTypeOf<Promise<AnswerOf<'health'>>>();
    // An export's records are its collection's, as its list answers them.
    expectTypeOf<CollectionRecord<'fights'>>().toEqualTypeOf<Fight>();
    expectTypeOf<CollectionRecord<'rankings'>>().toEqualTypeOf<Ranking>();
  });
});

describe('the package', () => {
  it('is @boxing-data/client, publishable, exporting its built JavaScript and declarations, with no dependencies', () => {
    const manifest = JSON.parse(readFileSync('client/package.json', 'utf8'));
    expect(manifest).toMatchObject({
      name: '@boxing-data/client',
      type: 'module',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
      files: ['dist', 'README.md'],
    });
    expect(manifest.private).toBeUndefined();
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.dependencies).toBeUndefined();
    // npm pack and npm publish build what the exports name (test/integration/client-package.test.ts installs it).
    expect(manifest.scripts.prepack).toBe('node ../scripts/client-build.ts');
    expect(existsSync('client/README.md')).toBe(true);
  });
});

/** Type checks (astro check runs them): parameters and answers are the API's own types. Never called. */
export function typeChecks(c: BoxingDataClient) {
  // @ts-expect-error page_size is a number
  void c.fights.list({ page_size: '5' });
  // @ts-expect-error date_sort is ASC or DESC
  void c.fights.list({ date_sort: 'UP' });
  // @ts-expect-error not a parameter of the fights list
  void c.fights.list({ division: 'welterweight' });
  // @ts-expect-error rankings take no page_size
  void c.rankings.list({ page_size: 4 });
  // @ts-expect-error exports walk the pages themselves
  void c.fights.all({ page_num: 2 });
  void (async () => {
    const fighter = (await c.fighters.get('x')).data;
    const year: number = fighter.birth_year;
    const gender: 'male' | 'female' = (await c.rankings.list()).data[0].gender;
    // @ts-expect-error a schedule's events carry no broadcast
    void (await c.events.schedule()).data[0].broadcast;
    for await (const exported of c.exports.records('fighters')) {
      const fighterOfExport: Fighter = exported;
      // @ts-expect-error a fighter has no scores
      void exported.scores;
      void fighterOfExport;
    }
    // @ts-expect-error no such collection
    void c.exports.records('boxers');
    return [year, gender];
  });
}
