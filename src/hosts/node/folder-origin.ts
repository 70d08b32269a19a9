// The static origin of a built site folder, for running the answering function outside Netlify
// (local preview, tests, benchmarks): next(request) serves the request's path from the folder, as
// Netlify's static origin does: with the file's content type, `/` from index.html and `/page` from page.html.
// Like the static origin, it answers 404 only when there is no such file; any other failure to
// read is a 500, so the handler sees a broken disk as a failure, never as missing data.
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { isNoSuchFile } from '../../shared/fs-errors.ts';

/**
 * A rebuild swaps its folder in by renaming the old one aside and the new one in straight after
 * (src/pipeline/output.ts). A read that falls between the two finds no folder at all: it
 * waits for the new one rather than answer from nothing. By the time a failed read is seen the
 * swap may have finished, so a miss is read once more while the folder is there.
 */
async function readServed(root: string, file: string): Promise<Buffer<ArrayBuffer>> {
  for (let waited = 0; ; waited += 5) {
    try {
      return await readFile(file);
    } catch (e) {
      if (existsSync(root)) return await readFile(file);
      if (waited >= 1000) throw e;
      await sleep(5);
    }
  }
}

/** Content types of the files the site holds, by extension, as the static origin gives them. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.ndjson': 'application/x-ndjson',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
};

/** The file a path names: a folder's index.html, or page.html for an extensionless `/page` that is no file. */
function fileOf(root: string, pathname: string): string {
  const file = path.resolve(root, `.${pathname}`);
  if (pathname.endsWith('/')) return path.join(file, 'index.html');
  if (path.extname(pathname) === '' && !existsSync(file)) return `${file}.html`;
  return file;
}

export interface FolderOriginOptions {
  /**
   * Keep up to this many bytes of read files in memory (least recently used dropped first), so a
   * busy preview reads each hot file once. 0 (the default) reads every file from disk. A build
   * swapped in is a new folder: the cache is dropped as soon as the folder changes.
   */
  cacheBytes?: number;
}

/**
 * The files of a change being written into the folder, in place of the folder's own until each is
 * renamed in: a staged file's path, or null for a file the change removes.
 */
export type Staged = ReadonlyMap<string, string | null>;

export function folderOrigin(distDir: string, options: FolderOriginOptions = {}) {
  const root = path.resolve(distDir);
  const cacheBytes = options.cacheBytes ?? 0;
  // Least recently used files dropped first; a file larger than the whole budget is not kept (it
  // would only evict everything else). An empty file counts as one byte (sizes must be positive).
  const cache =
    cacheBytes > 0
      ? new LRUCache<string, Uint8Array>({
          maxSize: cacheBytes,
          sizeCalculation: (bytes) => Math.max(1, bytes.byteLength),
        })
      : null;
  // Which folder the cache holds files of, checked on every request (one stat: a few
  // microseconds), so no answer comes from a build already replaced.
  let folder = -1;
  // The build the folder holds: another folder swapped in, or a change written into it, is a new one.
  let generation = 0;
  let staged: Staged | null = null;
  const build = () => {
    const ino = (statSync(root, { throwIfNoEntry: false })?.ino ?? -1) as number;
    if (ino !== folder) {
      cache?.clear();
      folder = ino;
      generation++;
    }
    return generation;
  };
  /** A staged file, or the folder's own once it has been renamed in (a rename leaves no moment between). */
  const readStaged = async (file: string, from: string) => {
    try {
      return await readFile(from);
    } catch (e) {
      if (!isNoSuchFile(e)) throw e;
      return await readServed(root, file);
    }
  };
  return {
    /** Which build the folder holds now: a new number when a rebuild is swapped in or a change is written. */
    build,
    /**
     * Serves a change's files from where they are staged (paths relative to the folder), from
     * this moment on, as a new build: what was read before it is forgotten. `settle()` goes back
     * to the folder's own files once the change has been renamed into it.
     */
    stage(files: Staged): void {
      staged = new Map([...files].map(([file, from]) => [path.join(root, file), from]));
      cache?.clear();
      generation++;
    },
    settle(): void {
      staged = null;
    },
    async next(request: Request): Promise<Response> {
      build();
      const pathname = decodeURIComponent(new URL(request.url).pathname);
      const file = fileOf(root, pathname);
      if (!file.startsWith(root + path.sep)) return new Response('Not Found', { status: 404 });
      let bytes = cache?.get(file);
      if (!bytes) {
        const from = staged?.get(file);
        if (from === null) return new Response('Not Found', { status: 404 });
        try {
          bytes = from === undefined ? await readServed(root, file) : await readStaged(file, from);
        } catch (e) {
          if (isNoSuchFile(e)) return new Response('Not Found', { status: 404 });
          return new Response('Internal Server Error', { status: 500 });
        }
        cache?.set(file, bytes);
      }
      // A fresh view per response: the body stream never owns the cached buffer.
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      return new Response(new Uint8Array(bytes), { status: 200, headers: { 'Content-Type': type } });
    },
  };
}
