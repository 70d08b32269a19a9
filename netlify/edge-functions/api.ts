// Netlify edge function in front of every path: a thin adapter from Netlify's context to the
// shared handler. Built files are read through context.next() with the file's own URL, which
// goes to the static origin without running edge functions again.
import { createHandler, type Handler } from '../../src/http/handler.ts';
import { parseKeys } from '../../src/http/keys.ts';
import type { Store } from '../../src/core/query/store.ts';

declare const Netlify: { env: { get(name: string): string | undefined } };

export interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

let current: { keys: string; handle: Handler } | undefined;

function handlerFor(keys: string): Handler {
  if (current?.keys !== keys) current = { keys, handle: createHandler({ keys: parseKeys(keys) }) };
  return current.handle;
}

export default async function api(request: Request, context: EdgeContext): Promise<Response> {
  const store: Store = {
    read: async (path) => {
      const response = await context.next(new Request(new URL(path, request.url)));
      return response.ok ? await response.text() : null;
    },
  };
  return handlerFor(Netlify.env.get('API_KEYS') ?? '')(request, store);
}
