// A Store over an HTTP-style origin, as the edge function reads the built files: only 404 is
// "no such file"; every other failure is StoreUnavailable.
import { StoreUnavailable, type Store } from './store.ts';

/**
 * A Store over an HTTP-style origin: 404 is "no such file"; any other status, a thrown fetch, a
 * failed body or no answer within `timeoutMs` is StoreUnavailable. The timeout races the read,
 * so a hanging origin fails the request even when the fetch ignores the abort signal.
 */
export function originStore(fetchFile: FetchFile, timeoutMs: number): Store {
  const reader =
    <T>(body: (response: Response) => Promise<T>) =>
    async (path: string): Promise<T | null> => {
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new StoreUnavailable(path, `no answer within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      try {
        return await Promise.race([fetchBody(fetchFile, path, controller.signal, body), timeout]);
      } finally {
        clearTimeout(timer);
      }
    };
  return {
    read: reader((response) => response.text()),
    readBytes: reader(async (response) => new Uint8Array(await response.arrayBuffer())),
  };
}

type FetchFile = (path: string, signal: AbortSignal) => Promise<Response>;

async function fetchBody<T>(
  fetchFile: FetchFile,
  path: string,
  signal: AbortSignal,
  body: (response: Response) => Promise<T>,
): Promise<T | null> {
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
    return await body(response);
  } catch (e) {
    throw new StoreUnavailable(path, errorText(e));
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
