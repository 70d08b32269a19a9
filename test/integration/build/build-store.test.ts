// A build from nothing given the content's listing (as the site build gives it, see inputs.ts)
// lets go of it once the content is read, and makes the same store as one that lists the folder
// itself.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildStore } from '../../../src/build/build-store.ts';
import { listContent } from '../../../src/build/inputs.ts';
import { silentProgress } from '../../../src/build/progress.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { minimalContent, writeContent } from '../../helpers/fixture.ts';

let root: string;
const outs = [path.join(tmpdir(), `build-store-given-${process.pid}`), path.join(tmpdir(), `build-store-own-${process.pid}`)];
beforeAll(async () => {
  root = await writeContent(minimalContent());
});
afterAll(() => {
  for (const dir of [root, ...outs]) rmSync(dir, { recursive: true, force: true });
});

const files = (dir: string) => new Map(fg.sync('**/*', { cwd: dir }).map((f) => [f, readFileSync(path.join(dir, f), 'latin1')]));
const build = (outDir: string, contentListing?: ReturnType<typeof listContent>) =>
  buildStore({ contentDir: root, outDir, asOfDay: TEST_AS_OF, progress: silentProgress, onIgnored: () => {}, contentListing });

it('releases the listing it was given once the content is read, and writes the store a build that lists the folder writes', async () => {
  const listing = listContent(root);
  const given = await build(outs[0], listing);
  // Whoever else holds the listing (the site build holds it) holds nothing of its memory now.
  expect(() => listing.count).toThrow(/released/);
  const own = await build(outs[1]);
  expect(given.files).toBe(own.files);
  expect(files(outs[0])).toEqual(files(outs[1]));
});
