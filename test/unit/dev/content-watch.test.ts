// The live preview's watcher: every saved, created or deleted file under the content folder is
// reported by its path, with one watch per folder, never one per file.
import { mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchContent, type ContentWatch } from '../../../src/dev/content-watch.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watchContent', () => {
  let watch: ContentWatch | undefined;
  afterEach(() => watch?.close());

  /** A content folder, a watch on it, and the paths reported so far. */
  const start = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'watch-'));
    mkdirSync(path.join(root, 'fights'));
    mkdirSync(path.join(root, 'fighters'));
    for (let i = 0; i < 50; i++) writeFileSync(path.join(root, 'fights', `fight-${i}.json`), '{}');
    const seen = new Set<string>();
    watch = watchContent(root, (file) => seen.add(file));
    /** Waits until `file` is reported. */
    const reported = async (file: string) => {
      for (let waited = 0; !seen.has(file); waited += 10) {
        if (waited > 5000) throw new Error(`${file} not reported; saw ${[...seen].join(', ')}`);
        await sleep(10);
      }
    };
    return { root, seen, reported };
  };

  it('watches each folder once, however many files it holds', () => {
    start();
    expect(watch!.folders()).toBe(3);
  });

  it('reports saved, created, renamed and deleted files by their path in the content folder', async () => {
    const { root, reported } = start();
    writeFileSync(path.join(root, 'fights', 'fight-1.json'), '{"a":1}');
    await reported('fights/fight-1.json');
    writeFileSync(path.join(root, 'fighters', 'new.json'), '{}');
    await reported('fighters/new.json');
    renameSync(path.join(root, 'fights', 'fight-2.json'), path.join(root, 'fights', 'fight-2b.json'));
    await reported('fights/fight-2.json');
    await reported('fights/fight-2b.json');
    unlinkSync(path.join(root, 'fights', 'fight-3.json'));
    await reported('fights/fight-3.json');
  });

  it('follows folders made later, and reports the files of a folder moved in', async () => {
    const { root, seen, reported } = start();
    mkdirSync(path.join(root, 'fights', '2026'));
    await sleep(100);
    writeFileSync(path.join(root, 'fights', '2026', 'late.json'), '{}');
    await reported('fights/2026/late.json');
    const outside = mkdtempSync(path.join(tmpdir(), 'watch-outside-'));
    writeFileSync(path.join(outside, 'moved.json'), '{}');
    renameSync(outside, path.join(root, 'fighters', 'batch'));
    await reported('fighters/batch/moved.json');
    expect(watch!.folders()).toBe(5);
    rmSync(path.join(root, 'fighters', 'batch'), { recursive: true });
    for (let waited = 0; watch!.folders() !== 4 && waited < 5000; waited += 10) await sleep(10);
    expect(watch!.folders()).toBe(4);
    expect([...seen].filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('passes over hidden files and folders, as the build does', async () => {
    const { root, seen, reported } = start();
    writeFileSync(path.join(root, 'fights', '.fight-1.json.swp'), 'x');
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, 'fights', 'fight-9.json'), '{"b":2}');
    await reported('fights/fight-9.json');
    expect([...seen].some((f) => f.includes('/.') || f.startsWith('.'))).toBe(false);
    expect(watch!.folders()).toBe(3);
  });
});
