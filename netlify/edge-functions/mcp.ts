// Netlify edge function on /mcp, the last there and not cached (a POST never is): the MCP
// endpoint (src/hosts/netlify/mcp.ts, src/mcp/). The key gate has run before it. Its context is the
// static origin: from the last function of the chain, context.next(request) reads a built file,
// which is why the answering function on every other path leaves /mcp to this one.
// The MCP server (the SDK is a third of the bundle) is imported by the first call to /mcp: under
// Netlify's emulator every request loads every function's modules (twice), and importing it up front made
// every API request there a third slower (340 ms against 210 ms, one at a time).
import type { Context } from '@netlify/edge-functions';
import { loadOnce } from '../../src/hosts/netlify/load-once.ts';

const mcp = loadOnce(() => import('../../src/hosts/netlify/mcp.ts').then((m) => m.mcpFunction(Netlify.env)));

export default async (request: Request, context: Context) => (await mcp())(request, context);
