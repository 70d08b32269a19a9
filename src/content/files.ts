// Which files under content/ are records, and which are not: anything the build does not read is
// named in a warning, so a record saved as `.JSON` or in the wrong folder is not lost silently.
import { opendirSync, statSync } from 'node:fs';
import path from 'node:path';
import { listFiles, type FileList } from '../shared/file-list.ts';
import { contentSchemas, type CollectionName } from './schemas.ts';

/** Something in content/ that is not wrong enough to stop the build, but is not read either. */
export interface Warning {
  file: string;
  message: string;
}

export const COLLECTIONS = Object.keys(contentSchemas) as CollectionName[];

/** A collection folder's records (`.json` files, paths relative to the folder) and its files that are not records. */
export function listCollection(root: string, name: CollectionName, display: (file: string) => string): { records: FileList; ignored: Warning[] } {
  const folder = path.join(root, name);
  const all = listFiles(folder);
  const ignored: Warning[] = [];
  for (let i = 0; i < all.count; i++) {
    const relative = all.at(i);
    if (relative.endsWith('.json')) continue;
    const extension = path.extname(relative);
    const why = extension.toLowerCase() === '.json' ? `ends in "${extension}", not ".json"` : 'is not a .json file';
    ignored.push({ file: display(path.join(folder, relative)), message: `${why}; ignored` });
  }
  return { records: all.filter((file) => file.endsWith('.json')), ignored };
}

/** What lies outside the collection folders: files directly in content/ and folders that are not collections. */
export function listStrays(root: string, display: (file: string) => string): Warning[] {
  const ignored: Warning[] = [];
  const top = opendirSync(root);
  const entries: Array<{ name: string; folder: boolean }> = [];
  try {
    for (let entry = top.readSync(); entry !== null; entry = top.readSync())
      if (!entry.name.startsWith('.')) entries.push({ name: entry.name, folder: entry.isDirectory() || (entry.isSymbolicLink() && !!statSync(path.join(root, entry.name), { throwIfNoEntry: false })?.isDirectory()) });
  } finally {
    top.closeSync();
  }
  for (const { name, folder } of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!folder) {
      ignored.push({ file: display(path.join(root, name)), message: `is not in a collection folder (${COLLECTIONS.join(', ')}); ignored` });
      continue;
    }
    if ((COLLECTIONS as string[]).includes(name)) continue;
    const count = listFiles(path.join(root, name)).count;
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
