// The answering function as every host runs it (Netlify, its emulator, the Node preview, the
// tests), over a host's settings: it reads the built files from the static origin. The hosts
// adapt their own context to it; nothing here knows which host it is on. (The key gate is in
// gate-function.ts and the MCP endpoint's function in mcp.ts, so that the gate never loads the
// API's code and neither loads the MCP SDK.)
import { createHandler } from '../../api/handler.ts';
import { perKeys, type Env } from '../../api/keys.ts';
import { isPublicRead } from '../../api/public.ts';
import type { Store } from '../../store/store.ts';
import { originStore } from '../../store/origin.ts';

/**
 * Where the built files come from: on Netlify the static origin, which `context.next(request)`
 * reaches from the last edge function; elsewhere the built folder or a test's files. It answers
 * 404 for no such file, as the origin does.
 */
export interface StaticOrigin {
  next(request: Request): Promise<Response>;
}

/**
 * How long one read of a built file may take. The static origin answers in milliseconds; one
 * that has not answered in seconds is down, and the client gets a 503 instead of a hung request.
 */
export const READ_TIMEOUT_MS = 5_000;

/**
 * The answering function for a host's settings (API_KEYS and RAPIDAPI_PROXY_SECRET, read per request). It checks the key
 * again (the gate before the cache already has: defence in depth, not the check), passes the
 * public files (the API's description and its documentation) from the origin as they are, and
 * answers everything else from the built files it reads through `origin`, each with the file's
 * own URL.
 */
export function apiFunction(env: Env, readTimeoutMs = READ_TIMEOUT_MS) {
  const handler = perKeys(env, createHandler);
  return (request: Request, origin: StaticOrigin): Promise<Response> => {
    if (isPublicRead(request.method, new URL(request.url).pathname)) return origin.next(request);
    return handler()(request, storeOf(request, origin, readTimeoutMs));
  };
}

/** The built files a request's answer reads, each through `origin` with the file's own URL. The origin's 404 is "no such file"; any other failure makes the request a 503. */
export function storeOf(request: Request, origin: StaticOrigin, readTimeoutMs: number): Store {
  return originStore((path, signal) => origin.next(new Request(new URL(path, request.url), { signal })), readTimeoutMs);
}
