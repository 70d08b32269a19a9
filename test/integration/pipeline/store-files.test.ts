// The store's files are made on one thread when the content is small, and on two when it is large
// (src/pipeline/store-files.ts: the fighters' files on a thread of their own, with a writer of its
// own): either way the store is the same, byte for byte, and a failure on the fighters' thread
// ends the build with its error.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildStore } from '../../../src/pipeline/build-store.ts';
import { FIGHTERS_THREAD_FROM } from '../../../src/pipeline/store-files.ts';
import { TEST_AS_OF, TEST_BUILT_AT } from '../../helpers/as-of.ts';
import { differingFiles } from '../../helpers/folder-files.ts';
import { writeDataset } from '../../helpers/small-dataset.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-store-files-'));
const content = path.join(work, 'content');
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(() => writeDataset(content, { fights: 600, fighters: 120 }));

const build = (out: string, storeThreadFrom?: number) => {
  const ticks = { n: 0 };
  const progress = {
    phase: (name: string) => ({ tick: (n = 1) => void (name === 'writing store files' && (ticks.n += n)), done() {} }),
  };
  return {
    ticks,
    built: buildStore({
      contentDir: content,
      outDir: path.join(work, out),
      asOfDay: TEST_AS_OF,
      progress,
      onIgnored: () => {},
      builtAt: TEST_BUILT_AT,
      storeThreadFrom,
    }),
  };
};

it('small content has its store files made on one thread; two make, byte for byte, the store it makes', async () => {
  expect(600 + 120).toBeLessThan(FIGHTERS_THREAD_FROM);
  const one = build('one');
  const two = build('two', 0);
  const [a, b] = [await one.built, await two.built];
  expect(differingFiles(path.join(work, 'one'), path.join(work, 'two'))).toEqual([]);
  // Every file counted, those the fighters' thread wrote included, and its progress heard.
  expect(b.files).toBe(a.files);
  expect(two.ticks.n).toBe(one.ticks.n);
  expect(two.ticks.n).toBeGreaterThan(0);
});

it("a failure on the fighters' thread ends the build with its error", async () => {
  // A file where the fighters' folder goes: only the fighters' thread writes under it.
  const out = path.join(work, 'failing');
  mkdirSync(path.join(out, 'store'), { recursive: true });
  writeFileSync(path.join(out, 'store', 'fighters'), 'in the way');
  await expect(build('failing', 0).built).rejects.toThrow(/fighters/);
});
