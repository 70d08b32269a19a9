// The key gate as every host runs it, over a host's settings: a step that answers what it stops
// and hands everything else on, and writes the usage log's line for each request. Apart from the
// answering function (functions.ts) because the gate runs on every request: what it imports is
// every request's to load, and it needs only the key check, not the API's schemas, queries and
// store reader.
import { createGate } from '../../api/gate.ts';
import { perKeys, type Env } from '../../api/keys.ts';
import { RATE_LIMIT_PER_MINUTE } from '../../api/limits.ts';
import { usageLine } from '../../api/usage-log.ts';
import { systemClock } from '../../shared/dates.ts';
import type { Step } from '../chain.ts';

/**
 * The gate's rate limit on Netlify (its edge function's `config.rateLimit`): RATE_LIMIT_PER_MINUTE
 * requests a minute from each client address, on this site's domain; Netlify answers the rest
 * 429 itself, before the gate runs.
 */
export const GATE_RATE_LIMIT: { windowLimit: number; windowSize: number; aggregateBy: Array<'ip' | 'domain'> } = {
  windowLimit: RATE_LIMIT_PER_MINUTE,
  windowSize: 60,
  aggregateBy: ['ip', 'domain'],
};

export interface GateFunctionOptions {
  /** Where the usage log's lines go (console.log, which Netlify's function logs carry). */
  log?: (line: string) => void;
  /** The requests a request's client address has left, where the host counts them (the preview). */
  limitLeft?: (request: Request) => number | null;
  /** The current time in epoch microseconds (tests fix it). */
  now?: () => number;
}

/**
 * The key gate for a host's settings (API_KEYS and RAPIDAPI_PROXY_SECRET, read per request): it
 * answers preflights, 405, 400 for two different keys, 401, 403 and a malformed API_KEYS's 500
 * itself, never cached, and hands every other request on; then logs one line for the answer.
 */
export function gateFunction(
  env: Env,
  { log = console.log, limitLeft = () => null, now = systemClock }: GateFunctionOptions = {},
): Step {
  const gate = perKeys(env, (settings) => createGate({ ...settings, now }));
  return async (request, next) => {
    const { stopped, caller } = gate()(request);
    const response = stopped ?? (await next());
    log(usageLine(now(), caller, new URL(request.url).pathname, response.status, limitLeft(request)));
    return response;
  };
}
