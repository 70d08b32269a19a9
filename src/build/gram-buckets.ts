// The name search's (gram, fighter) pairs on disk while they are grouped: one file per bucket,
// appended in large writes, read back one bucket at a time.
import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { GramBuckets } from '../store/writer/search.ts';

/** Characters of pairs held before they are appended to their files. */
const FLUSH_AT = 8 << 20;

export function diskBuckets(dir: string): GramBuckets {
  const pending = new Map<number, string[]>();
  let held = 0;
  const file = (bucket: number) => path.join(dir, `grams-${bucket}.txt`);
  const flush = () => {
    for (const [bucket, lines] of pending) appendFileSync(file(bucket), `${lines.join('\n')}\n`);
    pending.clear();
    held = 0;
  };
  return {
    add(bucket, line) {
      const lines = pending.get(bucket);
      if (lines) lines.push(line);
      else pending.set(bucket, [line]);
      held += line.length + 1;
      if (held >= FLUSH_AT) flush();
    },
    lines(bucket) {
      if (held > 0) flush();
      try {
        const text = readFileSync(file(bucket), 'utf8');
        return text.slice(0, -1).split('\n');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
    },
    close() {
      pending.clear();
      for (let bucket = 0; bucket < 256; bucket++) rmSync(file(bucket), { force: true });
    },
  };
}
