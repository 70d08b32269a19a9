// Netlify edge function, first on every path and not cached: the key gate (src/hosts/netlify/gate-function.ts),
// run before the CDN cache, so a cached answer only ever goes to a request that has passed it.
// What it lets on goes through the cache to the answering function (api.ts). It imports the key
// check alone: it runs on every request, and its modules are each cold start's to load.
import type { Config, Context } from '@netlify/edge-functions';
import { GATE_RATE_LIMIT, gateFunction } from '../../src/hosts/netlify/gate-function.ts';

// Made at the first request: Netlify.env is the platform's, there when a request runs.
let gate: ReturnType<typeof gateFunction> | undefined;

export default (request: Request, context: Context) =>
  (gate ??= gateFunction(Netlify.env))(request, () => context.next());

// The route is declared in netlify.toml; here only what Netlify reads from the code: the limit
// per client address (src/api/limits.ts), counted by the platform before the gate runs.
export const config: Config = { rateLimit: GATE_RATE_LIMIT };
