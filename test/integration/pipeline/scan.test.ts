// Content is read by one scanner thread when small, by one per core when large (src/pipeline/scan.ts):
// either way the store is the same, byte for byte, and the problems are listed in the same order.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildStore } from '../../../src/pipeline/build-store.ts';
import type { Catalog } from '../../../src/pipeline/catalog.ts';
import { silentProgress } from '../../../src/pipeline/progress.ts';
import { scanContent, scannerThreads } from '../../../src/pipeline/scan.ts';
import type { ContentError } from '../../../src/content/read.ts';
import { TEST_AS_OF, TEST_BUILT_AT } from '../../helpers/as-of.ts';
import { differingFiles } from '../../helpers/folder-files.ts';
import { writeDataset } from '../../helpers/small-dataset.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-scan-'));
const content = path.join(work, 'content');
afterAll(() => rmSync(work, { recursive: true, force: true }));
// Some 1,100 files: the fights come in batches of 500, so two scanners take turns on them.
beforeAll(() => writeDataset(content, { fights: 600, fighters: 120 }));

const build = (out: string, scanThreads?: number) =>
  buildStore({
    contentDir: content,
    outDir: path.join(work, out),
    asOfDay: TEST_AS_OF,
    progress: silentProgress,
    onIgnored: () => {},
    builtAt: TEST_BUILT_AT,
    scanThreads,
  });

it('small content is read by one scanner; two make, byte for byte, the store it makes', async () => {
  // Each scanner spills the records it read to a file of its own (SCAN_THREADS, when set, chooses for the build).
  const catalog = (await scanContent(content, {
    workDir: work,
    progress: silentProgress,
    onIgnored: () => {},
  })) as Catalog;
  expect(catalog.spills).toHaveLength(scannerThreads(1_100));
  expect(scannerThreads(1_100, {})).toBe(1);
  await build('one');
  await build('two', 2);
  expect(differingFiles(path.join(work, 'one'), path.join(work, 'two'))).toEqual([]);
});

it('two scanners list the problems of broken files in the order one lists them', async () => {
  const fights = ['fight-000003.json', 'fight-000520.json', 'fight-000560.json'];
  const saved = fights.map((f) => readFileSync(path.join(content, 'fights', f), 'utf8'));
  fights.forEach((f, i) =>
    writeFileSync(
      path.join(content, 'fights', f),
      i === 1 ? '{ not json' : saved[i].replace(/"status": "[A-Z_]+"/, '"status": "SOMETIMES"'),
    ),
  );
  try {
    const problems = (threads: number) =>
      scanContent(content, { spill: false, progress: silentProgress, onIgnored: () => {}, threads }).then(
        () => [],
        (e: unknown) => (e as ContentError).problems,
      );
    const [one, two] = [await problems(1), await problems(2)];
    expect(one.map((p) => path.basename(p.file))).toEqual(fights);
    expect(two).toEqual(one);
  } finally {
    fights.forEach((f, i) => writeFileSync(path.join(content, 'fights', f), saved[i]));
  }
});
