import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasPages, restorePages, savePages } from '../../../src/astro/pages-cache.ts';

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
    const entry = path.join(cache, 'code-a');
    expect(hasPages(entry)).toBe(false);
    savePages(site('built-a', 'A'), entry);
    expect(hasPages(entry)).toBe(true);
    // Nothing of the writing is left beside it.
    expect(readdirSync(cache)).toEqual(['code-a']);
    const into = path.join(work, 'into-a');
    restorePages(entry, into);
    expect(readFileSync(path.join(into, 'docs.html'), 'utf8')).toBe('A');
    expect(readFileSync(path.join(into, 'assets', 'bundle.js'), 'utf8')).toBe('bundle');
  });

  it('are kept once: a later build of the same code leaves the entry as it was', () => {
    const entry = path.join(cache, 'code-a');
    savePages(site('built-a-again', 'other bytes'), entry);
    expect(readFileSync(path.join(entry, 'docs.html'), 'utf8')).toBe('A');
  });

  it('of older versions of the code are removed, the newest few kept', () => {
    for (const [i, code] of ['code-b', 'code-c', 'code-d', 'code-e'].entries()) {
      savePages(site(`built-${code}`, code), path.join(cache, code));
      // Each kept after the one before (file times can be coarse).
      const at = new Date(Date.now() + (i + 1) * 10_000);
      utimesSync(path.join(cache, code), at, at);
    }
    // code-a, the oldest, went when code-e was kept: three besides the newest.
    expect(readdirSync(cache).sort()).toEqual(['code-b', 'code-c', 'code-d', 'code-e']);
  });
});
