// Record texts resolved before the store is written (src/pipeline/texts.ts): on two threads they are
// the texts one thread resolves, each by its slot; a failure of the other thread fails the build
// rather than leave it waiting.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOrders, resolver, spilledContent } from '../../../src/pipeline/catalog-source.ts';
import type { Catalog } from '../../../src/pipeline/catalog.ts';
import { silentProgress, type Progress } from '../../../src/pipeline/progress.ts';
import { scanContent } from '../../../src/pipeline/scan.ts';
import { resolveTexts, RESOLVE_THREAD_FROM } from '../../../src/pipeline/texts.ts';
import { LARGE, SINGULAR } from '../../../src/records/resources.ts';
import { recordOf, recordText } from '../../../src/store/pack/shapes.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-texts-'));
let catalog: Catalog;
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeAll(async () => {
  // The shipped content: thousands of records, each list cut in two halves of its own, read by
  // two scanners (as large content is), so the records lie in two spill files.
  catalog = await scanContent('content', { workDir: work, onIgnored: () => {}, progress: silentProgress, threads: 2 });
});

/** The files of `dir` this process holds open (read from /proc). */
const openFilesUnder = (dir: string) =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });

/** The texts of every slot, resolved as a build resolves them, on one thread (threadFrom Infinity) or two (0). */
async function texts(threadFrom: number, workDir: string, progress: Progress = silentProgress) {
  mkdirSync(workDir, { recursive: true });
  const content = spilledContent(catalog);
  const resolve = resolver(catalog, TEST_AS_OF, content);
  try {
    const made = await resolveTexts(catalog, catalogOrders(catalog), resolve, {
      asOfDay: TEST_AS_OF,
      workDir,
      progress,
      threadFrom,
    });
    // The other thread's half, while the files are there: proof it ran.
    const ofThread = LARGE.map((c) => existsSync(path.join(workDir, `${c}-1.ndjson`)));
    // Each record as its JSON text, from the shapes the two threads gathered together.
    const bySlot = Object.fromEntries(
      LARGE.map((c) => [
        c,
        Array.from(catalogOrders(catalog)[c], (slot) => [slot, recordOf(made[c](slot), made.shapes)]),
      ]),
    );
    made.close();
    return { bySlot, ofThread };
  } finally {
    content.close();
  }
}

describe('record texts', () => {
  it('resolved on two threads are, slot by slot, the texts one thread resolves, every record counted once', async () => {
    expect(LARGE.reduce((n, c) => n + catalog[c].count, 0)).toBeLessThan(RESOLVE_THREAD_FROM);
    const ticks: number[] = [];
    const counting: Progress = {
      phase: (name) => ({ tick: (n = 1) => void (name === 'resolving records' && ticks.push(n)), done() {} }),
    };
    const [one, two] = [
      await texts(Infinity, path.join(work, 'one')),
      await texts(0, path.join(work, 'two'), counting),
    ];
    expect(one.ofThread).toEqual([false, false, false]);
    expect(two.ofThread).toEqual([true, true, true]);
    expect(two.bySlot).toEqual(one.bySlot);
    expect(ticks.reduce((a, b) => a + b, 0)).toBe(LARGE.reduce((n, c) => n + catalogOrders(catalog)[c].length, 0));
    // And each is the record's text as resolving it gives it.
    const content = spilledContent(catalog);
    const resolve = resolver(catalog, TEST_AS_OF, content);
    for (const c of LARGE)
      for (const [slot, text] of one.bySlot[c].slice(0, 50))
        expect(text).toBe(recordText(resolve[SINGULAR[c]](slot as number)));
    content.close();
  });

  it.for([
    ['the other thread fails', 'fights-1.ndjson'],
    ['this thread fails while the other runs', 'fighters-0.ndjson'],
  ])('fail when %s, with its error, without waiting, and leave no file open', async ([_, blocked]) => {
    expect(catalog.spills).toHaveLength(2);
    // Files left open by a failed thread close some time after its failure is heard, or not: a
    // few tries, each looked at the moment it failed, catch that where one would not.
    for (let i = 0; i < 3; i++) {
      const workDir = path.join(work, `broken-${blocked}-${i}`);
      // That half's file cannot be made: a folder stands where it goes (this thread's last, so the other is well under way).
      mkdirSync(path.join(workDir, blocked), { recursive: true });
      await expect(texts(0, workDir)).rejects.toThrow(/EISDIR|illegal operation on a directory/);
      // No spill file is held open once it failed: this thread's own, the other thread's, nor
      // the scanners' (an open file keeps its folder from being removed on some systems).
      if (existsSync('/proc/self/fd')) expect(openFilesUnder(work)).toEqual([]);
    }
  });
});
