// Which content files changed since a catalog was made: each file's size and modification time
// against those the catalog kept, so finding the changes reads no file, whatever the number.
// The folder's listing (the one the build's digest is made from, see inputs.ts) and the catalog's
// files are both taken in name order and walked side by side: no map of a million names is made.
import { COLLECTIONS, collectionRecords } from '../content/files.ts';
import { isLarge, type LargeResource } from '../records/resources.ts';
import type { FileList } from '../shared/file-list.ts';
import type { Catalog, Records } from './catalog.ts';
import type { ContentChange } from './update.ts';

export interface ContentChanges {
  /** Files of the large collections written, added or removed. */
  changes: ContentChange[];
  /** Whether a file of a small collection (divisions, organizations, titles, rankings) changed. */
  small: boolean;
}

/** The changes in a content folder since `catalog`, from the folder's listing with sizes and times. */
export function contentChanges(catalog: Catalog, listing: FileList): ContentChanges {
  const changes: ContentChange[] = [];
  let small = false;
  const smallSeen = new Map(
    catalog.smallFiles.map(([collection, file, size, mtime]) => [`${collection}/${file}`, `${size}/${mtime}`]),
  );
  for (const collection of COLLECTIONS) {
    // A file where a collection's folder belongs: a build from nothing reports it.
    if (listing.has(collection)) small = true;
    const listed = collectionRecords(listing, collection);
    if (isLarge(collection)) {
      changes.push(...largeChanges(catalog[collection], collection, listed));
      continue;
    }
    for (let i = 0; i < listed.count; i++) {
      const key = `${collection}/${listed.at(i)}`;
      if (smallSeen.get(key) !== `${listed.size(i)}/${listed.mtime(i)}`) small = true;
      smallSeen.delete(key);
    }
  }
  if (smallSeen.size > 0) small = true;
  return { changes, small };
}

function largeChanges(records: Records, collection: LargeResource, listed: FileList): ContentChange[] {
  const changes: ContentChange[] = [];
  let held = 0;
  for (let s = 0; s < records.count; s++) if (records.valid[s]) held++;
  const slots = new Uint32Array(held);
  for (let s = 0, i = 0; s < records.count; s++) if (records.valid[s]) slots[i++] = s;
  // A build from nothing numbers the records in name order (the live preview adds after them): a
  // look through the slots spares a sort of a million names.
  const byName = (a: number, b: number) => records.files.compare(a, b);
  if (slots.some((slot, k) => k > 0 && byName(slots[k - 1], slot) > 0)) slots.sort(byName);
  let i = 0;
  let j = 0;
  while (i < listed.count || j < slots.length) {
    const file = i < listed.count ? listed.at(i) : undefined;
    const kept = j < slots.length ? records.files.get(slots[j]) : undefined;
    if (kept === undefined || (file !== undefined && file < kept)) {
      changes.push({ collection, file: file! });
      i++;
    } else if (file === undefined || kept < file) {
      changes.push({ collection, file: kept });
      j++;
    } else {
      if (records.size[slots[j]] !== listed.size(i) || records.mtime[slots[j]] !== listed.mtime(i))
        changes.push({ collection, file });
      i++;
      j++;
    }
  }
  return changes;
}
