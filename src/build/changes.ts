// Which content files changed since a catalog was made: each file's size and modification time
// against those the catalog kept, so finding the changes reads no file, whatever the number.
import path from 'node:path';
import fg from 'fast-glob';
import { COLLECTIONS } from '../content/files.ts';
import type { CollectionName } from '../content/schemas.ts';
import type { Catalog, Records } from './catalog.ts';
import type { ContentChange } from './update.ts';

export interface ContentChanges {
  /** Files of the large collections written, added or removed. */
  changes: ContentChange[];
  /** Whether a file of a small collection (divisions, organizations, titles, rankings) changed. */
  small: boolean;
}

type Large = 'fights' | 'events' | 'fighters';

export async function contentChanges(catalog: Catalog, contentDir: string): Promise<ContentChanges> {
  const changes: ContentChange[] = [];
  let small = false;
  const smallSeen = new Map(catalog.smallFiles.map(([collection, file, size, mtime]) => [`${collection}/${file}`, `${size}/${mtime}`]));
  for (const collection of COLLECTIONS) {
    const entries = await fg('**/*.json', { cwd: path.join(contentDir, collection), onlyFiles: true, stats: true });
    if (collection === 'fights' || collection === 'events' || collection === 'fighters') {
      changes.push(...largeChanges(catalog[collection], collection, entries));
      continue;
    }
    for (const e of entries) {
      const key = `${collection}/${e.path}`;
      if (smallSeen.get(key) !== `${e.stats!.size}/${e.stats!.mtimeMs}`) small = true;
      smallSeen.delete(key);
    }
  }
  for (const key of smallSeen.keys()) if (!key.startsWith('fights/') && !key.startsWith('events/') && !key.startsWith('fighters/')) small = true;
  return { changes, small };
}

function largeChanges(records: Records, collection: Large, entries: fg.Entry[]): ContentChange[] {
  const changes: ContentChange[] = [];
  // Each record's file; a file that no record came from is new.
  const slotOf = new Map<string, number>();
  for (let s = 0; s < records.count; s++) if (records.valid[s]) slotOf.set(records.files.get(s), s);
  for (const e of entries) {
    const slot = slotOf.get(e.path);
    if (slot === undefined) changes.push({ collection: collection as CollectionName, file: e.path });
    else {
      slotOf.delete(e.path);
      if (records.size[slot] !== e.stats!.size || records.mtime[slot] !== e.stats!.mtimeMs) changes.push({ collection, file: e.path });
    }
  }
  for (const file of slotOf.keys()) changes.push({ collection, file });
  return changes;
}
