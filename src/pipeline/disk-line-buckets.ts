// Filed lines on disk while they are grouped (see store/pack/line-buckets.ts): one file per
// bucket, each line as its group, its position and its length (four bytes each, little-endian)
// and its characters, a byte each (a line is ids, dates and a record's text, all ASCII: see
// recordText and keyedFightLine), appended in large writes and read back, then removed, one
// bucket at a time.
import { Buffer } from 'node:buffer';
import { appendFileSync, closeSync, fstatSync, openSync, readSync, rmSync, unlink } from 'node:fs';
import path from 'node:path';
import type { FiledLine, LineBuckets } from '../store/pack/line-buckets.ts';

/** Bytes of lines held before they are appended to their files. */
const FLUSH_AT = 8 << 20;
const HEAD = 12;

/**
 * Buckets in files of `dir` named after `name` (each use its own); `flushAt`: the bytes held in
 * memory before they are appended (a test makes it small).
 */
export function diskLineBuckets(dir: string, name: string, flushAt = FLUSH_AT): LineBuckets {
  const pending = new Map<number, FiledLine[]>();
  // Each bucket's file while it holds lines: a bucket filled again after it was taken gets a new
  // one, so the old one's removal, which goes on off the thread, never meets it.
  const written = new Map<number, string>();
  let files = 0;
  let held = 0;
  // One buffer each way, reused: a fresh one for every write and read cost more in the memory's
  // first touch than the bytes' copying.
  let space = Buffer.allocUnsafeSlow(1 << 20);
  const room = (bytes: number) => {
    if (bytes > space.length) space = Buffer.allocUnsafeSlow(Math.max(bytes, space.length * 2));
    return space;
  };
  const file = (bucket: number) => {
    let found = written.get(bucket);
    if (found === undefined) written.set(bucket, (found = path.join(dir, `${name}-${bucket}-${files++}.bin`)));
    return found;
  };
  const flush = () => {
    for (const [bucket, lines] of pending) {
      const bytes = room(lines.reduce((sum, l) => sum + HEAD + l.line.length, 0));
      let at = 0;
      for (const { group, position, line } of lines) {
        const length = bytes.write(line, at + HEAD, 'latin1');
        bytes.writeUInt32LE(group, at);
        bytes.writeUInt32LE(position, at + 4);
        bytes.writeUInt32LE(length, at + 8);
        at += HEAD + length;
      }
      appendFileSync(file(bucket), bytes.subarray(0, at));
    }
    pending.clear();
    held = 0;
  };
  const read = (bucketFile: string) => {
    const fd = openSync(bucketFile, 'r');
    try {
      const size = fstatSync(fd).size;
      const bytes = room(size);
      for (let done = 0; done < size; ) {
        const n = readSync(fd, bytes, done, size - done, done);
        if (n === 0) throw new Error(`${bucketFile} ends before byte ${size}`);
        done += n;
      }
      return bytes.subarray(0, size);
    } finally {
      closeSync(fd);
    }
  };
  return {
    add(bucket, filed) {
      const lines = pending.get(bucket);
      if (lines) lines.push(filed);
      else pending.set(bucket, [filed]);
      held += HEAD + filed.line.length;
      if (held >= flushAt) flush();
    },
    take(bucket) {
      // The lines still held came after those in the file: they follow them, never written.
      const waiting = pending.get(bucket) ?? [];
      pending.delete(bucket);
      for (const { line } of waiting) held -= HEAD + line.length;
      const bucketFile = written.get(bucket);
      if (bucketFile === undefined) return waiting;
      const bytes = read(bucketFile);
      // Removed off the thread: unlinking a file of some megabytes that the disk is still writing
      // takes milliseconds, ten seconds of a million fights' build. A file a failure leaves
      // behind goes with the build's working folder.
      unlink(bucketFile, () => {});
      written.delete(bucket);
      const lines: FiledLine[] = [];
      for (let at = 0; at < bytes.length; ) {
        const length = bytes.readUInt32LE(at + 8);
        lines.push({
          group: bytes.readUInt32LE(at),
          position: bytes.readUInt32LE(at + 4),
          line: bytes.toString('latin1', at + HEAD, at + HEAD + length),
        });
        at += HEAD + length;
      }
      for (const line of waiting) lines.push(line);
      return lines;
    },
    close() {
      pending.clear();
      for (const bucketFile of written.values()) rmSync(bucketFile, { force: true });
      written.clear();
    },
  };
}
