// The file writer's thread: creates the files of each batch it is sent, one folder at a time
// (the files of a folder created together measured faster than the same files in the order they
// were made), and says how many it wrote.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const { root } = workerData as { root: string };
const made = new Set<string>();

parentPort!.on('message', ({ paths, bodies }: { paths: string[]; bodies: Array<string | Uint8Array> }) => {
  const order = paths.map((_, i) => i).sort((a, b) => (paths[a] < paths[b] ? -1 : paths[a] > paths[b] ? 1 : 0));
  for (const i of order) {
    const full = path.join(root, paths[i]);
    const dir = path.dirname(full);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(full, bodies[i]);
  }
  parentPort!.postMessage(paths.length);
});
