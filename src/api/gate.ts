// The key gate: method and API key, checked before anything is read or cached. On Netlify it is
// its own edge function, run before the CDN cache on every request, so a cached answer is never
// handed to a request without a valid key; the handler runs the same check first, so every host
// and every test agrees with it. Behind the RapidAPI gateway, a request carrying the gateway's
// proxy secret is one the gateway has already checked, and needs no key of ours.
import { systemClock } from '../shared/dates.ts';
import { accessOf } from './access.ts';
import {
  ApiError,
  apiKeyExpired,
  internalError,
  invalidApiKey,
  invalidProxySecret,
  methodNotAllowed,
  missingApiKey,
} from './errors.ts';
import { gatewayCaller, PROXY_SECRET_HEADER } from './gateway.ts';
import { keyChecker, presentedKey, sameSecret, type KeySettings } from './keys.ts';
import { isPublicPath } from './public.ts';
import { errorResponse, preflight } from './respond.ts';

export interface GateOptions extends KeySettings {
  /** The current time in epoch microseconds, for the error envelope's timestamp and keys' last days (tests fix it). */
  now?: () => number;
}

/** Who a request the gate let on is for, as the logs name it: a key's name or the gateway's subscriber, and the gateway's plan. */
export interface Caller {
  name: string;
  plan: string | null;
}

/**
 * The gate's decision: the answer for a request it stops (preflight, 405, 400 for two different
 * keys, 401, 403, 500 for malformed settings), or null to let it on; and who asked, when known.
 */
export interface Verdict {
  stopped: Response | null;
  caller: Caller | null;
}

export type Gate = (request: Request) => Verdict;

const ON: Verdict = { stopped: null, caller: null };

export function createGate({ keys, proxySecret = null, problem, now = systemClock }: GateOptions): Gate {
  const keyOf = keyChecker(keys);
  const stop = (request: Request, error: ApiError, caller: Caller | null = null): Verdict => ({
    stopped: errorResponse(request, error, now()),
    caller,
  });
  // Never a gate that lets everyone in or no one: every request is our fault until it is mended.
  if (problem !== undefined) return (request) => stop(request, internalError());
  return (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'OPTIONS') return { stopped: preflight(pathname), caller: null };
    const access = accessOf(pathname);
    if (!access.methods.includes(request.method))
      return stop(request, methodNotAllowed(request.method, access.what, access.methods));
    if (isPublicPath(pathname)) return ON;
    if (proxySecret !== null) {
      const sent = request.headers.get(PROXY_SECRET_HEADER);
      // None sent: a caller with a key of ours, beside the gateway's.
      if (sent !== null && sent !== '') {
        if (!sameSecret(proxySecret, sent)) return stop(request, invalidProxySecret());
        return { stopped: null, caller: gatewayCaller(request.headers) };
      }
    }
    let key: string | null;
    try {
      key = presentedKey(request.headers, access.bearer);
    } catch (e) {
      // Two different keys in the two key headers: refused before either is checked.
      if (e instanceof ApiError) return stop(request, e);
      throw e;
    }
    if (key === null) return stop(request, missingApiKey(access.bearer));
    const entry = keyOf(key);
    if (entry === undefined) return stop(request, invalidApiKey());
    const caller = { name: entry.name, plan: null };
    if (entry.endsAt !== undefined && now() >= entry.endsAt)
      return stop(request, apiKeyExpired(entry.lastDay!), caller);
    return { stopped: null, caller };
  };
}
