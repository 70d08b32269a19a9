// Netlify edge function, last on every path and cached by the CDN (`cache = "manual"`): answers
// from the built store. A thin adapter from Netlify's context to the shared handler, which checks
// the key again (the gate before the cache has already: this is defence in depth, not the
// check). Built files are read through context.next() with the file's own URL: from the last
// function of the chain that goes to the static origin without running edge functions again.
// The public files (the API's description and its documentation) go out as the origin has them.
import { createHandler } from '../../src/api/handler.ts';
import { perKeys, type Env } from '../../src/api/keys.ts';
import { isPublicRead } from '../../src/api/public.ts';
import { originStore } from '../../src/store/reader/origin.ts';

export interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

declare const Netlify: { env: Env };

/**
 * How long one read of a built file may take. The static origin answers in milliseconds; one
 * that has not answered in seconds is down, and the client gets a 503 instead of a hung request.
 */
export const READ_TIMEOUT_MS = 5_000;

/** The answering function for an environment (its API_KEYS, read per request). */
export function apiFunction(env: Env, readTimeoutMs = READ_TIMEOUT_MS) {
  const handler = perKeys(env, (keys) => createHandler({ keys }));
  return (request: Request, context: EdgeContext): Promise<Response> => {
    if (isPublicRead(request.method, new URL(request.url).pathname)) return context.next(request);
    // The origin's 404 is "no such file"; any other failure makes the request a 503.
    const store = originStore((path, signal) => context.next(new Request(new URL(path, request.url), { signal })), readTimeoutMs);
    return handler()(request, store);
  };
}

let deployed: ReturnType<typeof apiFunction> | undefined;

export default function api(request: Request, context: EdgeContext): Promise<Response> {
  deployed ??= apiFunction(Netlify.env);
  return deployed(request, context);
}
