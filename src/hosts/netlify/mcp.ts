// The MCP endpoint's function as every host runs it, over a host's settings, apart from the
// gate and the answering function (gate-function.ts, functions.ts) so that they never import the MCP SDK; Netlify's adapter
// (netlify/edge-functions/mcp.ts) imports this module on the first call to /mcp only.
import { perKeys, type Env } from '../../api/keys.ts';
import { isMcpPath } from '../../api/routes.ts';
import { createMcpHandler } from '../../mcp/server.ts';
import type { Step } from '../chain.ts';
import { READ_TIMEOUT_MS, storeOf, type StaticOrigin } from './functions.ts';

/**
 * The MCP endpoint's function for a host's settings (API_KEYS and RAPIDAPI_PROXY_SECRET, read per request): after the gate,
 * never cached. It checks the key again, as the answering function does, and its tool calls read
 * the built files through `origin` as the answering function reads them.
 */
export function mcpFunction(env: Env, readTimeoutMs = READ_TIMEOUT_MS) {
  const handler = perKeys(env, createMcpHandler);
  return (request: Request, origin: StaticOrigin): Promise<Response> =>
    handler()(request, storeOf(request, origin, readTimeoutMs));
}

/** A host's step that hands the MCP endpoint's requests to its function and every other on. */
export function mcpStep(mcp: ReturnType<typeof mcpFunction>, origin: StaticOrigin): Step {
  return (request, next) => (isMcpPath(new URL(request.url).pathname) ? mcp(request, origin) : next());
}
