// One cold start of an edge function, in a fresh process (Deno, as on the edge, or Node): the
// time to load its bundle, then its first answer and a second one. Run by the MCP benchmark
// (mcp.ts) as `cold-start.ts BUNDLE KIND DIST`: KIND is `api` or `mcp`; DIST a built site whose
// files stand in for the static origin. Prints one JSON line of milliseconds.
import { readFile } from 'node:fs/promises';

const [bundle, kind, dist] = (globalThis as { Deno?: { args: string[] } }).Deno?.args ?? process.argv.slice(2);
const KEY = 'bench-key';
const env = { get: (name: string) => (name === 'API_KEYS' ? KEY : undefined) };

/** The built files as the static origin serves them: 404 for no such file. */
const origin = {
  next: async (request: Request) => {
    try {
      return new Response(await readFile(`${dist}${decodeURIComponent(new URL(request.url).pathname)}`));
    } catch {
      return new Response(null, { status: 404 });
    }
  },
};

const started = performance.now();
const module = await import(new URL(`file://${bundle}`).href);
const loaded = performance.now();

type Function = (request: Request, context: typeof origin) => Promise<Response>;
const answer: Function = kind === 'mcp' ? module.mcpFunction(env) : module.apiFunction(env);

const request = (body: unknown): Request =>
  kind === 'mcp'
    ? new Request('https://bench.example/mcp', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${KEY}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify(body),
      })
    : new Request('https://bench.example/v2/divisions/heavyweight', { headers: { 'x-gateway-key': KEY } });

const call = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'get_division', arguments: { division_id: 'heavyweight' } },
};
const timed = async (body: unknown, expected: string) => {
  const t = performance.now();
  const response = await answer(request(body), origin);
  const text = await response.text();
  if (response.status !== 200 || !text.includes(expected)) throw new Error(`${response.status}: ${text}`);
  return performance.now() - t;
};
// The MCP endpoint's first request is a client's initialize; the API's a get-one.
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
};
const first = await timed(kind === 'mcp' ? initialize : null, kind === 'mcp' ? 'serverInfo' : 'heavyweight');
const second = await timed(call, 'heavyweight');
console.log(JSON.stringify({ load: loaded - started, first, second }));
