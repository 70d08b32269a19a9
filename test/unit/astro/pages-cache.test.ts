import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasPages, restorePages, savePages } from '../../../src/astro/pages-cache.ts';

/** Entries are named by code digests. */
const [A, B, C, D, E] = ['a', 'b', 'c', 'd', 'e'].map((c) => c.repeat(64));
const work = mkdtempSync(path.join(tmpdir(), 'pages-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A site folder as Astro leaves it: a page and an asset in a folder. */
function site(name: string, page: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'docs.html'), page);
  writeFileSync(path.join(dir, 'assets', 'bundle.js'), 'bundle');
  return dir;
}

describe('pages kept for a version of the code', () => {
  const cache = path.join(work, 'cache');

  it('are kept whole under the entry named, and copied back into a build folder', () => {
    const entry = path.join(cache, A);
    expect(hasPages(entry)).toBe(false);
    savePages(site('built-a', 'A'), entry);
    expect(hasPages(entry)).toBe(true);
    // Nothing of the writing is left beside it.
    expect(readdirSync(cache)).toEqual([A]);
    const into = path.join(work, 'into-a');
    restorePages(entry, into);
    expect(readFileSync(path.join(into, 'docs.html'), 'utf8')).toBe('A');
    expect(readFileSync(path.join(into, 'assets', 'bundle.js'), 'utf8')).toBe('bundle');
  });

  it('are kept once: a later build of the same code leaves the entry as it was', () => {
    const entry = path.join(cache, A);
    savePages(site('built-a-again', 'other bytes'), entry);
    expect(readFileSync(path.join(entry, 'docs.html'), 'utf8')).toBe('A');
  });

  it('of older versions of the code are removed, the newest few kept, and nothing else in the folder', () => {
    // Whatever else the folder holds (PAGES_CACHE_DIR may name a shared one) is left alone.
    writeFileSync(path.join(cache, 'notes.txt'), 'not ours');
    mkdirSync(path.join(cache, 'other-tool'));
    for (const [i, code] of [B, C, D, E].entries()) {
      savePages(site(`built-${code}`, code), path.join(cache, code));
      // Each kept after the one before (file times can be coarse).
      const at = new Date(Date.now() + (i + 1) * 10_000);
      utimesSync(path.join(cache, code), at, at);
    }
    // A, the oldest, went when E was kept: three besides the newest.
    expect(readdirSync(cache).sort()).toEqual([B, C, D, E, 'notes.txt', 'other-tool'].sort());
  });
});
