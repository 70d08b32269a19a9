// One writer of npm run bench:files: says it is ready, then on the word creates its share of the
// files as the build's writer does (src/pipeline/file-writer-worker.ts): in batches of BATCH files,
// each batch one folder at a time. Reports every batch.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** The build's writer takes up to this many files at a time. */
const BATCH = 4096;

export interface Share {
  root: string;
  folders: string[];
  files: number;
  bytes: number;
}

const { root, folders, files, bytes } = workerData as Share;
const body = Buffer.alloc(bytes, 'x');
for (const folder of folders) mkdirSync(path.join(root, folder));
parentPort!.once('message', () => {
  for (let start = 0; start < files; start += BATCH) {
    const end = Math.min(start + BATCH, files);
    // File i goes in folder i % folders; a batch's files are written folder by folder.
    for (let f = 0; f < folders.length; f++)
      for (
        let i = start + ((f - (start % folders.length) + folders.length) % folders.length);
        i < end;
        i += folders.length
      )
        writeFileSync(path.join(root, folders[f], `record-${i}.json`), body);
    parentPort!.postMessage(end - start);
  }
});
parentPort!.postMessage('ready');
