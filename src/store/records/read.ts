// Reading the lists kept by id: a record by its id, and a list read whole, each through the list's
// index and the pack that holds the id. Each function names the files it reads, so a request's
// reads and rounds can be counted from its code path.
import type { LargeResource } from '../../records/resources.ts';
import { fnv1a } from '../../shared/hash.ts';
import { hashedFolder, paths } from '../layout.ts';
import { linesOf } from '../lists/format.ts';
import { parsed } from '../lists/read.ts';
import { boundaryHash } from '../pack/cuts.ts';
import { readKeyed } from '../pack/format.ts';
import { readHashedIndex } from '../pack/list-index.ts';
import { lineWithRecord } from '../pack/shapes.ts';
import { readRequiredBytes, type Store } from '../store.ts';
import type { HashedList, WholeList } from './format.ts';

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
