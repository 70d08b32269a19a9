// npm run build takes the files a content change leaves as they were from the previous build and
// makes only the others: the same bytes as a build from nothing.
import {
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStore } from '../../../src/pipeline/build-store.ts';
import { buildSettingsFromEnvironment } from '../../../src/pipeline/settings.ts';
import { updateLimit } from '../../../src/pipeline/reuse.ts';
import { hashedPacks } from '../../helpers/store-lists.ts';
import { silentProgress } from '../../../src/pipeline/progress.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { differingFiles, HISTORY } from '../../helpers/folder-files.ts';
import { writeSmallDataset } from '../../helpers/small-dataset.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-reuse-'));
const content = path.join(work, 'content');
// The generator's small dataset: built here some ten times.
writeSmallDataset(content);
afterAll(() => rmSync(work, { recursive: true, force: true }));

let asOf = TEST_AS_OF;

function build(out: string): string {
  const result = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', out], {
    env: { ...process.env, CONTENT_DIR: content, AS_OF: asOf },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stdout + result.stderr);
  return result.stdout + result.stderr;
}

/** Each export part's file, by path, and the inode it is (a part taken from the previous build is that build's file). */
const exportParts = (root: string) =>
  new Map(fg.sync('store/exports/*/*.ndjson.gz', { cwd: root }).map((f) => [f, statSync(path.join(root, f)).ino]));

/** The store is compared with one the build's store step makes from nothing, in this process (the pages around it play no part). */
async function expectSameAsFromNothing(dist: string) {
  const fresh = path.join(work, 'fresh');
  rmSync(fresh, { recursive: true, force: true });
  await buildStore({
    contentDir: content,
    outDir: fresh,
    asOfDay: asOf,
    progress: silentProgress,
    onIgnored: () => {},
    // Cut as the spawned builds cut them: they read the run's EXPORT_PART_BYTES (test/helpers/run-temp.ts).
    exportPartBytes: buildSettingsFromEnvironment(process.env).exportPartBytes,
  });
  // Folders too: one left empty is a difference.
  const differing = differingFiles(dist, fresh, { under: 'store', folders: true, apart: [HISTORY] });
  expect(differing.slice(0, 10), `${differing.length} files differ`).toEqual([]);
}

const edit = (collection: string, file: string, change: (r: Record<string, unknown>) => void) => {
  const full = path.join(content, collection, file);
  const record = JSON.parse(readFileSync(full, 'utf8'));
  change(record);
  writeFileSync(full, JSON.stringify(record, null, 2));
};

describe('a build over a previous one', () => {
  const dist = path.join(work, 'dist');

  it('takes every file from it when nothing changed', () => {
    build(dist);
    const record = path.join(
      dist,
      'store/fights/records',
      fg.sync('*/*.pack', { cwd: path.join(dist, 'store/fights/records') })[0],
    );
    const before = statSync(record).ino;
    const out = build(dist);
    expect(out).toMatch(/0 content files changed, 0 store files made, [\d,]+ taken from the previous build/);
    // Taken as a hard link: the new build's file is the old build's.
    expect(statSync(record).ino).toBe(before);
  });

  it('makes only what a result, a renamed fighter, a new fight and a removed fight touch', async () => {
    edit('fights', 'fight-002095.json', (f) => (f.title = 'A Changed Title'));
    // A fighter with three fights, as fighter-000010 of the shipped content has.
    edit('fighters', 'fighter-000025.json', (f) => (f.name = 'Xavier Renamed'));
    const added = JSON.parse(readFileSync(path.join(content, 'fights', 'fight-000400.json'), 'utf8'));
    writeFileSync(
      path.join(content, 'fights', 'fight-extra.json'),
      JSON.stringify({ ...added, id: 'fight-extra', date: '2030-05-05T20:00:00' }),
    );
    unlinkSync(path.join(content, 'fights', 'fight-000401.json'));
    const before = exportParts(dist);
    // The previous build's own file for the changed fight, held by a link of the test's own: a
    // build that wrote the new record through the link it took would change it.
    const changed = hashedPacks(dist, { resource: 'fights' })('fight-002095');
    const held = path.join(work, 'held-fight.json');
    linkSync(path.join(dist, changed), held);
    const old = readFileSync(held, 'utf8');
    const out = build(dist);
    expect(readFileSync(held, 'utf8')).toBe(old);
    expect(readFileSync(path.join(dist, changed), 'utf8')).toContain('A Changed Title');
    expect(out).toMatch(/4 content files changed, [\d,]+ store files made, [\d,]+ taken from the previous build/);
    await expectSameAsFromNothing(dist);
    // Most export parts are the previous build's own files; the few the edits touched are new.
    const after = exportParts(dist);
    const kept = [...after].filter(([f, ino]) => before.get(f) === ino).length;
    expect(after.size - kept).toBeGreaterThan(0);
    expect(after.size - kept).toBeLessThanOrEqual(10);
    expect(kept).toBeGreaterThan(after.size / 2);
  });

  // The name search's files follow each kind of fighter edit (see src/store/search/update.ts): names and
  // nicknames that give a fighter grams it lacked and take others away, another division, a
  // fighter new to the content and one taken out of it.
  it('makes what a nickname, a division, a new fighter and a removed one touch in the name search', async () => {
    edit('fighters', 'fighter-000010.json', (f) => (f.nickname = 'The Quiet Zebra'));
    edit(
      'fighters',
      'fighter-000011.json',
      (f) => (f.division_id = f.division_id === 'heavyweight' ? 'flyweight' : 'heavyweight'),
    );
    const fighter = JSON.parse(readFileSync(path.join(content, 'fighters', 'fighter-000012.json'), 'utf8'));
    writeFileSync(
      path.join(content, 'fighters', 'fighter-newcomer.json'),
      JSON.stringify({ ...fighter, id: 'fighter-newcomer', name: 'Quentin Xylo', full_name: 'Quentin Xylo' }),
    );
    expect(build(dist)).toMatch(/3 content files changed/);
    await expectSameAsFromNothing(dist);
    unlinkSync(path.join(content, 'fighters', 'fighter-newcomer.json'));
    edit('fighters', 'fighter-000010.json', (f) => (f.nickname = null));
    expect(build(dist)).toMatch(/2 content files changed/);
    await expectSameAsFromNothing(dist);
  });

  it('remakes the fighters whose age a new day changes', async () => {
    asOf = '2027-03-15';
    const out = build(dist);
    expect(out).toMatch(/0 content files changed, [\d,]+ store files made/);
    await expectSameAsFromNothing(dist);
    asOf = TEST_AS_OF;
  });

  it('builds everything again when a small collection changed, with the same bytes', async () => {
    edit('divisions', 'heavyweight.json', (d) => (d.name = 'Heavyweight (unlimited)'));
    const out = build(dist);
    expect(out).not.toMatch(/taken from the previous build/);
    await expectSameAsFromNothing(dist);
  });

  it('takes on as an update up to one changed file per 500 records, and 20 at any size', () => {
    expect([updateLimit(0), updateLimit(10_000), updateLimit(142_000), updateLimit(1_420_000)]).toEqual([
      20, 20, 284, 2840,
    ]);
  });

  it('builds everything again when more content files changed than an update takes on, with the same bytes', async () => {
    const records = ['fights', 'events', 'fighters'].reduce((n, c) => n + readdirSync(path.join(content, c)).length, 0);
    const limit = updateLimit(records);
    for (let n = 1; n <= limit + 1; n++)
      edit('fights', `fight-${String(n * 50).padStart(6, '0')}.json`, (f) => (f.title = `${f.title} (${n})`));
    const out = build(dist);
    expect(out).not.toMatch(/taken from the previous build/);
    expect(out).toMatch(new RegExp(`Changes feed: ${limit + 1} records changed`));
    await expectSameAsFromNothing(dist);
  });

  it('reports a broken edit as a build from nothing does, and leaves the build as it was', () => {
    const marker = readFileSync(path.join(dist, 'build-complete.json'), 'utf8');
    edit('fights', 'fight-000500.json', (f) => (f.status = 'SOMETIMES'));
    const result = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', dist], {
      env: { ...process.env, CONTENT_DIR: content, AS_OF: TEST_AS_OF },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain('fight-000500.json: status: Invalid option');
    expect(readFileSync(path.join(dist, 'build-complete.json'), 'utf8')).toBe(marker);
    edit('fights', 'fight-000500.json', (f) => (f.status = 'FINISHED'));
  });

  it('refuses a file where a collection folder belongs, rather than build without its records', () => {
    const marker = readFileSync(path.join(dist, 'build-complete.json'), 'utf8');
    renameSync(path.join(content, 'events'), path.join(work, 'events-aside'));
    writeFileSync(path.join(content, 'events'), '[]');
    try {
      const result = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', dist], {
        env: { ...process.env, CONTENT_DIR: content, AS_OF: TEST_AS_OF },
        encoding: 'utf8',
      });
      expect(result.status).not.toBe(0);
      expect(result.stdout + result.stderr).toMatch(/events: \(folder\): is a file, not a folder/);
      expect(readFileSync(path.join(dist, 'build-complete.json'), 'utf8')).toBe(marker);
    } finally {
      unlinkSync(path.join(content, 'events'));
      renameSync(path.join(work, 'events-aside'), path.join(content, 'events'));
    }
  });

  it('leaves no folder of linked files behind', () => {
    expect(readdirSync(work).filter((name) => name.includes('-linked'))).toEqual([]);
  });
});
