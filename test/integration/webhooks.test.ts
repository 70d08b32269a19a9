// Webhooks across the build command, the changes feed and the live preview: a build that changes
// records pushes one delivery the standardwebhooks package verifies, whose `since` token gets
// exactly the changes it counts from /v2/changes/ of the built store; a build that changes nothing
// pushes none; an applied edit in the live preview pushes the same; a malformed WEBHOOKS stops the
// build before it starts, naming the entry and never the secret.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/api/handler.ts';
import { liveStore } from '../../src/dev/live-store.ts';
import { folderOrigin } from '../../src/hosts/node/folder-origin.ts';
import { folderStore } from '../../src/hosts/node/folder-store.ts';
import { MARKER } from '../../src/pipeline/output.ts';
import { subscribersFromEnvironment } from '../../src/webhooks/subscribers.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { buildSiteAside } from '../helpers/build.ts';
import { runScript } from '../helpers/script.ts';
import { writeDataset } from '../helpers/small-dataset.ts';
import { newSecret, startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

const KEY = 'hook-key';
const work = mkdtempSync(path.join(tmpdir(), 'boxing-webhooks-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'site');
const handle = createHandler({ keys: [KEY] });
const secret = newSecret();
let receiver: Receiver;

const webhooks = () => JSON.stringify([{ url: receiver.url, secret }]);
const build = (env: Record<string, string> = {}) => buildSiteAside(dist, { CONTENT_DIR: content, ...env });
const fightFile = (name: string) => path.join(content, 'fights', name);
const retitle = (name: string, title: string) =>
  writeFileSync(
    fightFile(name),
    JSON.stringify({ ...JSON.parse(readFileSync(fightFile(name), 'utf8')), title }, null, 2),
  );

interface Delivered {
  type: string;
  data: { build: number; counts: Record<string, { created: number; changed: number; deleted: number }>; since: string };
}

/** Every change from `since` on, through the handler over the built folder, following next_page. */
async function changesSince(since: string): Promise<Array<{ build: number; collection: string; change: string }>> {
  const store = folderStore(dist);
  const entries = [];
  let next: string | null = `/v2/changes/?since=${encodeURIComponent(since)}`;
  while (next !== null) {
    const response = await handle(new Request(`http://api.test${next}`, { headers: { 'x-gateway-key': KEY } }), store);
    expect(response.status).toBe(200);
    const body = JSON.parse(await response.text());
    entries.push(...body.data);
    next =
      body.pagination.next_page === null
        ? null
        : `/v2/changes/?cursor=${encodeURIComponent(body.pagination.next_page)}`;
  }
  return entries;
}

/** The feed's entries tallied as a delivery counts them. */
function tally(entries: Array<{ collection: string; change: string }>) {
  const counts: Record<string, Record<string, number>> = {};
  for (const { collection, change } of entries)
    (counts[collection] ??= { created: 0, changed: 0, deleted: 0 })[change]++;
  return counts;
}

beforeAll(async () => {
  receiver = await startReceiver([secret]);
  writeDataset(content, { fights: 300, fighters: 100 });
  await build();
}, 120_000);
afterAll(async () => {
  await receiver.close();
  rmSync(work, { recursive: true, force: true });
});

describe('webhooks', () => {
  it('a malformed WEBHOOKS stops the build before it starts, naming the entry, never the secret', async () => {
    const marker = readFileSync(path.join(dist, MARKER), 'utf8');
    const bad = JSON.stringify([
      { url: receiver.url, secret },
      { url: 'https://apps.example/hook', secret: secret.slice(6) },
    ]);
    const run = await runScript('scripts/build.ts', ['--outDir', dist], { CONTENT_DIR: content, WEBHOOKS: bad });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('WEBHOOKS entry 2 (https://apps.example/hook): secret does not start with whsec_');
    expect(run.stdout + run.stderr).not.toContain(secret.slice(6));
    expect(readFileSync(path.join(dist, MARKER), 'utf8')).toBe(marker);
    const notJson = await runScript('scripts/build.ts', ['--outDir', dist], {
      CONTENT_DIR: content,
      WEBHOOKS: `[{"secret":"${secret}"`,
    });
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toContain('WEBHOOKS is not JSON');
    expect(notJson.stdout + notJson.stderr).not.toContain(secret.slice(6));
    // The live preview refuses it as the build does, before it builds or serves anything.
    const dev = await runScript('scripts/dev.ts', ['--port', '0'], {
      CONTENT_DIR: content,
      DIST_DIR: dist,
      WEBHOOKS: bad,
    });
    expect(dev.status).toBe(2);
    expect(dev.stderr).toContain('WEBHOOKS entry 2 (https://apps.example/hook): secret does not start with whsec_');
    expect(dev.stdout + dev.stderr).not.toContain(secret.slice(6));
  });

  it('a build that changes records delivers one verified POST whose since gets exactly the changes it counts', async () => {
    retitle('fight-000001.json', 'Pushed once');
    retitle('fight-000002.json', 'Pushed twice');
    const output = await build({ WEBHOOKS: webhooks() });
    const name = receiver.url.split('?')[0];
    expect(output).toMatch(new RegExp(`Webhook ${name}: build \\d+ delivered after 1 try \\(status 204\\)\\.`));
    expect(output).not.toContain(secret.slice(6));
    expect(receiver.received).toHaveLength(1);
    const delivered = receiver.received[0].verified[0] as Delivered;
    expect(delivered.type).toBe('data.changed');
    expect(delivered.data.counts.fights.changed).toBeGreaterThanOrEqual(2);
    const entries = await changesSince(delivered.data.since);
    expect(new Set(entries.map((e) => e.build))).toEqual(new Set([delivered.data.build]));
    expect(tally(entries)).toEqual(delivered.data.counts);
  }, 120_000);

  it('a build that changes nothing delivers nothing', async () => {
    const output = await build({ WEBHOOKS: webhooks() });
    expect(output).toContain('Webhooks: the build added no change to the changes feed; nothing delivered.');
    expect(receiver.received).toHaveLength(1);
  }, 120_000);

  it('the live preview delivers each applied edit, whose since gets exactly the changes it counts', async () => {
    let seen: (relative: string) => void = () => {};
    const live = await liveStore({
      distDir: dist,
      contentDir: content,
      asOf: TEST_AS_OF,
      context: folderOrigin(dist),
      rebuild: async () => false,
      log: () => {},
      settleMs: 0,
      watch: (_root, onChange) => ((seen = onChange), { folders: () => 1, close() {} }),
      subscribers: subscribersFromEnvironment({ WEBHOOKS: webhooks() }),
      deliverySchedule: { delaysMs: [50], timeoutMs: 2_000 },
    });
    try {
      retitle('fight-000003.json', 'Pushed live');
      seen('fights/fight-000003.json');
      await live.idle();
      for (let waited = 0; receiver.received.length < 2 && waited < 5_000; waited += 20) await sleep(20);
      expect(receiver.received).toHaveLength(2);
      const delivered = receiver.received[1].verified[0] as Delivered;
      expect(delivered.data.counts.fights.changed).toBeGreaterThanOrEqual(1);
      const entries = await changesSince(delivered.data.since);
      expect(new Set(entries.map((e) => e.build))).toEqual(new Set([delivered.data.build]));
      expect(tally(entries)).toEqual(delivered.data.counts);
    } finally {
      await live.close();
    }
  }, 60_000);
});
