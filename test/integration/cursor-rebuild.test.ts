// A cursor outlives a rebuild: it names the last record returned by date and id and carries
// that record's position only as a hint. Here rebuilds move that record (older fights added
// before it) or remove it, and the next page still starts right after its key. A deploy that
// changes the fights filters keeps the cursors callers hold: a filter added is absent from keys
// made before it, and keys sealed before keys named their filters are read by position.
import { beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_SEED } from '../../src/api/cursor.ts';
import { seal, unseal } from '../../src/api/sealed.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import type { Dataset } from '../../src/records/dataset.ts';
import type { Fight } from '../../src/records/schemas.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { directClient } from '../helpers/handler.ts';
import { memoryStore } from '../helpers/memory-store.ts';
import { loadContent } from '../helpers/reference.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const ids = (records: Array<{ id: string }>) => records.map((r) => r.id);

let before: Dataset;

beforeAll(async () => {
  before = resolveDataset(await loadContent(), TEST_AS_OF);
});

/** The same dataset with its fights replaced (kept in the store's order: date, then id). */
const withFights = (fights: Fight[]): Dataset => ({
  ...before,
  fights: [...fights].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1)),
});

/** Older copies of the first fights, under new ids: every later fight moves along in the list. */
const olderCopies = (n: number): Fight[] =>
  before.fights.slice(0, n).map((f, i) => ({ ...f, id: `fight-older-${i}`, date: `1990-01-0${1 + (i % 9)}T20:00:00` }));

// Each store is written once and read by every test that asks for it: a store is never changed by reading it.
let beforeStore: ReturnType<typeof memoryStore> | undefined;
let movedStore: ReturnType<typeof memoryStore> | undefined;

async function firstPageAndCursor(query: string) {
  const call = directClient(NOW, await (beforeStore ??= memoryStore(before)));
  const { body } = await call(`/v2/fights/?${query}`);
  const next = new URL(body.pagination.next_page);
  return { page: ids(body.data), next: next.pathname + next.search };
}

/** What follows `lastId` in `fights` in the given order, `size` records. */
function after(fights: Fight[], lastId: string, order: 'ASC' | 'DESC', size: number): string[] {
  const ordered = order === 'ASC' ? fights : [...fights].reverse();
  const at = ordered.findIndex((f) => f.id === lastId);
  return ids(ordered.slice(at + 1, at + 1 + size));
}

describe('a cursor across a rebuild', () => {
  for (const [order, query] of [
    ['DESC', 'page_size=10'],
    ['ASC', 'date_sort=ASC&page_size=10'],
    ['ASC', 'division_id=welterweight&date_sort=ASC&page_size=7'],
  ] as const)
    it(`${query}: the record it names moved, and the next page follows its key`, async () => {
      const { page, next } = await firstPageAndCursor(query);
      const moved = withFights([...before.fights, ...olderCopies(25)]);
      const call = directClient(NOW, await (movedStore ??= memoryStore(moved)));
      const { status, body } = await call(next);
      expect(status).toBe(200);
      const inList = query.includes('division_id')
        ? moved.fights.filter((f) => f.division.id === 'welterweight')
        : moved.fights;
      const size = Number(/page_size=(\d+)/.exec(query)![1]);
      expect(ids(body.data)).toEqual(after(inList, page[page.length - 1], order, size));
      expect(body.data.length).toBe(size);
    });

  it('the record it names was deleted: the next page starts where its key would stand', async () => {
    const { page, next } = await firstPageAndCursor('page_size=10');
    const last = page[page.length - 1];
    const gone = withFights(before.fights.filter((f) => f.id !== last));
    const call = directClient(NOW, await memoryStore(gone));
    const { status, body } = await call(next);
    expect(status).toBe(200);
    // Newest first: the fight just older than the deleted one comes next, as it would have.
    expect(ids(body.data)).toEqual(after(before.fights, last, 'DESC', 10));
  });
});

describe('a cursor across a deploy that changes the fights filters', () => {
  // A division's fights up to a day: two filters given, three not.
  const query = 'division_id=welterweight&date_to=2020-12-31&date_sort=ASC&page_size=7';

  /** next_page of the first page, the page it opens, and that cursor with its filters' key replaced by `key`. */
  async function rekeyed() {
    const { next } = await firstPageAndCursor(query);
    const call = directClient(NOW, await beforeStore!);
    const real = await call(next);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    const url = new URL(next, 'http://api.test');
    const opened = unseal(url.searchParams.get('cursor')!, CURSOR_SEED);
    if (!('value' in opened)) throw new Error(`no cursor in ${next}`);
    const follow = (key: string) => {
      const value = [...(opened.value as unknown[])];
      value[5] = key;
      url.searchParams.set('cursor', seal(value, CURSOR_SEED));
      return call(url.pathname + url.search);
    };
    return { real: real.body, follow };
  }

  it('made before a filter existed, its key lacking that name, is followed by a request without that filter', async () => {
    const { real, follow } = await rekeyed();
    // The key a build makes whose list has no event_id or fighter_id filter yet: those names are simply absent.
    const { status, body } = await follow('division_id=welterweight&to=2020-12-31');
    expect(status).toBe(200);
    expect(ids(body.data)).toEqual(ids(real.data));
    expect(body.pagination).toEqual(real.pagination);
  });

  it('sealed before keys named their filters (the five filters by position) is still followed', async () => {
    const { real, follow } = await rekeyed();
    // As cursors were sealed then: [from, to, division_id, event_id, fighter_id], null where not given.
    const legacy = await follow(JSON.stringify([null, '2020-12-31', 'welterweight', null, null]));
    expect(legacy.status).toBe(200);
    expect(ids(legacy.body.data)).toEqual(ids(real.data));
    const named = await follow('division_id=welterweight&to=2020-12-31');
    expect(named.status).toBe(200);
    expect(named.body).toEqual(legacy.body);
  });

  it('naming a filter the request does not have, or another value, is refused with InvalidCursor', async () => {
    const { follow } = await rekeyed();
    expect((await follow('division_id=welterweight&to=2020-12-31')).status).toBe(200);
    for (const key of [
      'division_id=welterweight&fighter_id=fighter-000001&to=2020-12-31', // a filter the request lacks
      'division_id=welterweight&title_id=wbc&to=2020-12-31', // a filter this build does not know
      'division_id=heavyweight&to=2020-12-31', // another value
      'division_id=welterweight', // lacking a filter the request has
      'to=2020-12-31&division_id=welterweight', // not in the canonical order: no next_page gives it
      '',
      JSON.stringify([null, '2020-12-31', 'heavyweight', null, null]),
      JSON.stringify([null, null, 'welterweight', null, null]),
      JSON.stringify([null, '2020-12-31', 'welterweight', null, null, null]),
      JSON.stringify([null, '2020-12-31', 'welterweight', null, 7]),
      JSON.stringify({ division_id: 'welterweight', to: '2020-12-31' }),
      '[null,"2020-12-31","welterweight"',
    ]) {
      const { status, body } = await follow(key);
      expect(status, key).toBe(400);
      expect(body.error.name, key).toBe('InvalidCursor');
    }
  });
});
