// Astro stages the pages of a build whose output folder lies outside the current folder in one
// fixed place, <current folder>/.astro/.prerender/, and removes that folder when the pages are
// done. Two such builds at once (a build beside a test's, two sites built side by side) would
// each find the other's chunks there and one would fail. The integration holds this lock from
// the start of Astro's build until its pages are written: the store's own work, which is most of
// a build, still runs side by side with another build's.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from '../shared/processes.ts';

/** True when Astro stages a build into `outDir` in the shared folder (Astro's own rule: outside the current folder). */
export const stagesInSharedFolder = (outDir: string, cwd = process.cwd()): boolean => !outDir.startsWith(cwd);

const lockFile = (cwd: string) => path.join(cwd, '.astro', 'prerender.lock');

function holder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface HoldOptions {
  cwd?: string;
  pollMs?: number;
  /** Told once, after `noticeMs` of waiting, which process holds the folder and where its lock is. */
  onWait?: (holder: number, lock: string) => void;
  noticeMs?: number;
}

/**
 * Waits until no other live process holds the staging folder, takes it, and returns the function
 * that gives it back (also called when the process exits, so a failed build never keeps it). A
 * lock whose process is gone (a build killed midway) is taken over at once; one whose process id
 * has since gone to another program would be waited for, which `onWait` tells.
 */
export async function holdStagingFolder({
  cwd = process.cwd(),
  pollMs = 50,
  onWait,
  noticeMs = 5_000,
}: HoldOptions = {}): Promise<() => void> {
  const file = lockFile(cwd);
  mkdirSync(path.dirname(file), { recursive: true });
  const mine = String(process.pid);
  const started = performance.now();
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const pid = holder(file);
    // A file still being written by its taker reads empty: wait for it rather than take it over.
    // This process's own is left by a build of its own that failed before its pages were done.
    if (pid !== null && (pid === process.pid || !isAlive(pid))) {
      rmSync(file, { force: true });
      continue;
    }
    if (!told && pid !== null && performance.now() - started >= noticeMs) {
      told = true;
      onWait?.(pid, file);
    }
    await sleep(pollMs);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (holder(file) === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
