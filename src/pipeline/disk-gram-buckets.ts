// The name search's (gram, fighter) pairs on disk while they are grouped: one file per bucket of
// the pairs' numbers as they are in memory (four bytes each, this machine's byte order: the
// files live only as long as the build that writes them), appended in large writes and read back
// one bucket at a time.
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { GRAM_BUCKETS, type GramBuckets } from '../store/search/make.ts';

/** Numbers held before they are appended to their files (8 MB once written). */
const FLUSH_AT = 2 << 20;

/** `flushAt`: the numbers held in memory before they are appended (a test makes it small). */
export function diskBuckets(dir: string, flushAt = FLUSH_AT): GramBuckets {
  const pending = new Map<number, number[]>();
  let held = 0;
  const file = (bucket: number) => path.join(dir, `grams-${bucket}.bin`);
  const flush = () => {
    for (const [bucket, numbers] of pending)
      appendFileSync(file(bucket), new Uint8Array(Uint32Array.from(numbers).buffer));
    pending.clear();
    held = 0;
  };
  return {
    add(bucket, gram, rank) {
      const numbers = pending.get(bucket);
      if (numbers) numbers.push(gram, rank);
      else pending.set(bucket, [gram, rank]);
      held += 2;
      if (held >= flushAt) flush();
    },
    pairs(bucket) {
      if (held > 0) flush();
      let bytes: Buffer;
      try {
        bytes = readFileSync(file(bucket));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Uint32Array(0);
        throw e;
      }
      // A view needs the numbers' alignment; a buffer that starts elsewhere is copied.
      return bytes.byteOffset % 4 === 0
        ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
        : new Uint32Array(new Uint8Array(bytes).buffer);
    },
    close() {
      pending.clear();
      for (let bucket = 0; bucket < GRAM_BUCKETS; bucket++) rmSync(file(bucket), { force: true });
    },
  };
}
