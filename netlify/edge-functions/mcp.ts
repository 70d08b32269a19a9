// Netlify edge function on /mcp, the last there and not cached (a POST never is): the MCP
// endpoint (src/mcp/server.ts). The key gate has run before it, and it checks the key again, as
// the answering function does. Tool calls read the built files through context.next() with the
// file's own URL, which from the last function of the chain reaches the static origin: that is
// why the answering function on every other path excludes this one.
import { perKeys, type Env } from '../../src/api/keys.ts';
import { createMcpHandler } from '../../src/mcp/server.ts';
import { originStore } from '../../src/store/reader/origin.ts';
import { READ_TIMEOUT_MS, type EdgeContext } from './api.ts';

declare const Netlify: { env: Env };

/** The MCP function for an environment (its API_KEYS, read per request). */
export function mcpFunction(env: Env, readTimeoutMs = READ_TIMEOUT_MS) {
  const handler = perKeys(env, (keys) => createMcpHandler({ keys }));
  return (request: Request, context: EdgeContext): Promise<Response> => {
    const store = originStore((path, signal) => context.next(new Request(new URL(path, request.url), { signal })), readTimeoutMs);
    return handler()(request, store);
  };
}

let deployed: ReturnType<typeof mcpFunction> | undefined;

export default function mcp(request: Request, context: EdgeContext): Promise<Response> {
  deployed ??= mcpFunction(Netlify.env);
  return deployed(request, context);
}
