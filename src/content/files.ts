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

/**
 * Lists content/. Records are the `.json` files anywhere under a collection folder. Hidden files
 * (editors' and systems' own, such as .DS_Store) are passed over without a word.
 */
export async function listContent(root: string, display: (file: string) => string): Promise<ContentFiles> {
  const all = (await fg('**/*', { cwd: root, onlyFiles: true })).sort();
  const records = Object.fromEntries(COLLECTIONS.map((name) => [name, [] as string[]])) as ContentFiles['records'];
  const ignored: Warning[] = [];
  const strayFolders = new Map<string, number>();
  for (const relative of all) {
    const [folder, ...rest] = relative.split('/');
    const file = path.join(root, relative);
    if (rest.length === 0) {
      ignored.push({ file: display(file), message: `is not in a collection folder (${COLLECTIONS.join(', ')}); ignored` });
    } else if (!(COLLECTIONS as string[]).includes(folder)) {
      strayFolders.set(folder, (strayFolders.get(folder) ?? 0) + 1);
    } else if (relative.endsWith('.json')) {
      records[folder as CollectionName].push(file);
    } else {
      const extension = path.extname(relative);
      const why = extension.toLowerCase() === '.json' ? `ends in "${extension}", not ".json"` : 'is not a .json file';
      ignored.push({ file: display(file), message: `${why}; ignored` });
    }
  }
  for (const [folder, count] of strayFolders)
    ignored.push({
      file: display(path.join(root, folder)),
      message: `is not a collection folder (${COLLECTIONS.join(', ')}); its ${count} file${count === 1 ? '' : 's'} ignored`,
    });
  return { records, ignored };
}

export function formatWarnings(warnings: Warning[]): string {
  const lines = warnings.map((w) => `  ${w.file}: ${w.message}`);
  return `Content has ${warnings.length} ignored file${warnings.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
