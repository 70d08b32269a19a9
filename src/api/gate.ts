// The key gate: method and API key, checked before anything is read or cached. On Netlify it is
// its own edge function, run before the CDN cache on every request, so a cached answer is never
// handed to a request without a valid key; the handler runs the same check first, so every host
// and every test agrees with it.
import { systemClock } from '../shared/dates.ts';
import { accessOf } from './access.ts';
import { ApiError, invalidApiKey, methodNotAllowed, missingApiKey } from './errors.ts';
import { keyChecker, presentedKey } from './keys.ts';
import { isPublicPath } from './public.ts';
import { errorResponse, preflight } from './respond.ts';

export interface GateOptions {
  /** Accepted API keys. None configured means every request is refused. */
  keys: readonly string[];
  /** The current time in epoch microseconds, for the error envelope's timestamp (tests fix it). */
  now?: () => number;
}

/** The gate's answer for a request it stops (preflight, 405, 400 for two different keys, 401, 403), or null to let it on. */
export type Gate = (request: Request) => Response | null;

export function createGate({ keys, now = systemClock }: GateOptions): Gate {
  const isValidKey = keyChecker(keys);
  return (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'OPTIONS') return preflight(pathname);
    const access = accessOf(pathname);
    if (!access.methods.includes(request.method))
      return errorResponse(request, methodNotAllowed(request.method, access.what, access.methods), now());
    if (isPublicPath(pathname)) return null;
    let key: string | null;
    try {
      key = presentedKey(request.headers, access.bearer);
    } catch (e) {
      // Two different keys in the two key headers: refused before either is checked.
      if (e instanceof ApiError) return errorResponse(request, e, now());
      throw e;
    }
    if (key === null) return errorResponse(request, missingApiKey(access.bearer), now());
    if (!isValidKey(key)) return errorResponse(request, invalidApiKey(), now());
    return null;
  };
}
