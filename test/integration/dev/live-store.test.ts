// The live preview's store stops at once: the marker it leaves after a change is worked out from
// the listing the preview started with and the files it applied, never by listing the content
// again (at a million files that takes tens of seconds), and the next start takes the site as it is.
// An edit saved at any moment of a rebuild or an update is served, and the marker never vouches
// for content the site does not serve.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildInputs, isCurrent, readMarker, stateFolder, swapIn } from '../../../src/pipeline/output.ts';
import { readStateMeta } from '../../../src/pipeline/state.ts';
import { folderOrigin } from '../../../src/hosts/node/folder-origin.ts';
import { folderStore } from '../../../src/hosts/node/folder-store.ts';
import { liveStore } from '../../../src/dev/live-store.ts';
import * as inputs from '../../../src/pipeline/inputs.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { buildSite, buildSiteAside } from '../../helpers/build.ts';
import { directClient } from '../../helpers/handler.ts';
import { writeSmallDataset } from '../../helpers/small-dataset.ts';

// Every listing of the content counted: the preview's own must make none. (The modules are
// loaded afresh around this file: test files share a worker's.)
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../../src/pipeline/inputs.ts');
  vi.resetModules();
});
vi.mock('../../../src/pipeline/inputs.ts', async (original) => {
  const real = await original<typeof inputs>();
  return { ...real, listContent: vi.fn(real.listContent), contentInputsOffThread: vi.fn(real.contentInputsOffThread) };
});

const work = mkdtempSync(path.join(tmpdir(), 'boxing-live-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'dist');
afterAll(() => rmSync(work, { recursive: true, force: true }));
const builtFrom = { contentDir: content, asOfDay: TEST_AS_OF };

describe('the live store', () => {
  it('marks the site on closing, right after a change, from the listing it started with', async () => {
    writeSmallDataset(content);
    buildSite(dist, { CONTENT_DIR: content });
    const listing = inputs.listContent(content);
    const live = await liveStore({
      distDir: dist,
      contentDir: content,
      asOf: TEST_AS_OF,
      context: folderOrigin(dist),
      rebuild: async () => false,
      log: () => {},
      listing,
      settleMs: 0,
    });
    const file = path.join(content, 'fights', 'fight-002092.json');
    writeFileSync(
      file,
      JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), title: 'Closed at once' }, null, 2),
    );
    // Applied once the watcher reports the save: the marker goes first.
    for (let waited = 0; readMarker(dist) !== null && waited < 20_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    await live.idle();
    expect(readMarker(dist)).toBeNull();
    vi.mocked(inputs.listContent).mockClear();
    await live.close();
    expect(inputs.listContent).not.toHaveBeenCalled();
    expect(inputs.contentInputsOffThread).not.toHaveBeenCalled();
    // What the next start lists: the site is current.
    expect(isCurrent(dist, buildInputs(builtFrom))).toBe(true);
  });
});

/** A moment a test opens: what waits on it goes on. */
function signal() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * A preview of a small dataset of its own, whose saves the test reports itself (each the moment it
 * chooses), whose rebuild is npm run build (or `build`) held once built while the test says, and
 * which runs what the test asks at each moment an update serves its staged files.
 */
async function preview(options: { build?: () => Promise<void> } = {}) {
  const work = mkdtempSync(path.join(tmpdir(), 'boxing-live-edits-'));
  const content = path.join(work, 'content');
  const dist = path.join(work, 'dist');
  writeSmallDataset(content);
  buildSite(dist, { CONTENT_DIR: content });
  const builtFrom = { contentDir: content, asOfDay: TEST_AS_OF };
  let seen!: (relative: string) => void;
  let held: { built: ReturnType<typeof signal>; finish: ReturnType<typeof signal> } | null = null;
  let rebuilds = 0;
  const build = options.build ?? (async () => void (await buildSiteAside(dist, { CONTENT_DIR: content })));
  const whileStaged: Array<() => void> = [];
  const origin = folderOrigin(dist);
  const live = await liveStore({
    distDir: dist,
    contentDir: content,
    asOf: TEST_AS_OF,
    log: () => {},
    listing: inputs.listContent(content),
    settleMs: 0,
    context: { ...origin, stage: (files) => (whileStaged.shift()?.(), origin.stage(files)) },
    watch: (_root, onChange) => ((seen = onChange), { folders: () => 1, close() {} }),
    rebuild: async () => {
      rebuilds++;
      // A build that fails is held too, so that the test goes on to fail on what is served.
      const built = await build().then(
        () => true,
        (e: Error) => (console.error(e.message), false),
      );
      const hold = held;
      held = null;
      if (hold) {
        hold.built.open();
        await hold.finish.opened;
      }
      return built;
    },
  });
  onTestFinished(async () => {
    // A test that failed midway may have left a rebuild held.
    held?.finish.open();
    await live.close();
    rmSync(work, { recursive: true, force: true });
  });
  const file = (relative: string) => path.join(content, relative);
  const call = directClient(Date.parse(`${TEST_AS_OF}T12:00:00Z`), folderStore(dist));
  return {
    content,
    dist,
    live,
    work,
    rebuilds: () => rebuilds,
    /** The record as its file holds it now. */
    record: (relative: string) => JSON.parse(readFileSync(file(relative), 'utf8')),
    /** Saves fields into a file without the store seeing it yet. */
    save(relative: string, fields: Record<string, unknown>) {
      writeFileSync(file(relative), `${JSON.stringify({ ...this.record(relative), ...fields }, null, 2)}\n`);
    },
    report: (relative: string) => seen(relative),
    /** Saves fields into a file, and the store sees it at once. */
    edit(relative: string, fields: Record<string, unknown>) {
      this.save(relative, fields);
      this.report(relative);
    },
    /** Holds the next rebuild once its build is done, until `finish()`. */
    holdRebuild() {
      const hold = { built: signal(), finish: signal() };
      held = hold;
      return { built: hold.built.opened, finish: hold.finish.open };
    },
    /** Runs `then` as the next update serves its staged files: first its store files, then its description. */
    whileStaged: (then: () => void) => whileStaged.push(then),
    fightTitle: async (id: string) => (await call(`/v2/fights/${id}`)).body.data.title,
    ranking: async () => (await call('/v2/rankings/?organization_id=ibf&division_id=bantamweight')).body.data[0],
    /** True when the marker says the site is a build of the content as it is now. */
    marked: () => isCurrent(dist, buildInputs(builtFrom)),
  };
}

const RANKING = 'rankings/ibf-bantamweight.json';
const fight = (n: number) => `fights/fight-${String(n).padStart(6, '0')}.json`;

describe('the live store, whenever an edit is saved', { timeout: 60_000 }, () => {
  it('serves an edit saved while the site is built again, and marks the site only once it serves it', async () => {
    const p = await preview();
    const rebuild = p.holdRebuild();
    p.edit(RANKING, { updated_at: '2026-11-01T10:00:00.000000' });
    await rebuild.built;
    p.edit(fight(200), { title: 'EDITED DURING REBUILD' });
    expect(p.marked()).toBe(false);
    rebuild.finish();
    await p.live.idle();
    const afterRebuild = await p.fightTitle('fight-000200');
    p.edit(fight(201), { title: 'Edited later' });
    await p.live.idle();
    // Closing waits for the marker being worked out from a fresh listing of the content.
    await p.live.close();
    expect({
      afterRebuild,
      afterLaterEdit: [await p.fightTitle('fight-000200'), await p.fightTitle('fight-000201')],
      marked: p.marked(),
    }).toEqual({
      afterRebuild: 'EDITED DURING REBUILD',
      afterLaterEdit: ['EDITED DURING REBUILD', 'Edited later'],
      marked: true,
    });
  });

  it('serves edits saved before a rebuild starts and after it ends', async () => {
    const p = await preview();
    const rebuild = p.holdRebuild();
    p.edit(fight(300), { title: 'Saved before the rebuild' });
    p.edit(RANKING, { updated_at: '2026-11-01T10:00:00.000000' });
    await rebuild.built;
    rebuild.finish();
    await p.live.idle();
    p.edit(fight(301), { title: 'Saved after the rebuild' });
    await p.live.idle();
    expect([await p.fightTitle('fight-000300'), await p.fightTitle('fight-000301')]).toEqual([
      'Saved before the rebuild',
      'Saved after the rebuild',
    ]);
    expect((await p.ranking()).updated_at).toBe('2026-11-01T10:00:00.000000');
    await p.live.close();
    expect(p.marked()).toBe(true);
  });

  it('serves the later of two edits of a fight, the first saved before a rebuild and the second while it runs', async () => {
    const p = await preview();
    const rebuild = p.holdRebuild();
    p.edit(fight(400), { title: 'First' });
    p.edit(RANKING, { updated_at: '2026-11-01T10:00:00.000000' });
    await rebuild.built;
    p.edit(fight(400), { title: 'Second' });
    rebuild.finish();
    await p.live.idle();
    expect(await p.fightTitle('fight-000400')).toBe('Second');
    await p.live.close();
    expect(p.marked()).toBe(true);
  });

  it('builds the site again for a second edit of the file whose first edit is being built', async () => {
    const p = await preview();
    const rebuild = p.holdRebuild();
    p.edit(RANKING, { updated_at: '2026-11-01T10:00:00.000000' });
    await rebuild.built;
    p.edit(RANKING, { updated_at: '2026-11-02T10:00:00.000000' });
    rebuild.finish();
    await p.live.idle();
    expect({ rebuilds: p.rebuilds(), updated_at: (await p.ranking()).updated_at }).toEqual({
      rebuilds: 2,
      updated_at: '2026-11-02T10:00:00.000000',
    });
    await p.live.close();
    expect(p.marked()).toBe(true);
  });

  it('serves edits saved before, while and after a change is applied record by record, and the later of two edits of one file', async () => {
    const p = await preview();
    p.whileStaged(() => p.edit(fight(501), { title: 'Saved while its store files are served staged' }));
    p.whileStaged(() => {
      p.edit(fight(500), { title: 'Saved again while its description is served staged' });
      p.edit(fight(502), { title: 'Saved while its description is served staged' });
    });
    p.edit(fight(500), { title: 'Saved before the update' });
    await p.live.idle();
    p.edit(fight(503), { title: 'Saved after the update' });
    await p.live.idle();
    expect(await Promise.all([500, 501, 502, 503].map((n) => p.fightTitle(`fight-000${n}`)))).toEqual([
      'Saved again while its description is served staged',
      'Saved while its store files are served staged',
      'Saved while its description is served staged',
      'Saved after the update',
    ]);
    await p.live.close();
    expect(p.marked()).toBe(true);
  });

  it("leaves the site a rebuild swapped in with that build's own state and marker, when a save of the store fell due while it ran", async () => {
    // The rebuild swaps in a build made beforehand, in a moment: the save a change makes a
    // second after it falls due while the rebuild is held, after the swap.
    let next = '';
    const p = await preview({ build: async () => swapIn(next, p.dist) });
    p.save(fight(700), { title: 'Applied just before the rebuild' });
    p.save(RANKING, { updated_at: '2026-11-01T10:00:00.000000' });
    next = path.join(p.work, 'next');
    buildSite(next, { CONTENT_DIR: p.content });
    const built = readMarker(next)!.store;
    p.report(fight(700));
    await p.live.idle();
    const applied = performance.now();
    const rebuild = p.holdRebuild();
    p.report(RANKING);
    await rebuild.built;
    await sleep(1300 - (performance.now() - applied));
    rebuild.finish();
    await p.live.idle();
    expect([readMarker(p.dist)?.store, readStateMeta(stateFolder(p.dist))?.store]).toEqual([built, built]);
    p.edit(fight(701), { title: 'Applied after the rebuild' });
    await p.live.idle();
    await p.live.close();
    expect(p.marked()).toBe(true);
    expect([await p.fightTitle('fight-000700'), await p.fightTitle('fight-000701')]).toEqual([
      'Applied just before the rebuild',
      'Applied after the rebuild',
    ]);
  });

  it('leaves no marker on closing while a saved file is not applied yet, after a rebuild', async () => {
    const p = await preview();
    // A rebuild first: the marker on closing is then worked out from a fresh listing, which sees every save.
    p.edit(RANKING, { updated_at: '2026-11-01T10:00:00.000000' });
    await p.live.idle();
    p.edit(fight(900), { title: 'Applied before closing' });
    await p.live.idle();
    // Saved and seen, but closed before it is applied: the next start must not take the site as current.
    p.edit(fight(901), { title: 'Saved as the preview closes' });
    await p.live.close();
    expect(await p.fightTitle('fight-000901')).not.toBe('Saved as the preview closes');
    expect(p.marked()).toBe(false);
  });

  it("drops a marker worked out from a listing taken before a rebuild: the build's own stays", async () => {
    const p = await preview();
    // A rebuild first: the marker after the next change is then worked out from a fresh listing.
    p.edit(RANKING, { updated_at: '2026-11-01T10:00:00.000000' });
    await p.live.idle();
    const real = await vi.importActual<typeof inputs>('../../../src/pipeline/inputs.ts');
    const marking = signal();
    const listed = signal();
    vi.mocked(inputs.contentInputsOffThread).mockImplementationOnce(async (...args) => {
      const taken = await real.contentInputsOffThread(...args);
      listed.open();
      await marking.opened;
      return taken;
    });
    p.edit(fight(800), { title: 'Applied before the listing' });
    await p.live.idle();
    await listed.opened;
    p.edit(RANKING, { updated_at: '2026-11-02T10:00:00.000000' });
    await p.live.idle();
    const own = readMarker(p.dist);
    marking.open();
    await p.live.close();
    expect(readMarker(p.dist)).toEqual(own);
    expect(p.marked()).toBe(true);
  });
});
