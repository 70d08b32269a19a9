// A sink that writes files on another thread, so that making the files' contents (the main
// thread) and creating them (the writer, mostly time in the kernel) overlap. Files go over in
// batches; a few batches may be in flight, and `write` waits when the writer falls behind, so
// memory holds a few batches at most whatever the number of files.
//
// A batch is the files' bytes in one buffer, moved to the writer (transferred, not copied) and
// moved back once written, for the next batch. Strings posted as they are were copied by the
// structured clone, slowly where a body has a character beyond Latin-1 (V8 then holds it in
// UTF-16, and a list page of a hundred records often has one): 6.8 of the main thread's seconds
// at 100,000 fights, against well under one to encode the same bodies here.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Body } from '../store/lists/make.ts';
import type { Sink } from '../store/sink.ts';
import type { Batch } from './file-writer-worker.ts';

/** Bytes a batch holds before it is sent. */
const BATCH_BYTES = 4 << 20;
const BATCH_FILES = 4096;
/** A batch buffer's size: room past BATCH_BYTES for the body that crosses it. */
const BUFFER_BYTES = 8 << 20;
/** Batches sent and not yet written, beyond which `write` waits. */
const IN_FLIGHT = 4;
/** UTF-8 bytes per UTF-16 unit at most: what a string may need before it is encoded. */
const UTF8_PER_UNIT = 3;

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
  // Buffers the writer has given back, so that batches reuse a few buffers.
  const spare: Buffer[] = [];
  let buffer: Buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  let paths: string[] = [];
  let ends: number[] = [];
  let bytes = 0;
  let sent = 0;
  let written = 0;
  let files = 0;
  let failure: Error | undefined;
  const waiting: Array<() => void> = [];
  worker.on('message', ({ done, bytes: returned }: { done: number; bytes: ArrayBuffer }) => {
    written++;
    files += done;
    if (returned.byteLength === BUFFER_BYTES) spare.push(Buffer.from(returned));
    waiting.shift()?.();
  });
  worker.on('error', (e) => {
    failure = e;
    for (const wake of waiting.splice(0)) wake();
  });

  const post = (batch: Batch) => {
    worker.postMessage(batch, [batch.bytes]);
    sent++;
  };
  const send = async () => {
    if (paths.length > 0) {
      post({ paths, ends: Uint32Array.from(ends), bytes: buffer.buffer as ArrayBuffer });
      buffer = spare.pop() ?? Buffer.allocUnsafeSlow(BUFFER_BYTES);
      paths = [];
      ends = [];
      bytes = 0;
    }
    while (sent - written > IN_FLIGHT && !failure) await new Promise<void>((wake) => waiting.push(wake));
    if (failure) throw failure;
  };
  /** Puts a body's bytes into `into` at `at`; returns how many. */
  const put = (body: Body, into: Buffer, at: number) =>
    typeof body === 'string' ? into.write(body, at) : (into.set(body, at), body.byteLength);

  return {
    async write(file, body) {
      if (failure) throw failure;
      const room = typeof body === 'string' ? body.length * UTF8_PER_UNIT : body.byteLength;
      if (bytes + room > BUFFER_BYTES) await send();
      if (room > BUFFER_BYTES) {
        // A file larger than a batch goes alone, in a buffer of its own.
        const own = Buffer.allocUnsafeSlow(Buffer.byteLength(body));
        put(body, own, 0);
        post({ paths: [file], ends: Uint32Array.of(own.byteLength), bytes: own.buffer as ArrayBuffer });
        return send();
      }
      bytes += put(body, buffer, bytes);
      paths.push(file);
      ends.push(bytes);
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
