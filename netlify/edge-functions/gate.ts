// Netlify edge function, first on every path and not cached: the key gate (src/hosts/functions.ts),
// run before the CDN cache, so a cached answer only ever goes to a request that has passed it.
// What it lets on goes through the cache to the answering function (api.ts).
import type { Context } from '@netlify/edge-functions';
import { gateFunction } from '../../src/hosts/functions.ts';

// Made at the first request: Netlify.env is the platform's, there when a request runs.
let gate: ReturnType<typeof gateFunction> | undefined;

export default (request: Request, context: Context) => (gate ??= gateFunction(Netlify.env))(request, () => context.next());
