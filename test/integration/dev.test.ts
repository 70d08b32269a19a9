// npm run dev: edits saved into the content folder reach the API without a rebuild, a request
// never sees half of a change, a broken edit changes nothing, and after a sequence of edits the
// store is, file for file, what a full build of the final content makes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInputs, isCurrent, readMarker } from '../../src/pipeline/output.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { buildSite } from '../helpers/build.ts';
import { differingFiles, HISTORY } from '../helpers/folder-files.ts';
import { writeSmallDataset } from '../helpers/small-dataset.ts';

const KEY = 'dev-test-key';
const work = mkdtempSync(path.join(tmpdir(), 'boxing-dev-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'dist');
let child: ChildProcess;
let url: string;
let output = '';

beforeAll(async () => {
  writeSmallDataset(content);
  child = spawn(process.execPath, ['scripts/dev.ts', '--port', '0'], {
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: dist, AS_OF: TEST_AS_OF, API_KEYS: KEY },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('Watching')) resolve();
    });
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', (code) => reject(new Error(`npm run dev exited with ${code}: ${output}`)));
  });
  url = /on (http:\/\/localhost:\d+)/.exec(output)![1];
}, 300_000);

afterAll(async () => {
  // A process ended by a signal has no exit code: waiting for its exit then would never end.
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

const get = async (p: string) => {
  const response = await fetch(url + p, { headers: { 'x-gateway-key': KEY } });
  return { status: response.status, body: await response.json() };
};
const file = (collection: string, name: string) => path.join(content, collection, name);
const json = (collection: string, name: string) => JSON.parse(readFileSync(file(collection, name), 'utf8'));
const save = (collection: string, name: string, record: unknown) =>
  writeFileSync(file(collection, name), `${JSON.stringify(record, null, 2)}\n`);

/** Waits until the preview has printed `count` more lines matching `pattern`. */
async function printed(pattern: RegExp, from: number, count = 1): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 25) {
    const seen = output.slice(from).match(new RegExp(pattern, 'g')) ?? [];
    if (seen.length >= count) return output.slice(from);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not printed: ${pattern}\n${output.slice(from)}`);
}

describe('npm run dev', () => {
  it('shows a saved result at the next request', async () => {
    const at = output.length;
    const fight = json('fights', 'fight-002090.json');
    save('fights', 'fight-002090.json', { ...fight, title: 'Saved Live' });
    await printed(/Applied 1 changed file/, at);
    expect((await get('/v2/fights/fight-002090')).body.data.title).toBe('Saved Live');
  });

  it("makes the API description's examples again from the changed store", async () => {
    const described = async () =>
      (await (await fetch(`${url}/v2/openapi.json`)).json()).paths['/fights/{fight_id}'].get;
    const id = (await described()).parameters[0].example as string;
    const at = output.length;
    save('fights', `${id}.json`, { ...json('fights', `${id}.json`), title: 'Described Live' });
    await printed(/Applied 1 changed file/, at);
    expect((await described()).responses['200'].content['application/json'].example.data.title).toBe('Described Live');
  });

  it('keeps the last good data and prints every problem of a broken edit, until it is fixed', async () => {
    const at = output.length;
    const fight = json('fights', 'fight-000010.json');
    save('fights', 'fight-000010.json', { ...fight, title: 'Broken', status: 'SOMETIMES', event_id: 'event-404' });
    const printedOut = await printed(/The last good data is served/, at);
    expect(printedOut).toContain('fight-000010.json: status: Invalid option');
    expect(printedOut).toContain('fight-000010.json: event_id: refers to event "event-404", which does not exist');
    expect((await get('/v2/fights/fight-000010')).body.data.title).toBe(fight.title);
    const fixed = output.length;
    save('fights', 'fight-000010.json', { ...fight, title: 'Fixed' });
    await printed(/Applied 1 changed file/, fixed);
    expect((await get('/v2/fights/fight-000010')).body.data.title).toBe('Fixed');
  });

  it('answers every request during a change that moves every page with the whole old or the whole new list', async () => {
    const before = (await get('/v2/fights/?date_sort=ASC&page_size=100')).body.data.map((f: { id: string }) => f.id);
    const at = output.length;
    // An oldest fight: every fight moves one place in the list of all fights.
    save('fights', 'fight-first.json', {
      ...json('fights', 'fight-000001.json'),
      id: 'fight-first',
      date: '2004-01-01T20:00:00',
    });
    const answers: string[][] = [];
    let done = false;
    const applied = printed(/Applied 1 changed file/, at).finally(() => (done = true));
    // Each request its own page size, a URL not asked before: the CDN stand-in would answer a
    // repeated one from what it kept, and the answering function, which reads the change, would not run.
    while (!done) {
      const size = 99 - (answers.length % 98);
      answers.push(
        (await get(`/v2/fights/?date_sort=ASC&page_size=${size}`)).body.data.map((f: { id: string }) => f.id),
      );
    }
    await applied;
    const after = (await get('/v2/fights/?date_sort=ASC&page_size=100')).body.data.map((f: { id: string }) => f.id);
    expect(after[0]).toBe('fight-first');
    for (const ids of answers) expect([before.slice(0, ids.length), after.slice(0, ids.length)]).toContainEqual(ids);
  });

  it('after fights added, moved and deleted, a fighter renamed and an event edited, holds what a full build of the final content makes', async () => {
    const token = (await get('/v2/changes/')).body.next_sync as string;
    let at = output.length;
    save('fights', 'fight-000100.json', { ...json('fights', 'fight-000100.json'), date: '2030-01-01T20:00:00' });
    const moved = json('fights', 'fight-001000.json');
    save('fights', 'fight-001000.json', {
      ...moved,
      division_id: moved.division_id === 'flyweight' ? 'bantamweight' : 'flyweight',
      title_ids: [],
    });
    unlinkSync(file('fights', 'fight-000200.json'));
    save('fighters', 'fighter-000003.json', {
      ...json('fighters', 'fighter-000003.json'),
      name: 'Renamed Live',
      nickname: 'Quick',
    });
    save('events', 'event-00020.json', { ...json('events', 'event-00020.json'), venue: 'Live Venue' });
    await printed(/Applied \d+ changed files?/, at);
    await new Promise((r) => setTimeout(r, 300));
    at = output.length;
    // The settled preview: every edit is in before the comparison.
    save('fights', 'fight-002091.json', { ...json('fights', 'fight-002091.json'), title: 'Last Edit' });
    await printed(/Applied 1 changed file/, at);

    const full = path.join(work, 'full');
    buildSite(full, { CONTENT_DIR: content });
    const differing = differingFiles(dist, full, { under: 'store', apart: [HISTORY] });
    expect(differing.slice(0, 10), `${differing.length} files differ`).toEqual([]);
    // The API's description too: its examples are those a full build takes from the same store
    // (but the changes feed's, whose tokens name the preview's history, not the fresh one a full build begins).
    const described = (root: string) => {
      const document = JSON.parse(readFileSync(path.join(root, 'v2/openapi.json'), 'utf8'));
      delete document.paths['/changes/'];
      return JSON.stringify(document);
    };
    expect(described(dist) === described(full)).toBe(true);
    // The changes feed holds each edit, as a build would record it.
    const feed = (await get(`/v2/changes/?since=${token}`)).body as {
      data: Array<{ collection: string; id: string; change: string; record: unknown }>;
      next_sync: string;
    };
    const seen = (collection: string, id: string) =>
      feed.data.filter((c) => c.collection === collection && c.id === id).map((c) => c.change);
    expect(seen('fights', 'fight-000200')).toEqual(['deleted']);
    expect(seen('fights', 'fight-000100')).toContain('changed');
    expect(seen('fighters', 'fighter-000003')).toContain('changed');
    expect(seen('events', 'event-00020')).toContain('changed');
    expect(feed.data.find((c) => c.id === 'fighter-000003')!.record).toMatchObject({ name: 'Renamed Live' });
    expect(feed.next_sync).not.toBe(token);
    expect((await get('/v2/fighters/?name=renamed live')).body.data.map((f: { id: string }) => f.id)).toEqual([
      'fighter-000003',
    ]);
  });

  it('once saves pause, marks the site as built from the content as it is, so the next start takes it as it is', async () => {
    const at = output.length;
    save('fights', 'fight-002092.json', { ...json('fights', 'fight-002092.json'), title: 'Marked' });
    await printed(/Applied 1 changed file/, at);
    expect(readMarker(dist)).toBeNull();
    const current = { ...buildInputs({ contentDir: content, asOfDay: TEST_AS_OF }) };
    for (let waited = 0; readMarker(dist) === null && waited < 30_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(readMarker(dist)?.fingerprint).toBe(current.fingerprint);
    expect(isCurrent(dist, current)).toBe(true);
  });
});
