// Takes every file of the previous build's store into a new folder, on a thread of its own: a
// hard link each (a copy where links cannot be made). It starts while Astro builds the pages and
// the content is listed, so that at the end only the files a change touched are left to make.
// It says how many files it has taken every few thousand, and when it is done.
import { copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

export type LinkMessage = { linked: number; done: boolean };

const { from, to } = workerData as { from: string; to: string };
const EVERY = 4096;
let linked = 0;

function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) {
      linkTree(source, target);
      continue;
    }
    try {
      linkSync(source, target);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // Another file system, or one without hard links: the bytes are copied instead.
      if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP') copyFileSync(source, target);
      else throw e;
    }
    if (++linked % EVERY === 0) parentPort!.postMessage({ linked, done: false } satisfies LinkMessage);
  }
}

linkTree(from, to);
parentPort!.postMessage({ linked, done: true } satisfies LinkMessage);
