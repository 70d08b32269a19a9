// The two edge functions as every host runs them (Netlify, its emulator, the Node preview, the
// tests), over a host's settings: the key gate, a step that answers what it stops and hands
// everything else on, and the answering function, which reads the built files from the static
// origin. The hosts adapt their own context to these; nothing here knows which host it is on.
import { createGate } from '../api/gate.ts';
import { createHandler } from '../api/handler.ts';
import { perKeys, type Env } from '../api/keys.ts';
import { isPublicRead } from '../api/public.ts';
import { originStore } from '../store/reader/origin.ts';
import type { Step } from './chain.ts';

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
 * The key gate for a host's settings (API_KEYS, read per request): it answers preflights, 405,
 * 400 for two different keys, 401 and 403 itself, never cached, and hands every other request on.
 */
export function gateFunction(env: Env): Step {
  const gate = perKeys(env, (keys) => createGate({ keys }));
  return (request, next) => {
    const stopped = gate()(request);
    return stopped === null ? next() : Promise.resolve(stopped);
  };
}

/**
 * The answering function for a host's settings (API_KEYS, read per request). It checks the key
 * again (the gate before the cache already has: defence in depth, not the check), passes the
 * public files (the API's description and its documentation) from the origin as they are, and
 * answers everything else from the built files it reads through `origin`, each with the file's
 * own URL.
 */
export function apiFunction(env: Env, readTimeoutMs = READ_TIMEOUT_MS) {
  const handler = perKeys(env, (keys) => createHandler({ keys }));
  return (request: Request, origin: StaticOrigin): Promise<Response> => {
    if (isPublicRead(request.method, new URL(request.url).pathname)) return origin.next(request);
    // The origin's 404 is "no such file"; any other failure makes the request a 503.
    const store = originStore((path, signal) => origin.next(new Request(new URL(path, request.url), { signal })), readTimeoutMs);
    return handler()(request, store);
  };
}
