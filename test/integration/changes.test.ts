// The changes feed across builds made by the build command: what each build changed, tokens that
// follow it across rebuilds, pages and days, and the tokens it cannot follow (made up, altered,
// of a history begun afresh, from before the kept history, ahead of the data) with their 4xx.
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/api/handler.ts';
import { decodeSyncToken, encodeSyncToken } from '../../src/api/sync-token.ts';
import { MARKER, stateFolder } from '../../src/pipeline/output.ts';
import { folderStore } from '../../src/hosts/node/folder-store.ts';
import { paths } from '../../src/store/layout.ts';
import { buildSiteAside } from '../helpers/build.ts';
import { writeDataset } from '../helpers/small-dataset.ts';

const KEY = 'feed-key';
const work = mkdtempSync(path.join(tmpdir(), 'boxing-changes-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'site');
const handle = createHandler({ keys: [KEY] });
const store = folderStore(dist);

interface Feed {
  status: number;
  body: {
    data: Array<{
      build: number;
      built_at: string;
      collection: string;
      id: string;
      change: string;
      record: { id: string } | null;
    }>;
    pagination: { page: number; items: number; total_pages: number; total_items: number; next_page: string | null };
    next_sync: string | null;
    exports: string;
    error: { name?: string; message?: string };
  };
}

async function get(pathAndQuery: string): Promise<Feed> {
  const response = await handle(
    new Request(`http://api.test${pathAndQuery}`, { headers: { 'x-gateway-key': KEY } }),
    store,
  );
  return { status: response.status, body: JSON.parse(await response.text()) };
}
const since = (token: string, more = '') => get(`/v2/changes/?since=${encodeURIComponent(token)}${more}`);
const current = async () => (await get('/v2/changes/')).body.next_sync!;

const day = (n: number) => new Date(Date.parse('2026-01-01T06:00:00Z') + n * 86_400_000).toISOString().slice(0, 19);
const build = (at: number) => buildSiteAside(dist, { CONTENT_DIR: content, BUILD_TIME: day(at) });
const file = (name: string) => path.join(content, 'fights', name);
const edit = (name: string, change: (fight: Record<string, unknown>) => Record<string, unknown>) =>
  writeFileSync(file(name), JSON.stringify(change(JSON.parse(readFileSync(file(name), 'utf8'))), null, 2));

let first: string;
beforeAll(async () => {
  writeDataset(content, { fights: 300, fighters: 100 });
  expect(await build(0)).toMatch(/history starts afresh \(there is no previous build\)/);
  first = await current();
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the changes feed', () => {
  let second: string;

  it('answers no change since the current token, and a rebuild of unchanged content adds none', async () => {
    const index = readFileSync(path.join(dist, paths.changesIndex), 'utf8');
    const answer = await since(first);
    expect(answer.status).toBe(200);
    expect([answer.body.data, answer.body.next_sync, answer.body.exports]).toEqual([
      [],
      first,
      'http://api.test/v2/exports/',
    ]);
    expect(await build(0)).toMatch(/no record changed/);
    expect(readFileSync(path.join(dist, paths.changesIndex), 'utf8')).toBe(index);
    // A build from nothing (no build to take files from) writes the same history.
    unlinkSync(path.join(dist, MARKER));
    expect(await build(0)).toMatch(/no record changed/);
    expect(readFileSync(path.join(dist, paths.changesIndex), 'utf8')).toBe(index);
    expect(await current()).toBe(first);
  });

  it('lists what a rebuild created, changed and deleted, each record as it was built, and hands the next token', async () => {
    edit('fight-000010.json', (f) => ({ ...f, title: 'Corrected Title' }));
    edit('fight-000020.json', (f) => ({ ...f, scheduled_rounds: f.scheduled_rounds === 10 ? 12 : 10 }));
    unlinkSync(file('fight-000030.json'));
    edit('fight-000040.json', (f) => f);
    writeFileSync(
      file('fight-new.json'),
      JSON.stringify({ ...JSON.parse(readFileSync(file('fight-000050.json'), 'utf8')), id: 'fight-new' }),
    );
    const built = await build(1);
    const answer = await since(first);
    expect(built).toMatch(/4 records changed, build 2/);
    const changes = answer.body.data.map((c) => [c.collection, c.id, c.change, c.build, c.built_at]);
    expect(changes.toSorted()).toEqual(
      [
        ['fights', 'fight-000010', 'changed'],
        ['fights', 'fight-000020', 'changed'],
        ['fights', 'fight-000030', 'deleted'],
        ['fights', 'fight-new', 'created'],
      ].map((c) => [...c, 2, day(1)]),
    );
    expect(answer.body.data.find((c) => c.id === 'fight-000010')!.record).toEqual(
      (await get('/v2/fights/fight-000010')).body.data,
    );
    expect(answer.body.data.find((c) => c.id === 'fight-000030')!.record).toBeNull();
    second = answer.body.next_sync!;
    expect(second).not.toBe(first);
    expect(second).toBe(await current());
    expect((await since(second)).body.data).toEqual([]);
  });

  it('pages by next_page, giving next_sync on the last page only', async () => {
    const whole = (await since(first)).body.data;
    let page = await since(first, '&page_size=3');
    expect(page.body.pagination).toMatchObject({ page: 1, items: 3, total_pages: 2, total_items: 4 });
    expect(page.body.next_sync).toBeNull();
    const paged = [...page.body.data];
    const next = new URL(page.body.pagination.next_page!);
    page = await get(next.pathname + next.search);
    expect(page.body.pagination).toMatchObject({ page: 2, items: 1, next_page: null });
    paged.push(...page.body.data);
    expect(paged).toEqual(whole);
    expect(page.body.next_sync).toBe(second);
  });

  it('takes a day or a time for since: the changes of the builds made after it', async () => {
    expect((await since(day(0))).body.data.map((c) => c.id).toSorted()).toEqual([
      'fight-000010',
      'fight-000020',
      'fight-000030',
      'fight-new',
    ]);
    expect((await since(day(1).slice(0, 10))).body.data.map((c) => c.id)).toHaveLength(4);
    expect((await since(day(1))).body.data).toEqual([]);
    // Before the history's first build, it cannot tell what changed.
    expect((await since(day(0).slice(0, 10))).body.error.name).toBe('SyncTokenExpired');
    expect((await since('2026-02-30')).status).toBe(400);
  });

  it('refuses a made-up, an altered or a malformed token with 400 InvalidSyncToken, saying to start again from the exports', async () => {
    for (const token of [
      'not-a-token-at-all',
      `${second.slice(0, -1)}${second.endsWith('0') ? '1' : '0'}`,
      'abc',
      '%%%%%%%%%%%',
    ]) {
      const answer = await since(token);
      expect([token, answer.status, answer.body.error.name]).toEqual([token, 400, 'InvalidSyncToken']);
      expect(answer.body.error.message).toMatch(/Download the exports again \(GET \/v2\/exports\/\)/);
    }
  });

  it('answers 410 SyncTokenExpired to a token of another history, or ahead of the data served', async () => {
    const { history, position, build } = decodeSyncToken(second);
    for (const token of [
      encodeSyncToken({ history: '0123456789abcdef', position, build }),
      encodeSyncToken({ history, position: position + 5, build }),
      // The same place, in a build made apart from this history (another build from the same saved state).
      encodeSyncToken({ history, position, build: '0123456789abcdef' }),
    ]) {
      const answer = await since(token);
      expect([answer.status, answer.body.error.name]).toEqual([410, 'SyncTokenExpired']);
      expect(answer.body.error.message).toMatch(/Download the exports again/);
    }
  });

  it('drops the builds past 90 days: a token from before them expires, a later one still follows', async () => {
    edit('fight-000060.json', (f) => ({ ...f, title: 'Much Later' }));
    expect(await build(100)).toMatch(/1 record changed, build 3/);
    const expired = await since(first);
    expect([expired.status, expired.body.error.name]).toEqual([410, 'SyncTokenExpired']);
    expect(expired.body.error.message).toMatch(/older than the changes kept/);
    const followed = await since(second);
    expect(followed.body.data.map((c) => [c.id, c.build])).toEqual([['fight-000060', 3]]);
  });

  it('begins a new history when the previous build left no state, and says so: older tokens expire', async () => {
    const before = await current();
    rmSync(stateFolder(dist), { recursive: true, force: true });
    expect(await build(101)).toMatch(/history starts afresh/);
    const answer = await since(before);
    expect([answer.status, answer.body.error.name]).toEqual([410, 'SyncTokenExpired']);
    expect(answer.body.error.message).toMatch(/started afresh/);
    expect((await since(await current())).body.data).toEqual([]);
  });
});
