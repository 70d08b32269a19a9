// One fight added, deleted or moved to another day changes a handful of the store's files, wherever
// it is in the lists: packs end where their content says, so the packs around the edit change and
// no other. Counted on a build of 20,000 fights (a store of a few hundred files, most of them
// packs of records and lists), each edit built over the build before it as npm run build does;
// and the store so updated is the store a build from nothing makes.
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStore } from '../../src/pipeline/build-store.ts';
import { buildSettingsFromEnvironment } from '../../src/pipeline/settings.ts';
import { silentProgress } from '../../src/pipeline/progress.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { differingFiles, HISTORY } from '../helpers/folder-files.ts';
import { writeDataset } from '../helpers/small-dataset.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-locality-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'dist');
writeDataset(content, { fights: 20_000, fighters: 3_000 });
afterAll(() => rmSync(work, { recursive: true, force: true }));

function build(): string {
  const result = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', dist], {
    env: { ...process.env, CONTENT_DIR: content, AS_OF: TEST_AS_OF },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stdout + result.stderr);
  return result.stdout + result.stderr;
}

/** The store files an edit changed: built over the build before it, each path added, removed or rewritten. */
function changedBy(edit: () => void): string[] {
  const before = path.join(work, 'before');
  rmSync(before, { recursive: true, force: true });
  cpSync(path.join(dist, 'store'), path.join(before, 'store'), { recursive: true });
  edit();
  expect(build()).toMatch(/1 content files? changed/);
  return differingFiles(before, dist, { under: 'store' });
}

const fightFile = (id: string) => path.join(content, 'fights', `${id}.json`);
const readFight = (id: string) => JSON.parse(readFileSync(fightFile(id), 'utf8')) as Record<string, unknown>;

describe('one fight edited in a store of 20,000', () => {
  it('builds', () => {
    expect(build()).toMatch(/store files/);
  });

  // The lists a fight is in: its record's pack, every fight's list and its division's (a pack and
  // the index each), its card's and its two fighters' lists, the fights' head when it is among the
  // newest, and the export part that holds it with the exports' listing and the health.
  const HANDFUL = 16;

  it(`added, in the middle of the lists: at most ${HANDFUL} files`, () => {
    const changed = changedBy(() =>
      writeFileSync(fightFile('fight-new'), JSON.stringify({ ...readFight('fight-010000'), id: 'fight-new' })),
    );
    expect(changed.length, changed.join('\n')).toBeLessThanOrEqual(HANDFUL);
  });

  it(`deleted: at most ${HANDFUL} files`, () => {
    const changed = changedBy(() => unlinkSync(fightFile('fight-005000')));
    expect(changed.length, changed.join('\n')).toBeLessThanOrEqual(HANDFUL);
  });

  it(`moved to another day, years away: at most ${HANDFUL + 6} files (the packs at both of its places)`, () => {
    const changed = changedBy(() =>
      writeFileSync(
        fightFile('fight-015000'),
        JSON.stringify({ ...readFight('fight-015000'), date: '2012-03-03T21:00:00' }),
      ),
    );
    expect(changed.length, changed.join('\n')).toBeLessThanOrEqual(HANDFUL + 6);
  });

  it('leaves the store a build from nothing makes', async () => {
    const fresh = path.join(work, 'fresh');
    await buildStore({
      contentDir: content,
      outDir: fresh,
      asOfDay: TEST_AS_OF,
      progress: silentProgress,
      onIgnored: () => {},
      exportPartBytes: buildSettingsFromEnvironment(process.env).exportPartBytes,
    });
    const differing = differingFiles(dist, fresh, { under: 'store', folders: true, apart: [HISTORY] });
    expect(differing.slice(0, 10), `${differing.length} files differ`).toEqual([]);
  });
});
