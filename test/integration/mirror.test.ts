// The SQLite mirror (client/examples/sqlite-mirror.ts) end to end: a copy made from the exports of
// a build, then kept by the changes feed across edits of every kind, each rebuilt both ways (over
// the previous build, and from nothing), until it matches a fresh export record for record.
import { mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mirrorToSqlite, recordsIn } from '../../client/examples/sqlite-mirror.ts';
import { COLLECTIONS, createClient } from '../../client/src/index.ts';
import { createHandler } from '../../src/api/handler.ts';
import { MARKER } from '../../src/pipeline/output.ts';
import { folderStore } from '../../src/hosts/node/folder-store.ts';
import { buildSiteAside } from '../helpers/build.ts';
import { writeSmallDataset } from '../helpers/small-dataset.ts';

const KEY = 'mirror-key';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-mirror-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'site');
const db = path.join(work, 'copy.sqlite');

// The API over the built folder, called in place; each request counted, with its bytes.
const handle = createHandler({ keys: [KEY] });
const store = folderStore(dist);
const traffic = { requests: 0, bytes: 0 };
const client = createClient({
  baseUrl: 'http://api.test',
  apiKey: KEY,
  fetch: async (input, init) => {
    const response = await handle(new Request(input, init), store);
    const body = await response.arrayBuffer();
    traffic.requests++;
    traffic.bytes += body.byteLength;
    return new Response(body, response);
  },
});

const build = () => buildSiteAside(dist, { CONTENT_DIR: content });
const json = (file: string) => JSON.parse(readFileSync(path.join(content, file), 'utf8'));
const put = (file: string, record: unknown) =>
  writeFileSync(path.join(content, file), `${JSON.stringify(record, null, 2)}\n`);

/** Runs the mirror, counting its requests. */
async function mirror() {
  traffic.requests = 0;
  traffic.bytes = 0;
  return { ...(await mirrorToSqlite(client, db)), ...traffic };
}

/** The copy holds every record a fresh export holds, and no other. */
async function expectSameAsExports() {
  for (const collection of COLLECTIONS) {
    const exported = new Map<string, unknown>();
    for await (const record of client.exports.records(collection)) exported.set((record as { id: string }).id, record);
    const copied = recordsIn(db, collection);
    expect([...copied.keys()].sort(), collection).toEqual([...exported.keys()].sort());
    for (const [id, record] of exported) expect(copied.get(id), `${collection} ${id}`).toEqual(record);
  }
}

beforeAll(async () => {
  writeSmallDataset(content);
  await build();
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

it('makes a SQLite copy from the exports, then keeps it in step with the changes of each build', async () => {
  const first = await mirror();
  expect(first.fromExports).toBe(true);
  await expectSameAsExports();

  // Nothing changed: one request, nothing applied.
  const idle = await mirror();
  expect([idle.fromExports, idle.applied, idle.requests]).toEqual([false, 0, 1]);

  // Added, changed, deleted, moved (to another date and division; a file to another name), a fighter renamed.
  put('fights/fight-new-1.json', {
    ...json('fights/fight-000200.json'),
    id: 'fight-new-1',
    date: '2007-03-03T20:00:00',
  });
  const fight = json('fights/fight-002090.json');
  put('fights/fight-002090.json', {
    ...fight,
    status: 'FINISHED',
    results: { outcome: 'UD', round: String(fight.scheduled_rounds) },
    scores: ['116-112', '115-113', '117-111'],
    fighters: {
      fighter_1: { ...fight.fighters.fighter_1, winner: true },
      fighter_2: { ...fight.fighters.fighter_2, winner: false },
    },
  });
  unlinkSync(path.join(content, 'fights/fight-000300.json'));
  put('fights/fight-000100.json', { ...json('fights/fight-000100.json'), date: '2029-06-01T21:00:00' });
  const other = json('fights/fight-001500.json');
  put('fights/fight-001500.json', {
    ...other,
    division_id: other.division_id === 'heavyweight' ? 'cruiserweight' : 'heavyweight',
    title_ids: [],
  });
  renameSync(path.join(content, 'fights/fight-000400.json'), path.join(content, 'fights/fight-000400-moved.json'));
  put('fighters/fighter-000007.json', {
    ...json('fighters/fighter-000007.json'),
    name: 'Renamed Fighter',
    full_name: 'Renamed Middle Fighter',
  });
  expect(await build()).toMatch(/taken from the previous build/);
  const synced = await mirror();
  expect(synced.fromExports).toBe(false);
  // The renamed fighter's fights change with them.
  expect(synced.applied).toBeGreaterThan(6);
  expect(synced.requests).toBeLessThanOrEqual(3);
  await expectSameAsExports();

  // A build from nothing (no build to take files from) finds its changes against the state the previous one saved.
  unlinkSync(path.join(dist, MARKER));
  const event = json('events/event-00010.json');
  put('events/event-00010.json', { ...event, title: `${event.title} (renamed)` });
  unlinkSync(path.join(content, 'fights/fight-new-1.json'));
  expect(await build()).not.toMatch(/taken from the previous build/);
  const rebuilt = await mirror();
  expect(rebuilt.fromExports).toBe(false);
  expect(rebuilt.applied).toBeGreaterThan(1);
  await expectSameAsExports();
}, 240_000);
