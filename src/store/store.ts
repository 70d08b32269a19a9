// Read access to the store. Hosts supply `read`; the code behind it never knows where files live.
//
// Only "no such file" may mean "none". A read that fails in any other way (the origin answers an
// error, the network fails, a read times out) throws StoreUnavailable, and the request fails
// with it: an answer computed from files that could not be read would be wrong, not empty.

export interface Store {
  /** The text of a built file, or null when there is no such file. Throws StoreUnavailable when the file cannot be read. */
  read(path: string): Promise<string | null>;
  /** The bytes of a built file as they are (an export part), with the same failures as `read`. */
  readBytes(path: string): Promise<Uint8Array<ArrayBuffer> | null>;
}

/** A built file could not be read (not "no such file"): the request cannot be answered now. */
export class StoreUnavailable extends Error {
  constructor(path: string, why: string) {
    super(`reading ${path} failed: ${why}`);
    this.name = 'StoreUnavailable';
  }
}

/** A file that the store's own indexes name is missing or short: the build output contradicts itself. */
export class StoreInconsistent extends Error {
  constructor(path: string, why = 'the file is missing') {
    super(`${path}: ${why}`);
    this.name = 'StoreInconsistent';
  }
}

/** A file that must exist: the build always writes it, or an index names it. */
export async function readRequired(store: Store, path: string, why?: string): Promise<string> {
  const text = await store.read(path);
  if (text === null) throw new StoreInconsistent(path, why && `missing, though ${why}`);
  return text;
}

/** The bytes of a file that must exist (a pack: see pack/format.ts, whose readers decode only what they need). */
export async function readRequiredBytes(store: Store, path: string, why?: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await store.readBytes(path);
  if (bytes === null) throw new StoreInconsistent(path, why && `missing, though ${why}`);
  return bytes;
}
