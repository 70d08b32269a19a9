// The files under a folder, in name order, with their sizes and modification times when asked.
// A folder may hold millions of files: their names are kept packed (see TextColumn) and walked
// folder by folder, never as millions of strings at once.
import { opendirSync, statSync } from 'node:fs';
import path from 'node:path';
import { TextColumn } from './text-column.ts';

/** What a FileList is made of, as it crosses to another thread (see FileList.packed). */
export interface PackedFileList {
  bytes: Uint8Array;
  ends: Uint32Array;
  order: Uint32Array;
  sizes?: Float64Array;
  mtimes?: Float64Array;
  strip: number;
}

/** What a FileList reads; every list taken from one (within, filterAt) shares its names, sizes and times. */
interface Columns {
  names: TextColumn;
  order: Uint32Array;
  sizes: Float64Array | undefined;
  mtimes: Float64Array | undefined;
}

/** Files under a folder, by path relative to it, in text order; with their sizes and times when asked. */
export class FileList {
  /** null once released (see release). */
  private columns: Columns | null;
  /** How many characters of each stored path lie above the folder this list is of (see within). */
  private readonly strip: number;
  constructor(names: TextColumn, order: Uint32Array, sizes?: Float64Array, mtimes?: Float64Array, strip = 0) {
    this.columns = { names, order, sizes, mtimes };
    this.strip = strip;
  }
  /** Every read goes through here, so a released list throws rather than pass for an empty one. */
  private get held(): Columns {
    if (this.columns === null) throw new Error('the file list was released');
    return this.columns;
  }
  get count(): number {
    return this.held.order.length;
  }
  /** Whether the list has its files' sizes and times (listed with `stats`). */
  get hasStats(): boolean {
    return this.held.sizes !== undefined;
  }
  at(i: number): string {
    return this.path(this.held.order[i]);
  }
  size(i: number): number {
    const { sizes, order } = this.held;
    return sizes![order[i]];
  }
  mtime(i: number): number {
    const { mtimes, order } = this.held;
    return mtimes![order[i]];
  }
  private path(n: number): string {
    const stored = this.held.names.get(n);
    return this.strip === 0 ? stored : stored.slice(this.strip);
  }
  /**
   * Whether file i's path ends in `suffix` (ASCII, without a slash: it cannot reach above the
   * folder, whose paths end in one), read from the packed names without making a string.
   */
  endsWith(i: number, suffix: string): boolean {
    const { names, order } = this.held;
    return names.endsWith(order[i], suffix);
  }
  /** The files whose place in the list passes `keep`, in the same order. */
  filterAt(keep: (i: number) => boolean): FileList {
    const { names, order, sizes, mtimes } = this.held;
    return new FileList(
      names,
      order.filter((_, i) => keep(i)),
      sizes,
      mtimes,
      this.strip,
    );
  }
  /** The files in `folder` (a path in this list, without a slash at either end) and below, by path relative to it. */
  within(folder: string): FileList {
    const { names, order, sizes, mtimes } = this.held;
    const prefix = `${folder}/`;
    // The paths are in order, so those under the folder are side by side: from the first not
    // before "folder/" to the first not before "folder0" ('0' follows '/'), both found by binary
    // search, so a folder of a million files costs some forty reads of a name, not a million.
    const kept = order.subarray(this.firstFrom(prefix), this.firstFrom(`${folder}0`));
    return new FileList(names, kept, sizes, mtimes, this.strip + prefix.length);
  }
  /** Whether `file` (a path in this list) is one of its files. */
  has(file: string): boolean {
    const { order } = this.held;
    const at = this.firstFrom(file);
    return at < order.length && this.path(order[at]) === file;
  }
  /** The first place whose path is not before `path`, by a binary search of the ordered paths. */
  private firstFrom(path: string): number {
    const { order } = this.held;
    let from = 0;
    for (let to = order.length; from < to; ) {
      const mid = (from + to) >>> 1;
      if (this.path(order[mid]) < path) from = mid + 1;
      else to = mid;
    }
    return from;
  }
  /**
   * Lets go of the names, sizes and times, which every list taken from this one (within,
   * filterAt) shares: for the holder of a large list who is done with it while others may still
   * hold the list (a build's listing, held by whoever started the build), since at a million
   * files they are tens of megabytes. Reading the list afterwards throws.
   */
  release(): void {
    this.columns = null;
  }
  /**
   * The list's parts, to post to another thread; FileList.from makes it again. Each is a buffer of
   * its exact size, so that posting it with transferList(parts) moves it rather than copying the
   * room a growing column keeps spare.
   */
  packed(): PackedFileList {
    const { names, order, sizes, mtimes } = this.held;
    const { bytes, ends } = names.packed();
    return {
      bytes: exact(bytes),
      ends: exact(ends),
      order: exact(order),
      sizes: sizes && exact(sizes),
      mtimes: mtimes && exact(mtimes),
      strip: this.strip,
    };
  }
  static from(packed: PackedFileList): FileList {
    return new FileList(
      TextColumn.from(packed.bytes, packed.ends),
      packed.order,
      packed.sizes,
      packed.mtimes,
      packed.strip,
    );
  }
}

/** A view that is its whole buffer: the view itself, or a copy of what it shows. */
function exact<T extends Uint8Array | Uint32Array | Float64Array>(view: T): T {
  if (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) return view;
  // Copied by the array types' own constructors: a Buffer's slice() would be a view again.
  return (
    view instanceof Float64Array
      ? new Float64Array(view)
      : view instanceof Uint32Array
        ? new Uint32Array(view)
        : new Uint8Array(view)
  ) as T;
}

/** The buffers of packed parts (see FileList.packed), to move with them when they are posted. */
export function transferList(parts: PackedFileList): ArrayBuffer[] {
  return [parts.bytes, parts.ends, parts.order, parts.sizes, parts.mtimes].flatMap((view) =>
    view ? [view.buffer as ArrayBuffer] : [],
  );
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
  return options.stats
    ? new FileList(names, order, Float64Array.from(sizes), Float64Array.from(mtimes))
    : new FileList(names, order);
}
