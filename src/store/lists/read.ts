// Reading lists in order through their index and the packs that hold a page, heads, files of a
// header and records, and the small collections' lists (the lists kept by id are read in
// records/read.ts). Each function names the files it reads, so a request's reads and rounds can be
// counted from its code path.
import type { LargeResource } from '../../records/resources.ts';
import { HEAD_SIZE, paths, sortedFolder } from '../layout.ts';
import { BadPack } from '../pack/bad-pack.ts';
import { readKeyed, readPositional, shapesListed, type KeyedPack } from '../pack/format.ts';
import { readOrderedIndex, type OrderedIndex } from '../pack/list-index.ts';
import { recordAtEnd, recordOf } from '../pack/shapes.ts';
import { readRequired, readRequiredBytes, StoreInconsistent, type Store } from '../store.ts';
import { splitHeader, type ListHeader, type SmallResource, type SortedList } from './format.ts';

export { lowerBound } from '../pack/list-index.ts';

const EMPTY_INDEX: OrderedIndex = {
  total: 0,
  packs: 0,
  start: () => 0,
  end: () => 0,
  name: () => '',
  packOf: () => -1,
  dayRange: () => [0, 0],
};

/** Parses a file the store wrote (or a part of one); a file that is not what its format says is the store contradicting itself. */
export function parsed<I, T>(path: string, parse: (text: I) => T, text: I): T {
  try {
    return parse(text);
  } catch (e) {
    if (e instanceof BadPack || e instanceof SyntaxError) throw new StoreInconsistent(path, `${e.message}`);
    throw e;
  }
}

/**
 * A list's index. The lists of every record are always written; a division's list only when the
 * division has records, so a missing one is empty (an unknown division filters to none).
 */
export async function readIndex(store: Store, list: SortedList): Promise<OrderedIndex> {
  const path = paths.index(sortedFolder(list));
  const optional = 'division_id' in list && list.division_id !== undefined;
  const bytes = optional
    ? await store.readBytes(path)
    : await readRequiredBytes(store, path, 'every store has this list');
  return bytes === null ? EMPTY_INDEX : parsed(path, readOrderedIndex, bytes);
}

/**
 * Records at positions [from, to) of a list in order, from the packs that hold them (read at
 * once). Each pack must hold exactly what the index says it does, so a missing or short pack can
 * never shift a page.
 */
export async function readRecords(
  store: Store,
  list: SortedList,
  index: OrderedIndex,
  from: number,
  to: number,
): Promise<string[]> {
  const start = Math.max(0, from);
  const end = Math.min(to, index.total);
  if (end <= start) return [];
  const first = index.packOf(start);
  const last = index.packOf(end - 1);
  const folder = sortedFolder(list);
  const packs = await Promise.all(
    Array.from({ length: last - first + 1 }, async (_, i) => {
      const path = paths.pack(folder, index.name(first + i));
      const bytes = await readRequiredBytes(store, path, "the list's index names it");
      return { path, pack: parsed(path, readPositional, bytes) };
    }),
  );
  const records: string[] = [];
  packs.forEach(({ path, pack }, i) => {
    const k = first + i;
    const base = index.start(k);
    const expected = index.end(k) - base;
    if (pack.entries !== expected)
      throw new StoreInconsistent(path, `holds ${pack.entries} records where the index counts ${expected}`);
    // An entry is a stored record, or a fighter's search fields and its record (see fieldsPrefix).
    for (const line of pack.slice(start - base, end - base))
      records.push(parsed(path, (text) => recordAtEnd(text, pack.shapes), line));
  });
  return records;
}

/** A small resource's complete list (one keyed pack, in the list's order): every record, or one by id. */
export async function readAll(store: Store, resource: SmallResource): Promise<KeyedPack> {
  const path = paths.all(resource);
  return parsed(path, readKeyed, await readRequiredBytes(store, path, 'every store has this list'));
}

/** A file of a header line and records, or null. */
export async function readHeaded(store: Store, path: string): Promise<{ header: ListHeader; lines: string[] } | null> {
  const text = await store.read(path);
  return text === null ? null : parsed(path, splitHeader, text);
}

/**
 * The page at `offset` of a list's default view (fights and events newest first, fighters by
 * name), from the list's head (one read), when the page ends within the head; null when it does
 * not (the page is read from the list itself).
 */
export async function readHeadPage(
  store: Store,
  resource: LargeResource,
  offset: number,
  size: number,
): Promise<{ total: number; records: string[] } | null> {
  if (offset + size > HEAD_SIZE) return null;
  const path = paths.head(resource);
  const { header, lines } = parsed(path, splitHeader, await readRequired(store, path, 'every store has this list'));
  const expected = Math.min(header.total, HEAD_SIZE);
  if (lines.length !== expected)
    throw new StoreInconsistent(path, `holds ${lines.length} records where its header counts ${expected}`);
  const shapes = shapesListed(header.shapes);
  return {
    total: header.total,
    records: parsed(path, (all) => all.map((stored) => recordOf(stored, shapes)), lines.slice(offset, offset + size)),
  };
}
