// Reading lists: lists in order through their index and the packs that hold a page, lists kept
// by id through their index and the pack that holds the id, heads, and the name-search lists.
// Each function names the files it reads, so a request's reads and rounds can be counted from its
// code path.
import type { LargeResource } from '../../records/resources.ts';
import {
  BadPack,
  HEAD_SIZE,
  lineWithRecord,
  recordAtEnd,
  recordOf,
  boundaryHash,
  hashedFolder,
  linesOf,
  paths,
  readHashedIndex,
  readKeyed,
  readOrderedIndex,
  readPositional,
  shapesListed,
  sortedFolder,
  splitHeader,
  type HashedList,
  type ListHeader,
  type OrderedIndex,
  type SortedList,
  type SmallResource,
  type KeyedPack,
  type WholeList,
} from '../layout.ts';
import { fnv1a } from '../../shared/hash.ts';
import { readRequired, readRequiredBytes, StoreInconsistent, type Store } from './store.ts';

export { lowerBound } from '../layout.ts';

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

/** The lines of `id`'s entry in a list kept by id (its index, then its pack), each record in them as JSON text; null when the list holds none. */
async function readHashed(store: Store, list: HashedList, id: string): Promise<string[] | null> {
  const folder = hashedFolder(list);
  const indexPath = paths.index(folder);
  const index = parsed(
    indexPath,
    readHashedIndex,
    await readRequiredBytes(store, indexPath, 'every store has this list'),
  );
  const name = index.packOf(boundaryHash(fnv1a(id)));
  if (name === null) return null;
  const path = paths.pack(folder, name);
  const pack = parsed(path, readKeyed, await readRequiredBytes(store, path, "the list's index names it"));
  const entry = pack.find(id);
  return entry === null
    ? null
    : parsed(path, (text) => linesOf(text).map((line) => lineWithRecord(line, pack.shapes)), entry);
}

/** A list held whole; a list that does not exist is empty. */
export async function readWhole(store: Store, list: WholeList): Promise<string[]> {
  return (await readHashed(store, list, list.id)) ?? [];
}

/** A record by its id: null when there is no such record. */
export async function readRecord(store: Store, resource: LargeResource, id: string): Promise<string | null> {
  return (await readHashed(store, { resource }, id))?.[0] ?? null;
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
