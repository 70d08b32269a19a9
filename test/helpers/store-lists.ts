// A built store's lists read whole from its folder, through the layout alone: every record of a
// list in order from its index and packs, every entry of a list kept by id, and where the reader
// looks for an id. Tests hold the built files to them; they read every file a list has.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fnv1a } from '../../src/shared/hash.ts';
import { boundaryHash } from '../../src/store/pack/cuts.ts';
import { hashedFolder, paths, sortedFolder } from '../../src/store/layout.ts';
import { lineWithRecord, recordAtEnd, recordOf } from '../../src/store/pack/shapes.ts';
import { readHashedIndex, readOrderedIndex } from '../../src/store/pack/list-index.ts';
import { readKeyed, readPositional } from '../../src/store/pack/format.ts';
import type { HashedList } from '../../src/store/records/format.ts';
import { type SortedList, splitHeader } from '../../src/store/lists/format.ts';

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every record of a list in order (as JSON text), from its packs, each pack holding what the index says it does. */
export function sortedRecords(root: string, list: SortedList): string[] {
  const folder = sortedFolder(list);
  const index = readOrderedIndex(read(root, paths.index(folder)));
  const records: string[] = [];
  for (let k = 0; k < index.packs; k++) {
    const pack = readPositional(read(root, paths.pack(folder, index.name(k))));
    const expected = (k + 1 < index.packs ? index.start(k + 1) : index.total) - index.start(k);
    if (pack.entries !== expected)
      throw new Error(`pack ${index.name(k)} holds ${pack.entries} records where the index counts ${expected}`);
    if (index.start(k) !== records.length)
      throw new Error(`pack ${index.name(k)} starts at ${index.start(k)} after ${records.length} records`);
    // A fighter's line begins with its search fields: the record is what it ends with.
    records.push(...pack.slice(0, pack.entries).map((line) => recordAtEnd(line, pack.shapes)));
  }
  return records;
}

/** Where the reader looks for each id of a list kept by id: the pack file (a store path) its index gives. */
export function hashedPacks(root: string, list: HashedList): (id: string) => string {
  const folder = hashedFolder(list);
  const index = readHashedIndex(read(root, paths.index(folder)));
  return (id) => {
    const name = index.packOf(boundaryHash(fnv1a(id)));
    if (name === null) throw new Error(`${folder} is empty`);
    return paths.pack(folder, name);
  };
}

/** Every entry of a list kept by id, in its packs' order, each where the reader looks for it, its records as JSON text. */
export function hashedEntries(root: string, list: HashedList): Array<[id: string, entry: string]> {
  const folder = hashedFolder(list);
  const index = readHashedIndex(read(root, paths.index(folder)));
  const packOf = hashedPacks(root, list);
  const entries: Array<[string, string]> = [];
  for (let k = 0; k < index.packs; k++) {
    const file = paths.pack(folder, index.first(k).toString(16).padStart(8, '0'));
    const pack = readKeyed(read(root, file));
    for (const [id, entry] of pack.all()) {
      if (packOf(id) !== file) throw new Error(`${id} is in ${file}, where the reader does not look for it`);
      entries.push([
        id,
        entry
          .split('\n')
          .map((line) => lineWithRecord(line, pack.shapes))
          .join('\n'),
      ]);
    }
  }
  return entries;
}

/** A list's head as JSON: its size and its records. */
export function headRecords(
  root: string,
  resource: Parameters<typeof paths.head>[0],
): { total: number; records: string[] } {
  const { header, lines } = splitHeader(read(root, paths.head(resource)));
  const shapes = header.shapes ?? {};
  return { total: header.total, records: lines.map((stored) => recordOf(stored, { get: (key) => shapes[key] })) };
}
