// The shared handler called directly (no socket) over the test build, with a fixed clock.
import { inject } from 'vitest';
import { distContext } from '../../scripts/lib/dist-context.ts';
import { createHandler } from '../../src/api/handler.ts';
import type { Store } from '../../src/store/reader/store.ts';

export const KEY = 'direct-key';

export function distStore(distDir = inject('distDir')): Store {
  const context = distContext(distDir);
  return {
    read: async (path) => {
      const response = await context.next(new Request(new URL(path, 'http://local')));
      return response.ok ? await response.text() : null;
    },
  };
}

/** Calls the handler at a fixed instant (epoch milliseconds) and returns status and parsed body. */
export function directClient(nowMs: number) {
  const handle = createHandler({ keys: [KEY], now: () => nowMs * 1000 });
  const store = distStore();
  return async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('x-gateway-key')) headers.set('x-gateway-key', KEY);
    const response = await handle(new Request(`http://api.test${path}`, { ...init, headers }), store);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : null };
  };
}
