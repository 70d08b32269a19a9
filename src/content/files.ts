// Which files under content/ are records, and which are not: anything the build does not read is
// named in a warning, so a record saved as `.JSON` or in the wrong folder is not lost silently.
import { opendirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileList } from '../shared/file-list.ts';
import { contentSchemas, type CollectionName } from './schemas.ts';

/** Something in content/ that is not wrong enough to stop the build, but is not read either. */
export interface Warning {
  file: string;
  message: string;
}

export const COLLECTIONS = Object.keys(contentSchemas) as CollectionName[];

/**
 * A collection folder's records in a listing of the content folder: its `.json` files, by path
 * relative to the folder. They are told by the bytes of their names: at a million files, making
 * each name a string would take seconds.
 */
export function collectionRecords(listing: FileList, name: CollectionName): FileList {
  const all = listing.within(name);
  return all.filterAt((i) => all.endsWith(i, '.json'));
}

/** A collection folder's records (see collectionRecords) and its files that are not records. */
export function listCollection(
  root: string,
  name: CollectionName,
  display: (file: string) => string,
  listing: FileList,
): { records: FileList; ignored: Warning[] } {
  const folder = path.join(root, name);
  const ignored: Warning[] = [];
  const records = collectionRecords(listing, name);
  const all = listing.within(name);
  if (records.count === all.count) return { records, ignored };
  // Some files are not records: only their names are made.
  for (let i = 0; i < all.count; i++) {
    if (all.endsWith(i, '.json')) continue;
    const relative = all.at(i);
    const extension = path.extname(relative);
    const why = extension.toLowerCase() === '.json' ? `ends in "${extension}", not ".json"` : 'is not a .json file';
    ignored.push({ file: display(path.join(folder, relative)), message: `${why}; ignored` });
  }
  return { records, ignored };
}

/**
 * What lies outside the collection folders: files directly in content/ (and anything there that
 * is neither file nor folder, such as a broken link), and folders that are not collections, their
 * files counted from the listing of the content folder.
 */
export function listStrays(root: string, display: (file: string) => string, listing: FileList): Warning[] {
  const ignored: Warning[] = [];
  const top = opendirSync(root);
  const entries: Array<{ name: string; folder: boolean }> = [];
  try {
    for (let entry = top.readSync(); entry !== null; entry = top.readSync())
      if (!entry.name.startsWith('.'))
        entries.push({
          name: entry.name,
          folder:
            entry.isDirectory() ||
            (entry.isSymbolicLink() &&
              !!statSync(path.join(root, entry.name), { throwIfNoEntry: false })?.isDirectory()),
        });
  } finally {
    top.closeSync();
  }
  for (const { name, folder } of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!folder) {
      ignored.push({
        file: display(path.join(root, name)),
        message: `is not in a collection folder (${COLLECTIONS.join(', ')}); ignored`,
      });
      continue;
    }
    if ((COLLECTIONS as string[]).includes(name)) continue;
    const count = listing.within(name).count;
    if (count > 0)
      ignored.push({
        file: display(path.join(root, name)),
        message: `is not a collection folder (${COLLECTIONS.join(', ')}); its ${count} file${count === 1 ? '' : 's'} ignored`,
      });
  }
  return ignored;
}

export function formatWarnings(warnings: Warning[]): string {
  const lines = warnings.map((w) => `  ${w.file}: ${w.message}`);
  return `Content has ${warnings.length} ignored file${warnings.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
