// Read access to built files. Hosts supply `read`; the query code never knows where files live.
//
// Only "no such file" may mean "none". A read that fails in any other way (the origin answers an
// error, the network fails, a read times out) throws StoreUnavailable, and the request fails
// with it: an answer computed from files that could not be read would be wrong, not empty.

export interface Store {
  /** The text of a built file, or null when there is no such file. Throws StoreUnavailable when the file cannot be read. */
  read(path: string): Promise<string | null>;
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

export async function readJson<T>(store: Store, path: string): Promise<T | null> {
  const text = await store.read(path);
  return text === null ? null : (JSON.parse(text) as T);
}

/** A file that must exist: the build always writes it, or an index names it. */
export async function readRequired(store: Store, path: string): Promise<string> {
  const text = await store.read(path);
  if (text === null) throw new StoreInconsistent(path);
  return text;
}

export async function readRequiredJson<T>(store: Store, path: string): Promise<T> {
  return JSON.parse(await readRequired(store, path)) as T;
}

/**
 * A Store over an HTTP-style origin: 404 is "no such file"; any other status, a thrown fetch, a
 * failed body or no answer within `timeoutMs` is StoreUnavailable. The timeout races the read,
 * so a hanging origin fails the request even when the fetch ignores the abort signal.
 */
export function originStore(fetchFile: (path: string, signal: AbortSignal) => Promise<Response>, timeoutMs: number): Store {
  return {
    read: async (path) => {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new StoreUnavailable(path, `no answer within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      try {
        return await Promise.race([fetchText(fetchFile, path, controller.signal), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

async function fetchText(fetchFile: (path: string, signal: AbortSignal) => Promise<Response>, path: string, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetchFile(path, signal);
  } catch (e) {
    throw new StoreUnavailable(path, errorText(e));
  }
  if (!response.ok) {
    // An unread body holds its connection open on some runtimes.
    await response.body?.cancel().catch(() => {});
    if (response.status === 404) return null;
    throw new StoreUnavailable(path, `the origin answered ${response.status}`);
  }
  try {
    return await response.text();
  } catch (e) {
    throw new StoreUnavailable(path, errorText(e));
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

export type { DaysIndex, ListCount, YearsIndex } from '../../schemas/store.ts';
