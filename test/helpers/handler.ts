// The shared handler called directly (no socket) over the test build, with a fixed clock. Every
// answer is checked against the API's OpenAPI document.
import { folderStore } from '../../src/hosts/node/folder-store.ts';
import { createHandler } from '../../src/api/handler.ts';
import type { Store } from '../../src/store/store.ts';
import { expectDocumented } from './openapi.ts';
import { builtSite } from './site.ts';

export const KEY = 'direct-key';

/** The test build read as the API reads its origin: a missing file is none, other failures throw. */
export const distStore = (distDir = builtSite()): Store => folderStore(distDir);

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
