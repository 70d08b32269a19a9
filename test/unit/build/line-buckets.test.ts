// The fighters' lines on disk come back as they went in, bucket by bucket, across flushes, and
// leave no file behind.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskLineBuckets } from '../../../src/build/line-buckets.ts';
import { memoryLineBuckets, type FiledLine } from '../../../src/store/writer/fighter-lists.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'line-buckets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('line buckets', () => {
  it('give back every line of a bucket in the order added, in memory and on disk, past many flushes', () => {
    const [disk, memory] = [diskLineBuckets(dir, 5000), memoryLineBuckets()];
    const want: FiledLine[][] = [[], [], []];
    for (let i = 0; i < 3000; i++) {
      const bucket = (i * 7) % 3;
      // Lines of every length from empty to larger than a flush, with the fighter and position at their extremes.
      const filed = { fighter: i === 5 ? 0xffffffff : i % 40, position: 4_000_000_000 - i, line: `${i}\t{"a":"${'x'.repeat(i === 9 ? 9000 : i % 300)}"}`.slice(0, i === 3 ? 0 : undefined) };
      disk.add(bucket, filed);
      memory.add(bucket, filed);
      want[bucket].push(filed);
    }
    for (const bucket of [2, 0, 1]) {
      expect(disk.take(bucket)).toEqual(want[bucket]);
      expect(memory.take(bucket)).toEqual(want[bucket]);
    }
    expect(disk.take(3)).toEqual([]);
    expect(disk.take(0)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('write nothing for lines that fit in memory until their bucket is taken', () => {
    const disk = diskLineBuckets(dir, 1 << 20);
    for (let i = 0; i < 300; i++) disk.add(i % 3, { fighter: i, position: i, line: `line ${i}` });
    expect(disk.take(2).map((l) => l.fighter)).toEqual(Array.from({ length: 100 }, (_, i) => 3 * i + 2));
    expect(disk.take(0)).toHaveLength(100);
    expect(readdirSync(dir)).toEqual([]);
    disk.close();
  });

  it('remove what was not taken when closed', () => {
    const disk = diskLineBuckets(dir, 10);
    for (let i = 0; i < 100; i++) disk.add(i % 4, { fighter: i, position: i, line: `line ${i}` });
    expect(disk.take(1)).toHaveLength(25);
    expect(readdirSync(dir)).toHaveLength(3);
    disk.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
