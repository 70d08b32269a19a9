// Netlify edge function in front of every path: a thin adapter from Netlify's context to the
// shared handler. Built files are read through context.next() with the file's own URL, which
// goes to the static origin without running edge functions again.
import { createHandler, type Handler } from '../../src/api/handler.ts';
import { parseKeys } from '../../src/api/keys.ts';
import { StoreUnavailable, type Store } from '../../src/store/reader/store.ts';

export interface Env {
  get(name: string): string | undefined;
}

export interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

declare const Netlify: { env: Env };

/** The edge function for an environment (its API_KEYS, read per request: cheap, and never stale). */
export function edgeFunction(env: Env) {
  let current: { keys: string; handle: Handler } | undefined;
  return (request: Request, context: EdgeContext): Promise<Response> => {
    const keys = env.get('API_KEYS') ?? '';
    if (current?.keys !== keys) current = { keys, handle: createHandler({ keys: parseKeys(keys) }) };
    const store: Store = {
      read: async (path) => {
        let response: Response;
        try {
          response = await context.next(new Request(new URL(path, request.url)));
          if (response.ok) return await response.text();
        } catch (e) {
          throw new StoreUnavailable(path, e);
        }
        // Only "no such file" means none; any other status is a failure, never an empty answer.
        if (response.status === 404) return null;
        throw new StoreUnavailable(path, new Error(`status ${response.status}`));
      },
    };
    return current.handle(request, store);
  };
}

let deployed: ReturnType<typeof edgeFunction> | undefined;

export default function api(request: Request, context: EdgeContext): Promise<Response> {
  deployed ??= edgeFunction(Netlify.env);
  return deployed(request, context);
}
