// Tokens are checksummed, not signed: a client can open one, change what it holds and seal it
// again. Whatever it writes into any field of any kind of token, the answer is a page or a
// documented 4xx, never a 5xx or a logged stack. The tokens start as real ones, taken from real
// pages of every endpoint of the registry that takes a cursor or a sync token.
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { CURSOR_SEED } from '../../../src/api/cursor.ts';
import { ENDPOINTS } from '../../../src/api/registry.ts';
import { seal, unseal } from '../../../src/api/sealed.ts';
import { CHANGES_CURSOR_SEED, SYNC_TOKEN_SEED, decodeSyncToken, encodeSyncToken } from '../../../src/api/sync-token.ts';
import { paths } from '../../../src/store/layout.ts';
import type { Store } from '../../../src/store/store.ts';
import { appendBuild, historyUnits, type PreviousHistory } from '../../../src/store/changes/make.ts';
import { TEST_BUILT_AT } from '../../helpers/as-of.ts';
import { directClient, distStore } from '../../helpers/handler.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');

/** A real token: the request it came in (its next_page, or a since), which parameter holds it, its seed, and what it holds. */
interface Taken {
  name: string;
  url: URL;
  param: 'cursor' | 'since';
  seed: number;
  value: unknown[];
}

/** The test build, with a changes history of its own (two builds, the second of 12 fights changed): the build's has no change to page through. */
async function storeWithHistory(): Promise<Store> {
  const dist = distStore();
  const { body } = await directClient(NOW, dist)('/v2/fights/?page_size=12');
  const files = new Map<string, string>();
  let previous: PreviousHistory | null = null;
  for (const [at, changes] of [
    [TEST_BUILT_AT - 86_400, []],
    [
      TEST_BUILT_AT,
      body.data.map((f: { id: string }) => ({
        collection: 'fights',
        id: f.id,
        change: 'changed' as const,
        record: JSON.stringify(f),
      })),
    ],
  ] as const) {
    const written = appendBuild(previous, { at, changes, seed: 'sealed' });
    for (const unit of historyUnits(written, previous)) files.set(unit.path, unit.body() as string);
    previous = { index: written.index, pack: (name) => files.get(paths.changesPack(name))! };
  }
  return {
    read: async (p) => (files.has(p) ? files.get(p)! : dist.read(p)),
    readBytes: async (p) => (files.has(p) ? new TextEncoder().encode(files.get(p)) : dist.readBytes(p)),
  };
}

let call: ReturnType<typeof directClient>;
const taken: Taken[] = [];

function open(url: URL, param: Taken['param'], seed: number, name: string): Taken {
  const opened = unseal(url.searchParams.get(param)!, seed);
  if (!('value' in opened) || !Array.isArray(opened.value)) throw new Error(`${name}: no token in ${url}`);
  return { name, url, param, seed, value: opened.value };
}

/** The cursor of the next_page of the first page of `query` that has one. */
async function nextPageCursor(name: string, queries: string[]): Promise<Taken> {
  for (const query of queries) {
    const { status, body } = await call(query);
    expect(status, query).toBe(200);
    if (body.pagination.next_page) return open(new URL(body.pagination.next_page), 'cursor', CURSOR_SEED, name);
  }
  throw new Error(`${name}: none of ${queries.length} queries has a next page`);
}

beforeAll(async () => {
  call = directClient(NOW, await storeWithHistory());
  const { body: first } = await call('/v2/fights/?page_size=100');
  const events = [...new Set(first.data.map((f: { event: { id: string } }) => f.event.id))];
  const fighters = [
    ...new Set(
      first.data.map((f: { fighters: { fighter_1: { fighter_id: string } } }) => f.fighters.fighter_1.fighter_id),
    ),
  ];
  taken.push(
    // Newest first, from the list's head; oldest first; a division's list; a range of days; an event's and a fighter's fights, read whole.
    await nextPageCursor('fights DESC', ['/v2/fights/?page_size=5']),
    await nextPageCursor('fights ASC', ['/v2/fights/?date_sort=ASC&page_size=5']),
    await nextPageCursor("a division's fights", ['/v2/fights/?division_id=welterweight&page_size=5']),
    await nextPageCursor('fights of some days', [
      '/v2/fights/?data_from=2015-01-01&date_to=2024-12-31&date_sort=ASC&page_size=5',
    ]),
    await nextPageCursor(
      "an event's fights",
      events.map((id) => `/v2/fights/?event_id=${id}&page_size=1`),
    ),
    await nextPageCursor(
      "a fighter's fights",
      fighters.map((id) => `/v2/fights/?fighter_id=${id}&date_sort=ASC&page_size=1`),
    ),
  );
  const current = (await call('/v2/changes/')).body.next_sync;
  const { history } = decodeSyncToken(current);
  const start = encodeSyncToken({ history, position: 0, build: history });
  const sinceStart = new URL(`http://api.test/v2/changes/?since=${start}&page_size=5`);
  const { body: changes } = await call(sinceStart.pathname + sinceStart.search);
  taken.push(
    open(new URL(`http://api.test/v2/changes/?since=${current}`), 'since', SYNC_TOKEN_SEED, 'the current sync token'),
    open(sinceStart, 'since', SYNC_TOKEN_SEED, "a sync token of the history's start"),
    open(new URL(changes.pagination.next_page), 'cursor', CHANGES_CURSOR_SEED, 'a changes cursor'),
  );
});

let logged: MockInstance[] = [];
beforeEach(() => {
  logged = (['error', 'warn'] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
});
afterEach(() => {
  for (const spy of logged) spy.mockRestore();
});

/** What was logged during a request, as text. */
function drainLog(): string[] {
  const lines = logged.flatMap((spy) =>
    spy.mock.calls.map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')),
  );
  for (const spy of logged) spy.mockClear();
  return lines;
}

/** The request of a real token with `value` sealed in its place (with `seed`), and its page size, if any, replaced. */
function forged(t: Taken, value: unknown, seed: number, pageSize: string | null): string {
  const url = new URL(t.url);
  url.searchParams.set(t.param, seal(value, seed));
  if (pageSize !== null) url.searchParams.set('page_size', pageSize);
  return url.pathname + url.search;
}

/** What is wrong with the answer to a forged token, if anything: it must be a page or a documented 4xx, with no stack in it and nothing logged. */
async function problemOf(
  t: Taken,
  value: unknown,
  seed = t.seed,
  pageSize: string | null = null,
): Promise<string | null> {
  const request = forged(t, value, seed, pageSize);
  const { status, body, text } = await call(request);
  const log = drainLog();
  const wrong =
    status >= 500
      ? `${status} ${body?.error?.name}`
      : /at .*\.ts:\d+/.test(text)
        ? 'a stack in the answer'
        : log.length > 0
          ? `logged ${log[0].split('\n')[0]}`
          : status >= 400 && !ANSWERED.includes(body.error.name)
            ? `${status} ${body.error.name}`
            : null;
  return wrong && `${t.name}: ${JSON.stringify(value)}: ${wrong}`;
}
const ANSWERED = ['InvalidCursor', 'InvalidSyncToken', 'SyncTokenExpired', 'InvalidParameter'];

/** What a field's checks are most likely to miss: the edges of numbers, other types, strings of other fields' shapes. */
const EDGES: unknown[] = [
  -1,
  -2,
  0,
  1,
  2,
  1.5,
  -0.5,
  1e9,
  1e9 + 1,
  1e15,
  1e15 + 1,
  2 ** 53,
  1e300,
  -1e300,
  '',
  '-1',
  '1',
  'NaN',
  'Infinity',
  'asc',
  null,
  true,
  false,
  [],
  {},
  [null],
  '2024-02-30T00:00:00',
  '0000-01-01T00:00:00',
  '9999-12-31T23:59:59',
  '2020-01-01T00:00:00Z',
  '2020-01-01',
  'a'.repeat(64),
  'a'.repeat(65),
  'ffffffffffffffff',
  '__proto__',
];

const allValues = () => taken.flatMap((t) => t.value);
const fieldValue = () =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...EDGES), weight: 3 },
    // The values of every real token's fields: another field's key, order, position, name.
    { arbitrary: fc.constantFrom(...allValues()), weight: 3 },
    { arbitrary: fc.integer({ min: -3, max: 3 }), weight: 2 },
    { arbitrary: fc.integer({ min: -3, max: 4000 }), weight: 2 },
    { arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }), weight: 2 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.string({ maxLength: 24 }), weight: 1 },
  );

/** A real token's value with one field or a few replaced, or cut short, or made longer, or made something else. */
const forgedValue = (t: Taken) =>
  fc.oneof(
    {
      arbitrary: fc
        .array(fc.tuple(fc.nat(t.value.length - 1), fieldValue()), { minLength: 1, maxLength: 3 })
        .map((edits) => {
          const value = [...t.value];
          for (const [i, v] of edits) value[i] = v;
          return value;
        }),
      weight: 12,
    },
    { arbitrary: fc.nat(t.value.length - 1).map((n) => t.value.slice(0, n)), weight: 1 },
    { arbitrary: fieldValue().map((v) => [...t.value, v]), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  );

describe('a token a client has edited and sealed again', () => {
  it('is taken from every endpoint of the registry that takes a cursor or a sync token', () => {
    const takers = ENDPOINTS.filter((e) =>
      Object.keys(e.params.shape).some((name) => name === 'cursor' || name === 'since'),
    ).map((e) => e.path);
    expect([...new Set(taken.map((t) => t.url.pathname.replace(/^\/v2/, '')))].sort()).toEqual(takers.sort());
  });

  it("each field given each edge value, or another field's value, answers a page or a documented 4xx, and logs nothing", async () => {
    const problems: string[] = [];
    for (const t of taken)
      for (let i = 0; i < t.value.length; i++)
        for (const v of [...EDGES, ...t.value, ...taken.map((other) => other.value[i])]) {
          const value = [...t.value];
          value[i] = v;
          const problem = await problemOf(t, value);
          if (problem !== null) problems.push(problem);
        }
    expect(problems).toEqual([]);
  });

  it('whatever its fields hold, answers a page or a documented 4xx, and logs nothing', async () => {
    const seeds = [CURSOR_SEED, CHANGES_CURSOR_SEED, SYNC_TOKEN_SEED];
    const forgery = fc.constantFrom(...taken).chain((t) =>
      fc.record({
        t: fc.constant(t),
        value: forgedValue(t),
        // Mostly its own seed; sometimes another kind's (a changes cursor's value read as a fights cursor).
        seed: fc.oneof(
          { arbitrary: fc.constant(t.seed), weight: 9 },
          { arbitrary: fc.constantFrom(...seeds), weight: 1 },
        ),
        pageSize: fc.constantFrom(null, '1', '2', '5', '100'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(forgery, async ({ t, value, seed, pageSize }) => {
        expect(await problemOf(t, value, seed, pageSize)).toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it("a fights cursor's position is only a hint: whatever position it holds, its next page is the real cursor's", async () => {
    const ids = (body: { data: Array<{ id: string }> }) => body.data.map((f) => f.id);
    const fights = taken.filter((t) => t.seed === CURSOR_SEED);
    const real = await Promise.all(fights.map(async (t) => ids((await call(t.url.pathname + t.url.search)).body)));
    const total: number = (await call('/v2/fights/?page_size=1')).body.pagination.total_items;
    const pageAt = async (k: number, position: number) => {
      const value = [...fights[k].value];
      value[6] = position;
      const { status, body } = await call(forged(fights[k], value, CURSOR_SEED, null));
      return { status, log: drainLog(), ids: status === 200 ? ids(body) : body };
    };
    // Unknown, the list's ends and past them, the records beside the real one's; then any other.
    for (const [k, t] of fights.entries())
      for (const position of [
        -1,
        0,
        1,
        total - 1,
        total,
        total + 1,
        1_000_000_000,
        (t.value[6] as number) - 1,
        (t.value[6] as number) + 1,
      ])
        expect(await pageAt(k, position), `${t.name} at ${position}`).toEqual({ status: 200, log: [], ids: real[k] });
    await fc.assert(
      fc.asyncProperty(fc.nat(fights.length - 1), fc.integer({ min: -1, max: 1_000_000_000 }), async (k, position) => {
        expect(await pageAt(k, position), `${fights[k].name} at ${position}`).toEqual({
          status: 200,
          log: [],
          ids: real[k],
        });
      }),
      { numRuns: 100 },
    );
  });
});
