// Which files under content/ are records, and which are not: anything the build does not read is
// named in a warning, so a record saved as `.JSON` or in the wrong folder is not lost silently.
// A folder may hold millions of files: their names are kept packed (see TextColumn) and walked
// folder by folder, never as millions of strings at once.
import { opendirSync, statSync } from 'node:fs';
import path from 'node:path';
import { TextColumn } from '../shared/text-column.ts';
import { contentSchemas, type CollectionName } from './schemas.ts';

/** Something in content/ that is not wrong enough to stop the build, but is not read either. */
export interface Warning {
  file: string;
  message: string;
}

export const COLLECTIONS = Object.keys(contentSchemas) as CollectionName[];

/** Files under a folder, by path relative to it, in text order; with their sizes and times when asked. */
export class FileList {
  private readonly names: TextColumn;
  private readonly order: Uint32Array;
  private readonly sizes: Float64Array | undefined;
  private readonly mtimes: Float64Array | undefined;
  constructor(names: TextColumn, order: Uint32Array, sizes?: Float64Array, mtimes?: Float64Array) {
    this.names = names;
    this.order = order;
    this.sizes = sizes;
    this.mtimes = mtimes;
  }
  get count(): number {
    return this.order.length;
  }
  at(i: number): string {
    return this.names.get(this.order[i]);
  }
  size(i: number): number {
    return this.sizes![this.order[i]];
  }
  mtime(i: number): number {
    return this.mtimes![this.order[i]];
  }
  /** The files whose path passes `keep`, in the same order. */
  filter(keep: (file: string) => boolean): FileList {
    const kept = this.order.filter((n) => keep(this.names.get(n)));
    return new FileList(this.names, kept, this.sizes, this.mtimes);
  }
}

/**
 * Every file under `dir` (hidden files and folders, such as .DS_Store and editors' swap files,
 * passed over without a word), followed through symbolic links. An absent folder has none.
 */
export function listFiles(dir: string, options: { stats?: boolean } = {}): FileList {
  const names = new TextColumn();
  const sizes: number[] = [];
  const mtimes: number[] = [];
  const walk = (at: string, prefix: string) => {
    let folder;
    try {
      folder = opendirSync(at, { bufferSize: 256 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && prefix === '') return;
      throw e;
    }
    try {
      for (let entry = folder.readSync(); entry !== null; entry = folder.readSync()) {
        if (entry.name.startsWith('.')) continue;
        const full = path.join(at, entry.name);
        const isLink = entry.isSymbolicLink();
        const target = isLink ? statSync(full, { throwIfNoEntry: false }) : undefined;
        if (entry.isDirectory() || target?.isDirectory()) walk(full, `${prefix}${entry.name}/`);
        else if (entry.isFile() || target?.isFile()) {
          names.push(prefix + entry.name);
          if (options.stats) {
            const stat = target ?? statSync(full);
            sizes.push(stat.size);
            mtimes.push(stat.mtimeMs);
          }
        }
      }
    } finally {
      folder.closeSync();
    }
  };
  walk(dir, '');
  const order = Uint32Array.from({ length: names.count }, (_, i) => i).sort((a, b) => names.compare(a, b));
  return options.stats ? new FileList(names, order, Float64Array.from(sizes), Float64Array.from(mtimes)) : new FileList(names, order);
}

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
