// The live preview's store stops at once: the marker it leaves after a change is worked out from
// the listing the preview started with and the files it applied, never by listing the content
// again (at a million files that takes tens of seconds), and the next start takes the site as it is.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildInputs, isCurrent, readMarker } from '../../../src/build/output.ts';
import { folderOrigin } from '../../../src/hosts/node/folder-origin.ts';
import { liveStore } from '../../../src/dev/live-store.ts';
import * as inputs from '../../../src/build/inputs.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { buildSite } from '../../helpers/build.ts';
import { writeSmallDataset } from '../../helpers/small-dataset.ts';

// Every listing of the content counted: the preview's own must make none. (The modules are
// loaded afresh around this file: test files share a worker's.)
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../../src/build/inputs.ts');
  vi.resetModules();
});
vi.mock('../../../src/build/inputs.ts', async (original) => {
  const real = await original<typeof inputs>();
  return { ...real, listContent: vi.fn(real.listContent), contentInputsOffThread: vi.fn(real.contentInputsOffThread) };
});

const work = mkdtempSync(path.join(tmpdir(), 'boxing-live-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'dist');
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = { ...process.env, CONTENT_DIR: content, AS_OF: TEST_AS_OF };

describe('the live store', () => {
  it('marks the site on closing, right after a change, from the listing it started with', async () => {
    writeSmallDataset(content);
    buildSite(dist, { CONTENT_DIR: content });
    const listing = inputs.listContent(content);
    const live = await liveStore({
      distDir: dist, contentDir: content, asOf: TEST_AS_OF, context: folderOrigin(dist), rebuild: async () => false, log: () => {}, listing, settleMs: 0,
    });
    const file = path.join(content, 'fights', 'fight-002092.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), title: 'Closed at once' }, null, 2));
    // Applied once the watcher reports the save: the marker goes first.
    for (let waited = 0; readMarker(dist) !== null && waited < 20_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    await live.idle();
    expect(readMarker(dist)).toBeNull();
    vi.mocked(inputs.listContent).mockClear();
    await live.close();
    expect(inputs.listContent).not.toHaveBeenCalled();
    expect(inputs.contentInputsOffThread).not.toHaveBeenCalled();
    // What the next start lists: the site is current.
    expect(isCurrent(dist, buildInputs(env))).toBe(true);
  });
});
