// Netlify edge function, last on every path and cached by the CDN (`cache = "manual"`): the
// answering function (src/hosts/netlify/functions.ts). Its context is the static origin: from the last
// function of the chain, context.next(request) reads a built file without running edge functions again.
// Its code (the API's schemas, queries and store reader, zod with them) is imported by its first
// request, as the MCP function's is (mcp.ts): Netlify's emulator loads every function's modules
// twice per request (once to read their settings, once to run them), and a request the gate
// stops never needs them.
import type { Context } from '@netlify/edge-functions';
import { loadOnce } from '../../src/hosts/netlify/load-once.ts';

const api = loadOnce(() => import('../../src/hosts/netlify/functions.ts').then((m) => m.apiFunction(Netlify.env)));

export default async (request: Request, context: Context) => (await api())(request, context);
