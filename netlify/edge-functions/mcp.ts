// Netlify edge function on /mcp, the last there and not cached (a POST never is): the MCP
// endpoint (src/hosts/mcp.ts, src/mcp/). The key gate has run before it. Its context is the
// static origin: from the last function of the chain, context.next(request) reads a built file,
// which is why the answering function on every other path leaves /mcp to this one.
import type { Context } from '@netlify/edge-functions';
import { mcpFunction } from '../../src/hosts/mcp.ts';

// Made at the first request: Netlify.env is the platform's, there when a request runs.
let mcp: ReturnType<typeof mcpFunction> | undefined;

export default (request: Request, context: Context) => (mcp ??= mcpFunction(Netlify.env))(request, context);
