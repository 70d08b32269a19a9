// A sink that writes files on another thread, so that making the files' contents (the main
// thread) and creating them (the writer, mostly time in the kernel) overlap. Files go over in
// batches; a few batches may be in flight, and `write` waits when the writer falls behind, so
// memory holds a few batches at most whatever the number of files.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Body } from '../store/writer/lists.ts';
import type { Sink } from '../store/writer/sink.ts';

/** Bytes a batch holds before it is sent. */
const BATCH_BYTES = 4 << 20;
const BATCH_FILES = 4096;
/** Batches sent and not yet written, beyond which `write` waits. */
const IN_FLIGHT = 4;

export interface FileWriter extends Sink {
  /** Writes what is still batched and waits for every file to be on disk. */
  close(): Promise<void>;
  count(): number;
}

export function fileWriter(root: string): FileWriter {
  const worker = new Worker(new URL('./file-writer-worker.ts', import.meta.url), {
    workerData: { root: path.resolve(root) },
    // It holds the batches in flight and nothing else: a small heap keeps its garbage collected.
    resourceLimits: { maxOldGenerationSizeMb: 128 },
  });
  let paths: string[] = [];
  let bodies: Body[] = [];
  let bytes = 0;
  let sent = 0;
  let written = 0;
  let files = 0;
  let failure: Error | undefined;
  const waiting: Array<() => void> = [];
  worker.on('message', (done: number) => {
    written++;
    files += done;
    waiting.shift()?.();
  });
  worker.on('error', (e) => {
    failure = e;
    for (const wake of waiting.splice(0)) wake();
  });

  const send = async () => {
    if (paths.length === 0) return;
    worker.postMessage({ paths, bodies });
    sent++;
    paths = [];
    bodies = [];
    bytes = 0;
    while (sent - written > IN_FLIGHT && !failure) await new Promise<void>((wake) => waiting.push(wake));
    if (failure) throw failure;
  };

  return {
    async write(file, body) {
      if (failure) throw failure;
      paths.push(file);
      bodies.push(body);
      bytes += body.length;
      if (bytes >= BATCH_BYTES || paths.length >= BATCH_FILES) await send();
    },
    async close() {
      try {
        await send();
        while (written < sent && !failure) await new Promise<void>((wake) => waiting.push(wake));
        if (failure) throw failure;
      } finally {
        await worker.terminate();
      }
    },
    count: () => files,
  };
}
