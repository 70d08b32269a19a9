// The shared handler called directly (no socket) over the test build, with a fixed clock. Every
// answer is checked against the API's OpenAPI document.
import { distContext } from '../../scripts/lib/dist-context.ts';
import { createHandler } from '../../src/api/handler.ts';
import { originStore } from '../../src/store/reader/origin.ts';
import type { Store } from '../../src/store/reader/store.ts';
import { expectDocumented } from './openapi.ts';
import { builtSite } from './site.ts';

export const KEY = 'direct-key';

/** The test build read as the edge function reads its origin: 404 is "none", other failures throw. */
export function distStore(distDir = builtSite()): Store {
  const context = distContext(distDir);
  return originStore((path, signal) => context.next(new Request(new URL(path, 'http://local'), { signal })), 5_000);
}

/** Calls the handler at a fixed instant (epoch milliseconds) and returns status and parsed body. */
export function directClient(nowMs: number, store: Store = distStore()) {
  const handle = createHandler({ keys: [KEY], now: () => nowMs * 1000 });
  return async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('x-gateway-key')) headers.set('x-gateway-key', KEY);
    const response = await handle(new Request(`http://api.test${path}`, { ...init, headers }), store);
    const text = await response.text();
    expectDocumented(init.method ?? 'GET', path, response.status, text);
    return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
  };
}
