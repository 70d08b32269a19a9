// Netlify edge function in front of every path: a thin adapter from Netlify's context to the
// shared handler. Built files are read through context.next() with the file's own URL, which
// goes to the static origin without running edge functions again. The public files (the API's
// description and its documentation) go to the static origin as they are, without a key.
import { createHandler, type Handler } from '../../src/api/handler.ts';
import { parseKeys } from '../../src/api/keys.ts';
import { isPublicPath } from '../../src/api/public.ts';
import { originStore } from '../../src/store/reader/origin.ts';

export interface Env {
  get(name: string): string | undefined;
}

export interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

declare const Netlify: { env: Env };

/**
 * How long one read of a built file may take. The static origin answers in milliseconds; one
 * that has not answered in seconds is down, and the client gets a 503 instead of a hung request.
 */
export const READ_TIMEOUT_MS = 5_000;

/** The edge function for an environment (its API_KEYS, read per request: cheap, and never stale). */
export function edgeFunction(env: Env, readTimeoutMs = READ_TIMEOUT_MS) {
  let current: { keys: string; handle: Handler } | undefined;
  return (request: Request, context: EdgeContext): Promise<Response> => {
    // Other methods on a public path get the API's 405 (and OPTIONS its preflight) like any path.
    if ((request.method === 'GET' || request.method === 'HEAD') && isPublicPath(new URL(request.url).pathname))
      return context.next(request);
    const keys = env.get('API_KEYS') ?? '';
    if (current?.keys !== keys) current = { keys, handle: createHandler({ keys: parseKeys(keys) }) };
    // The origin's 404 is "no such file"; any other failure makes the request a 503.
    const store = originStore((path, signal) => context.next(new Request(new URL(path, request.url), { signal })), readTimeoutMs);
    return current.handle(request, store);
  };
}

let deployed: ReturnType<typeof edgeFunction> | undefined;

export default function api(request: Request, context: EdgeContext): Promise<Response> {
  deployed ??= edgeFunction(Netlify.env);
  return deployed(request, context);
}
