// Lines filed under groups (the slot of the list or record they belong to) and kept in buckets
// (a folder of packs each) until a bucket's packs are made: what lets the writer group lines that arrive in one
// order (the fights' dates) into files of another (fighters, packs) without reading a text twice.
// Tests keep the buckets in memory; a build keeps them on disk (see src/pipeline/disk-line-buckets.ts).

/** A line filed under a group (the slot of the list it is in), with its place in that list's order. */
export interface FiledLine {
  group: number;
  position: number;
  line: string;
}

/** Where filed lines wait until their bucket's lists are made: in memory, or on disk in a build. */
export interface LineBuckets {
  add(bucket: number, filed: FiledLine): void;
  /** Every line added to the bucket, in the order added; the bucket is emptied. */
  take(bucket: number): FiledLine[];
  close(): void;
}

/** Buckets of a kind: each use of them (the fighters' lists, each collection's packs) is named. */
export type BucketsOf = (name: string) => LineBuckets;

export function memoryLineBuckets(): LineBuckets {
  const buckets = new Map<number, FiledLine[]>();
  return {
    add(bucket, filed) {
      const lines = buckets.get(bucket);
      if (lines) lines.push(filed);
      else buckets.set(bucket, [filed]);
    },
    take(bucket) {
      const lines = buckets.get(bucket) ?? [];
      buckets.delete(bucket);
      return lines;
    },
    close: () => buckets.clear(),
  };
}

/** Each line of a bucket's lines by its group, the groups in order. */
export function byGroup(lines: readonly FiledLine[]): Array<[group: number, lines: FiledLine[]]> {
  const of = new Map<number, FiledLine[]>();
  for (const filed of lines) {
    const list = of.get(filed.group);
    if (list) list.push(filed);
    else of.set(filed.group, [filed]);
  }
  return [...of].sort(([a], [b]) => a - b);
}
