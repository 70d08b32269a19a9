// The key gate as every host runs it, over a host's settings: a step that answers what it stops
// and hands everything else on. Apart from the answering function (functions.ts) because the gate
// runs on every request: what it imports is every request's to load, and it needs only the key
// check, not the API's schemas, queries and store reader.
import { createGate } from '../../api/gate.ts';
import { perKeys, type Env } from '../../api/keys.ts';
import type { Step } from '../chain.ts';

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
