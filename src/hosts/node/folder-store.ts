// A built site's store read from its folder on Node: the API document, the benchmarks and the
// tests read a build so. It holds nothing of the preview's origin (folder-origin.ts), so the
// build, which writes the API document with it, depends on this file alone of the Node host.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isNoSuchFile } from '../../shared/fs-errors.ts';
import type { Store } from '../../store/store.ts';

/**
 * A built site's store read straight from its folder, as the API reads its origin: a missing file
 * is none, any other failure is thrown. With `keep`, each file is read once and kept in memory (a
 * benchmark's repeated queries then time the handler, not the disk). The preview reads a folder
 * through its origin (folder-origin.ts) instead, as a request would.
 */
export function folderStore(dir: string, options: { keep?: boolean } = {}): Store {
  const kept = new Map<string, Promise<Buffer<ArrayBuffer> | null>>();
  const readOnce = (file: string) =>
    readFile(path.join(dir, file)).catch((e: unknown) => {
      if (isNoSuchFile(e)) return null;
      throw e;
    });
  const bytes = (file: string) => {
    if (!options.keep) return readOnce(file);
    let hit = kept.get(file);
    if (!hit) kept.set(file, (hit = readOnce(file)));
    return hit;
  };
  return {
    read: async (file) => (await bytes(file))?.toString('utf8') ?? null,
    readBytes: async (file) => {
      const read = await bytes(file);
      // A view of the bytes read, as a fetched body's arrayBuffer() is: no copy.
      return read && new Uint8Array(read.buffer, read.byteOffset, read.length);
    },
  };
}
