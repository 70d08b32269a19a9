// Which files under content/ are records, and which are not: anything the build does not read is
// named in a warning, so a record saved as `.JSON` or in the wrong folder is not lost silently.
import path from 'node:path';
import fg from 'fast-glob';
import { contentSchemas, type CollectionName } from './schemas.ts';

/** Something in content/ that is not wrong enough to stop the build, but is not read either. */
export interface Warning {
  file: string;
  message: string;
}

export const COLLECTIONS = Object.keys(contentSchemas) as CollectionName[];

export interface ContentFiles {
  /** Absolute paths of each collection's records, sorted. */
  records: Record<CollectionName, string[]>;
  ignored: Warning[];
}

/** A collection folder's records (paths relative to it, sorted) and its files that are not records. */
export async function listCollection(root: string, name: CollectionName, display: (file: string) => string): Promise<{ records: string[]; ignored: Warning[] }> {
  const folder = path.join(root, name);
  const all = (await fg('**/*', { cwd: folder, onlyFiles: true })).sort();
  const records: string[] = [];
  const ignored: Warning[] = [];
  for (const relative of all) {
    if (relative.endsWith('.json')) records.push(relative);
    else {
      const extension = path.extname(relative);
      const why = extension.toLowerCase() === '.json' ? `ends in "${extension}", not ".json"` : 'is not a .json file';
      ignored.push({ file: display(path.join(folder, relative)), message: `${why}; ignored` });
    }
  }
  return { records, ignored };
}

/** What lies outside the collection folders: files directly in content/ and folders that are not collections. */
export async function listStrays(root: string, display: (file: string) => string): Promise<Warning[]> {
  const top = (await fg('*', { cwd: root, onlyFiles: false, markDirectories: true })).sort();
  const ignored: Warning[] = [];
  for (const entry of top) {
    if (!entry.endsWith('/')) {
      ignored.push({ file: display(path.join(root, entry)), message: `is not in a collection folder (${COLLECTIONS.join(', ')}); ignored` });
      continue;
    }
    const folder = entry.slice(0, -1);
    if ((COLLECTIONS as string[]).includes(folder)) continue;
    const count = (await fg('**/*', { cwd: path.join(root, folder), onlyFiles: true })).length;
    if (count > 0)
      ignored.push({
        file: display(path.join(root, folder)),
        message: `is not a collection folder (${COLLECTIONS.join(', ')}); its ${count} file${count === 1 ? '' : 's'} ignored`,
      });
  }
  return ignored;
}

/**
 * Lists content/. Records are the `.json` files anywhere under a collection folder. Hidden files
 * (editors' and systems' own, such as .DS_Store) are passed over without a word.
 */
export async function listContent(root: string, display: (file: string) => string): Promise<ContentFiles> {
  const records = {} as ContentFiles['records'];
  const ignored: Warning[] = [];
  for (const name of COLLECTIONS) {
    const listed = await listCollection(root, name, display);
    records[name] = listed.records.map((relative) => path.join(root, name, relative));
    ignored.push(...listed.ignored);
  }
  return { records, ignored: [...ignored, ...(await listStrays(root, display))] };
}

export function formatWarnings(warnings: Warning[]): string {
  const lines = warnings.map((w) => `  ${w.file}: ${w.message}`);
  return `Content has ${warnings.length} ignored file${warnings.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
