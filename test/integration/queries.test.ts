// Every query parameter against a plain reference filter over all records, with property tests
// over random combinations, and a fixed clock for everything relative to today.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Event, Fight, Fighter, Ranking } from '../../src/records/schemas.ts';
import { encodeCursor } from '../../src/api/cursor.ts';
import { filterKey } from '../../src/api/endpoints/fight-filters.ts';
import { directClient } from '../helpers/handler.ts';
import { dayOf, fold, loadContent, loadRecords, page } from '../helpers/reference.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';

const NOW = Date.parse('2026-11-21T15:30:00Z');
const TODAY = '2026-11-21';
const call = directClient(NOW);
let fights: Fight[];
let events: Event[];
let fighters: Fighter[];

beforeAll(async () => {
  ({ fights, events, fighters } = await loadRecords());
  fighters.sort((a, b) => (fold(a.name) < fold(b.name) ? -1 : fold(a.name) > fold(b.name) ? 1 : a.id < b.id ? -1 : 1));
});

const ids = (records: Array<{ id: string }>) => records.map((r) => r.id);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const inRange = (day: string, from?: string, to?: string) =>
  (from === undefined || day >= from) && (to === undefined || day <= to);

/** A day drawn near the data: mostly days that have records, sometimes any day in the span. */
const dayArb = () =>
  fc.oneof(
    fc.constantFrom(...fights.map((f) => dayOf(f.date))),
    fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays('2003-01-01', n)),
  );

describe('fights list', () => {
  it('matches the reference for random combinations of every filter', async () => {
    const fighterIds = [
      ...new Set(fights.flatMap((f) => [f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id])),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            date: dayArb(),
            from: dayArb(),
            to: dayArb(),
            fromName: fc.constantFrom('data_from', 'date_from'),
            date_sort: fc.constantFrom('ASC', 'DESC'),
            division_id: fc.constantFrom(...new Set(fights.map((f) => f.division.id)), 'no-such-division'),
            event_id: fc.constantFrom(...fights.slice(0, 300).map((f) => f.event.id)),
            fighter_id: fc.constantFrom(...fighterIds.slice(0, 500)),
            page_size: fc.integer({ min: 1, max: 100 }),
            page_num: fc.integer({ min: 1, max: 6 }),
          },
          { requiredKeys: ['page_size', 'page_num'] },
        ),
        async (p) => {
          if (p.from !== undefined && p.to !== undefined && p.from > p.to) [p.from, p.to] = [p.to, p.from];
          const params = new URLSearchParams();
          if (p.date) params.set('date', p.date);
          if (p.from) params.set(p.fromName ?? 'data_from', p.from);
          if (p.to) params.set('date_to', p.to);
          for (const k of ['date_sort', 'division_id', 'event_id', 'fighter_id'] as const)
            if (p[k]) params.set(k, p[k]);
          params.set('page_size', String(p.page_size));
          params.set('page_num', String(p.page_num));

          let expected = fights.filter(
            (f) =>
              inRange(dayOf(f.date), p.from, p.to) &&
              (p.date === undefined || dayOf(f.date) === p.date) &&
              (p.division_id === undefined || f.division.id === p.division_id) &&
              (p.event_id === undefined || f.event.id === p.event_id) &&
              (p.fighter_id === undefined ||
                [f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id].includes(p.fighter_id)),
          );
          if ((p.date_sort ?? 'DESC') === 'DESC') expected = expected.reverse();
          const { status, body } = await call(`/v2/fights/?${params}`);
          expect(status).toBe(200);
          expect(ids(body.data)).toEqual(ids(page(expected, p.page_num, p.page_size)));
          expect(body.pagination).toMatchObject({
            page: p.page_num,
            items: body.data.length,
            total_items: expected.length,
            total_pages: Math.ceil(expected.length / p.page_size),
          });
          const more = p.page_num * p.page_size < expected.length;
          expect(body.pagination.next_page === null, `next_page on ${params}`).toBe(!more);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('default order is date DESC then id DESC, the exact reverse of ASC', async () => {
    const asc = await call('/v2/fights/?date_sort=ASC&page_size=100');
    expect(ids(asc.body.data)).toEqual(ids(fights.slice(0, 100)));
    const desc = await call('/v2/fights/?page_size=100');
    expect(ids(desc.body.data)).toEqual(ids([...fights].reverse().slice(0, 100)));
  });

  it('a page past the last is empty, not an error', async () => {
    const { status, body } = await call('/v2/fights/?division_id=heavyweight&page_num=399');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.pagination.next_page).toBeNull();
  });

  it('an offset of 10,000 or more is 400 PageLimitExceeded pointing to next_page', async () => {
    for (const q of ['page_num=401', 'page_size=100&page_num=101', 'page_size=1&page_num=10001']) {
      const { status, body } = await call(`/v2/fights/?${q}`);
      expect(status, q).toBe(400);
      expect(body.error.name).toBe('PageLimitExceeded');
      expect(body.error.message).toContain('pagination.next_page');
    }
    // The last pages below the ceiling are served, and hold the records the reference puts there.
    const desc = [...fights].reverse();
    for (const [size, num] of [
      [100, 100],
      [1, 10000],
    ]) {
      const { status, body } = await call(`/v2/fights/?page_size=${size}&page_num=${num}`);
      expect(status).toBe(200);
      expect(ids(body.data)).toEqual(ids(page(desc, num, size)));
      expect(body.pagination).toMatchObject({ page: num, items: body.data.length, total_items: fights.length });
    }
  });
});

describe('cursor paging', () => {
  async function walk(first: string): Promise<string[]> {
    const seen: string[] = [];
    let path: string | null = first;
    let pageNo = 0;
    while (path !== null) {
      const { status, body } = await call(path);
      expect(status, path).toBe(200);
      pageNo++;
      expect(body.pagination.page).toBe(pageNo);
      if (pageNo > 1) expect([body.pagination.total_items, body.pagination.total_pages]).toEqual([0, 0]);
      seen.push(...ids(body.data));
      path =
        body.pagination.next_page === null
          ? null
          : new URL(body.pagination.next_page).pathname + new URL(body.pagination.next_page).search;
    }
    return seen;
  }

  it('following next_page visits every matching fight once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '',
          'division_id=welterweight',
          'date_sort=ASC&data_from=2020-01-01',
          'date_to=2015-06-30',
          `fighter_id=${fights[10].fighters.fighter_1.fighter_id}`,
        ),
        fc.integer({ min: 20, max: 100 }),
        async (filter, size) => {
          const seen = await walk(`/v2/fights/?${filter}&page_size=${size}`);
          const direct = await call(`/v2/fights/?${filter}&page_size=${size}`);
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.length).toBe(direct.body.pagination.total_items);
          const params = new URLSearchParams(filter);
          let expected = fights.filter(
            (f) =>
              inRange(dayOf(f.date), params.get('data_from') ?? undefined, params.get('date_to') ?? undefined) &&
              (!params.get('division_id') || f.division.id === params.get('division_id')) &&
              (!params.get('fighter_id') ||
                [f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id].includes(params.get('fighter_id')!)),
          );
          if (params.get('date_sort') !== 'ASC') expected = expected.reverse();
          expect(seen).toEqual(ids(expected));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('next_page repeats the filters and page_size on the request origin', async () => {
    const { body } = await call('/v2/fights/?division_id=welterweight&page_size=7&date_sort=ASC');
    const next = new URL(body.pagination.next_page);
    expect(next.origin).toBe('http://api.test');
    expect(next.searchParams.get('division_id')).toBe('welterweight');
    expect(next.searchParams.get('page_size')).toBe('7');
    expect(next.searchParams.get('date_sort')).toBe('ASC');
    expect(next.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('a malformed or tampered cursor is 400 InvalidCursor; one from another query too', async () => {
    const { body } = await call('/v2/fights/?division_id=welterweight');
    const next = new URL(body.pagination.next_page);
    const cursor = next.searchParams.get('cursor')!;
    const tampered = cursor.slice(0, 5) + (cursor[5] === 'A' ? 'B' : 'A') + cursor.slice(6);
    for (const bad of [tampered, 'abc', cursor.slice(0, -1)]) {
      const r = await call(`/v2/fights/?division_id=welterweight&cursor=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.name).toBe('InvalidCursor');
    }
    for (const malformed of ['', '!!', 'a'.repeat(600)]) {
      const r = await call(`/v2/fights/?cursor=${malformed}`);
      expect(r.status, malformed).toBe(400);
      expect(r.body.error.name).toBe('InvalidCursor');
    }
    // A cursor with a valid checksum but impossible contents is refused, not followed.
    for (const after of [
      ['garbage', 'x'],
      ['2024-01-01T00:00:00', 'Bad Id'],
    ] as const) {
      const forged = encodeCursor({ after, order: 'DESC', page: 2, filters: filterKey({}), position: 7 });
      const r = await call(`/v2/fights/?cursor=${forged}`);
      expect(r.status).toBe(400);
      expect(r.body.error.name).toBe('InvalidCursor');
    }
    const other = await call(`/v2/fights/?division_id=heavyweight&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.error.name).toBe('InvalidCursor');
  });

  it('page_num beside a cursor is ignored, not checked: the cursor says which page it opens', async () => {
    const { body } = await call('/v2/fights/?division_id=welterweight');
    const cursor = new URL(body.pagination.next_page).searchParams.get('cursor')!;
    const alone = await call(`/v2/fights/?division_id=welterweight&cursor=${cursor}`);
    for (const page of ['3', '1', 'abc']) {
      const withPage = await call(`/v2/fights/?division_id=welterweight&page_num=${page}&cursor=${cursor}`);
      expect(withPage.status, page).toBe(200);
      expect(withPage.body.data, page).toEqual(alone.body.data);
      expect(withPage.body.pagination, page).toEqual(alone.body.pagination);
    }
  });
});

describe('events list', () => {
  it('matches the reference for status, dates and sort, by the fixed clock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            status: fc.constantFrom('NOT_STARTED', 'LIVE', 'FINISHED'),
            date: dayArb(),
            date_from: dayArb(),
            date_to: dayArb(),
            date_sort: fc.constantFrom('ASC', 'DESC'),
            page_size: fc.integer({ min: 1, max: 100 }),
            page_num: fc.integer({ min: 1, max: 5 }),
          },
          { requiredKeys: ['page_size', 'page_num'] },
        ),
        async (p) => {
          if (p.date_from !== undefined && p.date_to !== undefined && p.date_from > p.date_to)
            [p.date_from, p.date_to] = [p.date_to, p.date_from];
          const params = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]));
          const status = (day: string) => (day < TODAY ? 'FINISHED' : day === TODAY ? 'LIVE' : 'NOT_STARTED');
          let expected = events.filter(
            (e) =>
              inRange(dayOf(e.date), p.date_from, p.date_to) &&
              (p.date === undefined || dayOf(e.date) === p.date) &&
              (p.status === undefined || status(dayOf(e.date)) === p.status),
          );
          if ((p.date_sort ?? 'DESC') === 'DESC') expected = expected.reverse();
          const r = await call(`/v2/events/?${params}`);
          expect(r.status).toBe(200);
          expect(ids(r.body.data)).toEqual(ids(page(expected, p.page_num, p.page_size)));
          expect(r.body.pagination.total_items).toBe(expected.length);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('schedules', () => {
  it('cover the start of today through the end of today + days, DESC by default', async () => {
    for (const resource of ['fights', 'events'] as const) {
      const all = resource === 'fights' ? fights : events;
      for (const days of [0, 1, 30, 365, 3650]) {
        const expected = all.filter((r) => inRange(dayOf(r.date), TODAY, addDays(TODAY, days)));
        const r = await call(`/v2/${resource}/schedule?days=${days}&page_size=100`);
        expect(r.status).toBe(200);
        expect(r.body.pagination.total_items, `${resource} ${days}`).toBe(expected.length);
        expect(ids(r.body.data)).toEqual(ids([...expected].reverse().slice(0, 100)));
        const asc = await call(`/v2/${resource}/schedule?days=${days}&page_size=10&page_num=2&date_sort=ASC`);
        expect(ids(asc.body.data)).toEqual(ids(expected.slice(10, 20)));
      }
    }
    const r = await call('/v2/events/schedule');
    expect(r.body.data.length).toBeGreaterThan(0);
    expect(Object.keys(r.body.data[0])).not.toContain('broadcast');
  });

  it('days defaults to 30 and allows 0 to 3650', async () => {
    const d = await call('/v2/fights/schedule');
    const e = await call('/v2/fights/schedule?days=30');
    expect(d.body.data).toEqual(e.body.data);
    expect((await call('/v2/fights/schedule?days=3651')).status).toBe(400);
    expect((await call('/v2/fights/schedule?days=-1')).status).toBe(400);
  });
});

describe('fighters list', () => {
  const names = () => fighters.flatMap((f) => [f.name, f.nickname, f.alias]).filter((n): n is string => n !== null);

  it('matches the reference for name, division and title', async () => {
    const titleIds = [...new Set(fighters.flatMap((f) => f.titles.map((t) => t.id)))];
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            name: fc.oneof(
              fc
                .constantFrom(...names())
                .chain((n) =>
                  fc.tuple(fc.nat(n.length - 1), fc.integer({ min: 1, max: 8 })).map(([i, len]) => n.slice(i, i + len)),
                ),
              fc.constantFrom('alvarez', 'ÁLVAREZ', 'zzzq', 'a', 'jo', 'muñ'),
            ),
            division_id: fc.constantFrom(...new Set(fighters.map((f) => f.division.id))),
            title_id: fc.constantFrom(...titleIds),
            page_size: fc.integer({ min: 1, max: 100 }),
            page_num: fc.integer({ min: 1, max: 4 }),
          },
          { requiredKeys: ['page_size', 'page_num'] },
        ),
        async (p) => {
          if (p.name !== undefined && p.name.trim() === '') delete p.name;
          const params = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]));
          const needle = p.name === undefined ? undefined : fold(p.name.trim());
          const expected = fighters.filter(
            (f) =>
              (needle === undefined ||
                [f.name, f.nickname, f.alias].some((n) => n !== null && fold(n).includes(needle))) &&
              (p.division_id === undefined || f.division.id === p.division_id) &&
              (p.title_id === undefined || f.titles.some((t) => t.id === p.title_id)),
          );
          const r = await call(`/v2/fighters/?${params}`);
          expect(r.status, String(params)).toBe(200);
          expect(r.body.pagination.total_items, String(params)).toBe(expected.length);
          expect(ids(r.body.data)).toEqual(ids(page(expected, p.page_num, p.page_size)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('name search ignores case and accents', async () => {
    const accented = fighters.find((f) => /[áéíóúñ]/i.test(f.name))!;
    const plain = fold(accented.name);
    const r = await call(`/v2/fighters/?name=${encodeURIComponent(plain.toUpperCase())}&page_size=100`);
    expect(ids(r.body.data)).toContain(accented.id);
  });
});

describe('fields the commercial API returns', () => {
  it('every fighter carries birth_year, the year of its birth date, consistent with its age', async () => {
    const birthDate = new Map((await loadContent()).fighters.map((f) => [f.id, f.birth_date]));
    let seen = 0;
    for (let n = 1; ; n++) {
      const { body } = await call(`/v2/fighters/?page_size=100&page_num=${n}`);
      for (const f of body.data as Fighter[]) {
        expect(f.birth_year, f.id).toBe(Number(birthDate.get(f.id)!.slice(0, 4)));
        expect(Number(TEST_AS_OF.slice(0, 4)) - f.birth_year - f.age, f.id).toBeOneOf([0, 1]);
        expect(f.gender, f.id).toMatch(/^[MF]$/);
      }
      seen += body.data.length;
      if (body.data.length < 100) break;
    }
    expect(seen).toBe(birthDate.size);
    const one = await call(`/v2/fighters/${fighters[0].id}`);
    expect(one.body.data.birth_year).toBe(Number(birthDate.get(fighters[0].id)!.slice(0, 4)));
  });

  it('ranking records spell gender out: "male" where the content says M', async () => {
    const content = new Map((await loadContent()).rankings.map((r) => [r.id, r.gender]));
    const spelled = { M: 'male', F: 'female' };
    let seen = 0;
    for (let n = 1; n <= 17; n++)
      for (const r of (await call(`/v2/rankings/?page_num=${n}`)).body.data as Ranking[]) {
        expect(r.gender, r.id).toBe(spelled[content.get(r.id)!]);
        seen++;
      }
    expect(seen).toBe(content.size);
  });
});

describe('titles and rankings filters', () => {
  it('unknown ids in filters give an empty list', async () => {
    const t = await call('/v2/titles/?organization_id=xyz');
    expect(t.body).toMatchObject({ data: [], pagination: { items: 0, total_items: 0 } });
    const r = await call('/v2/rankings/?division_id=xyz');
    expect(r.body).toMatchObject({ data: [], pagination: { items: 0, total_items: 0 } });
  });

  it('rankings with division_id ignore page_num altogether', async () => {
    const a = await call('/v2/rankings/?division_id=middleweight&page_num=99');
    expect(a.status).toBe(200);
    expect(a.body.pagination).toEqual({ page: 1, items: 4, total_pages: 1, total_items: 4 });
    expect(a.body.data.map((r: { division: { id: string } }) => r.division.id)).toEqual(Array(4).fill('middleweight'));
    const plain = await call('/v2/rankings/?division_id=middleweight');
    expect(a.body.data).toEqual(plain.body.data);
  });

  it('rankings page_num is 1 to 17 and page_size is refused', async () => {
    expect((await call('/v2/rankings/?page_num=18')).status).toBe(400);
    expect((await call('/v2/rankings/?page_num=0')).status).toBe(400);
    const r = await call('/v2/rankings/?page_size=10');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('page_size');
  });
});

describe('bad values', () => {
  const cases: Array<[string, string]> = [
    ['/v2/fights/?page_size=0', 'page_size'],
    ['/v2/fights/?page_size=101', 'page_size'],
    ['/v2/fights/?page_size=2.5', 'page_size'],
    ['/v2/fights/?page_num=0', 'page_num'],
    ['/v2/fights/?page_num=abc', 'page_num'],
    ['/v2/fights/?date=2024-02-30', 'date'],
    ['/v2/fights/?date=20240201', 'date'],
    ['/v2/fights/?data_from=2024-03-01&date_to=2024-02-01', 'date_to'],
    ['/v2/events/?date_from=2024-03-01&date_to=2024-02-01', 'date_to'],
    ['/v2/fights/?data_from=2024-01-01&date_from=2024-01-02', 'data_from'],
    ['/v2/fights/?date_sort=UP', 'date_sort'],
    ['/v2/events/?status=DONE', 'status'],
    ['/v2/fights/?division_id=a&division_id=b', 'division_id'],
    ['/v2/fights/?division_id=Bad%20Id', 'division_id'],
    ['/v2/fighters/?name=', 'name'],
    ['/v2/events/schedule?days=ten', 'days'],
  ];
  for (const [path, parameter] of cases)
    it(`${path} is 400 InvalidParameter naming ${parameter}`, async () => {
      const { status, body } = await call(path);
      expect(status).toBe(400);
      expect(body.error.name).toBe('InvalidParameter');
      expect(body.error.message).toContain(`"${parameter}"`);
    });

  it('data_from and its synonym date_from with the same value count as one', async () => {
    const both = await call('/v2/fights/?data_from=2024-01-01&date_from=2024-01-01&page_size=5');
    expect(both.status).toBe(200);
    expect(both.text).toBe((await call('/v2/fights/?data_from=2024-01-01&page_size=5')).text);
  });

  it('unknown parameters are ignored: the answer is that of the request without them', async () => {
    const a = await call('/v2/divisions/?foo=bar&page_size=abc');
    expect(a.status).toBe(200);
    expect(a.text).toBe((await call('/v2/divisions/')).text);
    const b = await call('/v2/fights/?colour=red&date_sort=ASC&page_size=5');
    expect(b.status).toBe(200);
    expect(ids(b.body.data)).toEqual(ids(fights.slice(0, 5)));
  });
});
