// Read access to the store. Hosts supply `read`; the code behind it never knows where files live.

export interface Store {
  /**
   * The text of a file, or null when there is no such file. Any other failure (an error status,
   * a timeout, an I/O error) throws StoreUnavailable: "none" is never a guess.
   */
  read(path: string): Promise<string | null>;
}

/** A read failed for a reason other than "no such file": the answer cannot be given now. */
export class StoreUnavailable extends Error {
  constructor(path: string, cause?: unknown) {
    super(`reading ${path} failed`, { cause });
    this.name = 'StoreUnavailable';
  }
}

/** The store lacks a file that another file says exists: the store itself is broken. */
export class StoreInconsistent extends Error {
  constructor(path: string, why: string) {
    super(`${path} is missing: ${why}`);
    this.name = 'StoreInconsistent';
  }
}

/** A file the store must have. */
export async function readRequired(store: Store, path: string, why: string): Promise<string> {
  const text = await store.read(path);
  if (text === null) throw new StoreInconsistent(path, why);
  return text;
}
