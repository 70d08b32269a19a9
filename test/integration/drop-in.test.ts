// A client written for the commercial Boxing Data API, as public apps, bots and loaders are
// written, pointed at this API by changing only its base URL: the RapidAPI key header, the
// next_page loop, error.code, a fighter's birth_year, ranking records filtered on gender and a
// sanctioning body found by its acronym in its name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, startPreview } from '../helpers/server.ts';

let preview: Awaited<ReturnType<typeof startPreview>>;
let BASE_URL: string;
beforeAll(async () => {
  preview = await startPreview();
  BASE_URL = preview.base; // the one line such a client changes
});
afterAll(() => preview.close());

// ---- the client, as written against the commercial API ----
const HEADERS = { 'x-rapidapi-key': KEY, 'x-rapidapi-host': 'boxing-data-api.p.rapidapi.com' };

async function call(pathOrUrl: string, headers: Record<string, string> = HEADERS) {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : BASE_URL + pathOrUrl;
  const response = await fetch(url, { headers });
  const body = await response.json();
  if (body.error?.code)
    throw Object.assign(new Error(body.error.message), { code: body.error.code, status: response.status });
  return body;
}

async function exportFights(query: string) {
  const fights = [];
  let url: string | null = `/v2/fights/?${query}`;
  while (url) {
    const page = await call(url);
    fights.push(...page.data);
    url = page.pagination.next_page;
  }
  return fights;
}

async function loadRankings() {
  const kept = [];
  for (let page = 1; page <= 17; page++) {
    const { data } = await call(`/v2/rankings/?page_num=${page}`);
    kept.push(...data.filter((r: { gender?: string }) => r.gender === undefined || r.gender === 'male'));
  }
  return kept;
}

async function fighterCard(id: string) {
  const { data } = await call(`/v2/fighters/${id}`);
  return `${data.name}, born ${data.birth_year}, ${data.stats.wins}-${data.stats.losses}-${data.stats.draws}`;
}

async function fightsBetween(from: string, to: string, headers = HEADERS) {
  try {
    return (await call(`/v2/fights/?date_from=${from}&date_to=${to}`, headers)).data;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'InvalidParameter') return 'check your dates';
    if (code === 'InvalidApiKey' || code === 'MissingApiKey') return 'check your key';
    throw e;
  }
}
async function bodyByAcronym(acronym: string) {
  const { data } = await call('/v2/organizations/');
  return data.find((o: { name: string }) => o.name.includes(acronym));
}
// ---- end of the client ----

describe('a client of the commercial API, given only our base URL', () => {
  it('sends x-rapidapi-key and follows next_page to the end', async () => {
    const fights = await exportFights('division_id=middleweight&page_size=100');
    const total = (await preview.json('/v2/fights/?division_id=middleweight')).body.pagination.total_items;
    expect(fights).toHaveLength(total);
    expect(new Set(fights.map((f: { id: string }) => f.id)).size).toBe(total);
  });

  it('keeps every ranking record when it keeps the "male" ones', async () => {
    expect(await loadRankings()).toHaveLength(68);
  });

  it("reads a fighter's birth_year", async () => {
    const first = (await preview.json('/v2/fighters/?page_size=1')).body.data[0];
    const card = await fighterCard(first.id);
    expect(card.startsWith(`${first.name}, born `), card).toBe(true);
    expect(card).toMatch(/, born (19|20)\d\d, \d+-\d+-\d+$/);
  });

  it('finds each sanctioning body by its acronym in its name, which also gives its full name', async () => {
    const { data } = (await preview.json('/v2/organizations/')).body;
    expect(data.map((o: { slug: string }) => o.slug).sort()).toEqual(['ibf', 'wba', 'wbc', 'wbo']);
    for (const org of data as { id: string; name: string; slug: string }[]) {
      const acronym = org.slug.toUpperCase();
      expect((await bodyByAcronym(acronym))?.id).toBe(org.id);
      // "World Boxing Council (WBC)": the full name, whose words' initials are the acronym, then the acronym.
      const [, fullName, inParentheses] = org.name.match(/^(.+) \((.+)\)$/) ?? [];
      expect(inParentheses, org.name).toBe(acronym);
      expect(
        fullName
          .split(' ')
          .map((word) => word[0])
          .join(''),
        org.name,
      ).toBe(acronym);
    }
  });

  it('tells a bad date range from a bad key by error.code', async () => {
    expect(await fightsBetween('2024-03-01', '2024-02-01')).toBe('check your dates');
    expect(Array.isArray(await fightsBetween('2024-01-01', '2024-02-01'))).toBe(true);
    expect(await fightsBetween('2024-01-01', '2024-02-01', { ...HEADERS, 'x-rapidapi-key': 'revoked-key' })).toBe(
      'check your key',
    );
  });
});
