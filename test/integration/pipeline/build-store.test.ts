// A build from nothing given the content's listing (as the site build gives it, see inputs.ts)
// lets go of it once the content is read, and makes the same store as one that lists the folder
// itself; it lets go of which file each record came from too, once saved in its state.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildStore } from '../../../src/pipeline/build-store.ts';
import type { Catalog } from '../../../src/pipeline/catalog.ts';
import { listContent } from '../../../src/pipeline/inputs.ts';
import { silentProgress } from '../../../src/pipeline/progress.ts';
import { loadState, setAsideFileColumns } from '../../../src/pipeline/state.ts';
import { collectionRecords } from '../../../src/content/files.ts';
import { LARGE } from '../../../src/records/resources.ts';
import { TEST_AS_OF, TEST_BUILT_AT } from '../../helpers/as-of.ts';
import { minimalContent, writeContent } from '../../helpers/fixture.ts';
import { differingFiles } from '../../helpers/folder-files.ts';

// The files of a worker share its modules (vitest.config.ts): this file loads them afresh, so its
// mock is what they import, and leaves them to be loaded afresh again once it ends.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../../src/pipeline/state.ts');
  vi.resetModules();
});
// The real function, watched: what it was given shows what the build let go of, and when.
vi.mock('../../../src/pipeline/state.ts', async (original) => {
  const state = await original<typeof import('../../../src/pipeline/state.ts')>();
  return { ...state, setAsideFileColumns: vi.fn(state.setAsideFileColumns) };
});

let root: string;
const outs = [
  path.join(tmpdir(), `build-store-given-${process.pid}`),
  path.join(tmpdir(), `build-store-own-${process.pid}`),
];
const stateDir = path.join(tmpdir(), `build-store-state-${process.pid}`);
beforeAll(async () => {
  root = await writeContent(minimalContent());
});
afterAll(() => {
  for (const dir of [root, ...outs, stateDir]) rmSync(dir, { recursive: true, force: true });
});

const build = (outDir: string, contentListing?: ReturnType<typeof listContent>) =>
  buildStore({
    contentDir: root,
    outDir,
    asOfDay: TEST_AS_OF,
    progress: silentProgress,
    onIgnored: () => {},
    builtAt: TEST_BUILT_AT,
    contentListing,
  });

it('releases the listing it was given once the content is read, and writes the store a build that lists the folder writes', async () => {
  const listing = listContent(root);
  const given = await build(outs[0], listing);
  // Whoever else holds the listing (the site build holds it) holds nothing of its memory now.
  expect(() => listing.count).toThrow(/released/);
  const own = await build(outs[1]);
  expect(given.files).toBe(own.files);
  expect(differingFiles(outs[0], outs[1])).toEqual([]);
});

it('saves which file each record came from in its state before it writes the store, and lets go of it', async () => {
  const setAside = vi.mocked(setAsideFileColumns);
  const real = setAside.getMockImplementation()!;
  let storeFilesBefore = -1;
  setAside.mockImplementationOnce((catalog, dir) => {
    storeFilesBefore = fg.sync('**/*', { cwd: outs[0] }).length;
    real(catalog, dir);
  });
  rmSync(outs[0], { recursive: true, force: true });
  await buildStore({
    contentDir: root,
    outDir: outs[0],
    asOfDay: TEST_AS_OF,
    progress: silentProgress,
    onIgnored: () => {},
    builtAt: TEST_BUILT_AT,
    stateDir,
  });
  expect(setAside).toHaveBeenCalledTimes(1);
  const [catalog, dir] = setAside.mock.calls[0] as [Catalog, string];
  expect([dir, storeFilesBefore]).toEqual([stateDir, 0]);
  expect(LARGE.map((name) => catalog[name].holdsFileColumns)).toEqual([false, false, false]);
  // The saved state names each collection's files as the folder lists them, with their sizes and times.
  const listing = listContent(root);
  const saved = loadState(stateDir)!.catalog;
  for (const name of LARGE) {
    const listed = collectionRecords(listing, name);
    const records = saved[name];
    expect(
      Array.from({ length: records.count }, (_, s) => [records.files.get(s), records.size[s], records.mtime[s]]),
      name,
    ).toEqual(Array.from({ length: listed.count }, (_, i) => [listed.at(i), listed.size(i), listed.mtime(i)]));
  }
});
