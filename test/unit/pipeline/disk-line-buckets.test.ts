// Filed lines on disk come back as they went in, bucket by bucket, across flushes, and
// leave no file behind.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { diskLineBuckets } from '../../../src/pipeline/disk-line-buckets.ts';
import { memoryLineBuckets, type FiledLine } from '../../../src/store/pack/line-buckets.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'line-buckets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('line buckets', () => {
  it('give back every line of a bucket in the order added, in memory and on disk, past many flushes', async () => {
    const [disk, memory] = [diskLineBuckets(dir, 'lines', 5000), memoryLineBuckets()];
    const want: FiledLine[][] = [[], [], []];
    for (let i = 0; i < 3000; i++) {
      const bucket = (i * 7) % 3;
      // Lines of every length from empty to larger than a flush, with the group and position at their extremes.
      const filed = {
        group: i === 5 ? 0xffffffff : i % 40,
        position: 4_000_000_000 - i,
        line: `${i}\t{"a":"${'x'.repeat(i === 9 ? 9000 : i % 300)}"}`.slice(0, i === 3 ? 0 : undefined),
      };
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
    // Files of taken buckets are removed off the thread.
    await vi.waitFor(() => expect(readdirSync(dir)).toEqual([]));
    // A bucket filled again after it was taken gives back its new lines alone.
    const again = { group: 1, position: 2, line: 'x'.repeat(6000) };
    disk.add(0, again);
    expect(disk.take(0)).toEqual([again]);
    await vi.waitFor(() => expect(readdirSync(dir)).toEqual([]));
  });

  it('write nothing for lines that fit in memory until their bucket is taken', () => {
    const disk = diskLineBuckets(dir, 'lines', 1 << 20);
    for (let i = 0; i < 300; i++) disk.add(i % 3, { group: i, position: i, line: `line ${i}` });
    expect(disk.take(2).map((l) => l.group)).toEqual(Array.from({ length: 100 }, (_, i) => 3 * i + 2));
    expect(disk.take(0)).toHaveLength(100);
    expect(readdirSync(dir)).toEqual([]);
    disk.close();
  });

  it('remove what was not taken when closed', async () => {
    const disk = diskLineBuckets(dir, 'lines', 10);
    for (let i = 0; i < 100; i++) disk.add(i % 4, { group: i, position: i, line: `line ${i}` });
    expect(disk.take(1)).toHaveLength(25);
    await vi.waitFor(() => expect(readdirSync(dir)).toHaveLength(3));
    disk.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
