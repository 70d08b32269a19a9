// The name search's pairs on disk come back as they went in, bucket by bucket, across flushes.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskBuckets } from '../../../src/pipeline/disk-gram-buckets.ts';
import { memoryBuckets } from '../../../src/store/search/make.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'gram-buckets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytesOf = (numbers: Uint32Array) => Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength);

describe('gram buckets', () => {
  it('give back every pair of a bucket in the order added, in memory and on disk, past several flushes to disk', () => {
    const [disk, memory] = [diskBuckets(dir, 1000), memoryBuckets()];
    const want: number[][] = [[], [], []];
    // Far more numbers than the disk's buckets hold before a flush: their files are appended to many times.
    for (let i = 0; i < 20_000; i++) {
      const bucket = (i * 7) % 3;
      const [gram, rank] = [i % 1000, 4_000_000_000 - i * 7];
      disk.add(bucket, gram, rank);
      memory.add(bucket, gram, rank);
      want[bucket].push(gram, rank);
    }
    for (const bucket of [0, 1, 2]) {
      const expected = Uint32Array.from(want[bucket]);
      expect(bytesOf(disk.pairs(bucket)).equals(bytesOf(expected))).toBe(true);
      expect(bytesOf(memory.pairs(bucket)).equals(bytesOf(expected))).toBe(true);
    }
    expect(disk.pairs(3)).toEqual(new Uint32Array(0));
    disk.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
