// The file writer's thread: creates the files of each batch it is sent, one folder at a time
// (the files of a folder created together measured faster than the same files in the order they
// were made), says how many it wrote, and gives the batch's buffer back.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** A batch: file i's bytes are `bytes` from `ends[i - 1]` (0 for the first) to `ends[i]`. */
export interface Batch {
  paths: string[];
  ends: Uint32Array;
  bytes: ArrayBuffer;
}

const { root } = workerData as { root: string };
const made = new Set<string>();

parentPort!.on('message', ({ paths, ends, bytes }: Batch) => {
  const all = new Uint8Array(bytes);
  const order = paths.map((_, i) => i).sort((a, b) => (paths[a] < paths[b] ? -1 : paths[a] > paths[b] ? 1 : 0));
  for (const i of order) {
    const full = path.join(root, paths[i]);
    const dir = path.dirname(full);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(full, all.subarray(i === 0 ? 0 : ends[i - 1], ends[i]));
  }
  parentPort!.postMessage({ done: paths.length, bytes }, [bytes]);
});
