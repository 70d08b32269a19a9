// Netlify edge function, first on every path and not cached: the key gate. It answers what it
// stops (OPTIONS, 405, 400 for two different keys, 401, 403) itself, never cached, and passes
// everything else on to the answering function (api.ts) through the CDN cache, so a cached
// answer is only ever served to a request that has passed it. A thin adapter: the check is src/api/gate.ts.
import { createGate } from '../../src/api/gate.ts';
import { perKeys, type Env } from '../../src/api/keys.ts';

export interface GateContext {
  next(): Promise<Response>;
}

declare const Netlify: { env: Env };

/** The gate for an environment (its API_KEYS, read per request). */
export function gateFunction(env: Env) {
  const gate = perKeys(env, (keys) => createGate({ keys }));
  return (request: Request, context: GateContext): Promise<Response> => {
    const stopped = gate()(request);
    return stopped === null ? context.next() : Promise.resolve(stopped);
  };
}

let deployed: ReturnType<typeof gateFunction> | undefined;

export default function gate(request: Request, context: GateContext): Promise<Response> {
  deployed ??= gateFunction(Netlify.env);
  return deployed(request, context);
}
