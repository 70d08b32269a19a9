// Cursor paging far beyond the 10,000-offset ceiling, on a generated dataset larger than the
// default one. The store is written by the same writer as the site's, held in memory (and served
// by the preview server for the typed client's export).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read.ts';
import { memoryContext, memoryStore } from '../helpers/memory-store.ts';
import { writeDataset } from '../helpers/small-dataset.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import { createHandler } from '../../src/api/handler.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { startServer } from '../../src/hosts/node/serve.ts';
import { createClient } from '../../client/src/index.ts';

const FIGHTS = 12_500;
let call: (path: string) => Promise<{ status: number; body: any }>;
let ascending: string[];
let files: Awaited<ReturnType<typeof memoryStore>>['files'];

beforeAll(async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'deep-'));
  // Few fighters: the paging is the fights', and each fighter is work the store does for nothing here.
  writeDataset(out, { fights: FIGHTS, fighters: 300 });
  const dataset = resolveDataset(await readContent(out), TEST_AS_OF);
  ascending = dataset.fights.map((f) => f.id);
  const store = await memoryStore(dataset);
  files = store.files;
  const handle = createHandler({ keys: ['k'], now: () => Date.parse('2026-11-21T12:00:00Z') * 1000 });
  call = async (p) => {
    const response = await handle(new Request(`https://deep.test${p}`, { headers: { 'x-gateway-key': 'k' } }), store);
    return { status: response.status, body: await response.json() };
  };
});

async function walk(first: string) {
  const seen: string[] = [];
  let next: string | null = first;
  while (next !== null) {
    const { status, body } = await call(next);
    expect(status, next).toBe(200);
    seen.push(...body.data.map((f: { id: string }) => f.id));
    next =
      body.pagination.next_page &&
      new URL(body.pagination.next_page).pathname + new URL(body.pagination.next_page).search;
  }
  return seen;
}

describe(`cursor paging over ${FIGHTS} fights`, () => {
  it('page numbers stop at offset 10,000 while next_page goes on to the last fight', async () => {
    expect((await call('/v2/fights/?page_size=100&page_num=101')).body.error.name).toBe('PageLimitExceeded');
    const desc = await walk('/v2/fights/?page_size=100');
    expect(desc).toHaveLength(FIGHTS);
    expect(new Set(desc).size).toBe(FIGHTS);
    expect(desc).toEqual([...ascending].reverse());
  });

  it('from the default first page and ascending, with every page size step', async () => {
    const asc = await walk('/v2/fights/?date_sort=ASC&page_size=97');
    expect(asc).toEqual(ascending);
    const fromDefault = await walk('/v2/fights/');
    expect(fromDefault).toEqual([...ascending].reverse());
  });

  it('a page past the built pages continues from the built page before it', async () => {
    const page400 = await call('/v2/fights/?page_num=400');
    expect(page400.body.data).toHaveLength(25);
    const next = new URL(page400.body.pagination.next_page);
    const page401 = await call(next.pathname + next.search);
    expect(page401.body.pagination.page).toBe(401);
    expect(page401.body.data.map((f: { id: string }) => f.id)).toEqual([...ascending].reverse().slice(10_000, 10_025));
  });
});

describe('the typed client over HTTP', () => {
  it(`exports all ${FIGHTS} fights through the preview server, past offset 10,000`, async () => {
    const server = await startServer({ context: memoryContext(files), port: 0, env: { API_KEYS: 'k' } });
    try {
      const client = createClient({
        baseUrl: `http://127.0.0.1:${server.port}`,
        apiKey: 'k',
        keyHeader: 'x-rapidapi-key',
      });
      const exported: string[] = [];
      for await (const fight of client.fights.all()) exported.push(fight.id);
      expect(exported).toEqual([...ascending].reverse());
    } finally {
      await server.close();
    }
  });
});
