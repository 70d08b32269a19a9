// Runs under Deno, the runtime of Netlify edge functions: imports the gate, the answering
// function and the MCP function as Netlify would, chains them (gate, then api or mcp) and answers requests from a built site folder. Prints one
// JSON line of results. It stands in for the platform, so it alone imports the functions' files.
import type { Context } from '@netlify/edge-functions';
import api from '../../netlify/edge-functions/api.ts';
import gate from '../../netlify/edge-functions/gate.ts';
import mcp from '../../netlify/edge-functions/mcp.ts';

declare const Deno: {
  args: string[];
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>;
};

const dist = Deno.args[0];
(globalThis as { Netlify?: unknown }).Netlify = {
  env: { get: (k: string) => (k === 'API_KEYS' ? 'deno-key' : undefined) },
};

/** Netlify's context carries much more; the functions use only next(). */
const contextOf = (next: (request: Request) => Promise<Response>) => ({ next }) as unknown as Context;

const context = contextOf(async (request) => {
  const pathname = new URL(request.url).pathname;
  try {
    return new Response(await Deno.readFile(dist + pathname));
  } catch {
    return new Response('Not Found', { status: 404 });
  }
});

const results: Record<string, unknown> = { runtime: typeof Deno === 'object' ? 'deno' : 'other' };
const call = async (path: string, key: string | null = 'deno-key') => {
  const headers = key === null ? undefined : { 'x-gateway-key': key };
  const request = new Request(`https://edge.example${path}`, { headers });
  const response = await gate(
    request,
    contextOf(() => api(request, context)),
  );
  const body = await response.json();
  return { status: response.status, body };
};

for (const path of [
  '/v2/fights/',
  '/v2/fights/schedule?days=3650',
  '/v2/events/?status=FINISHED',
  '/v2/fighters/?name=a',
  '/v2/rankings/',
  '/v2/divisions/heavyweight',
]) {
  const { status, body } = await call(path);
  results[path] = { status, items: body.pagination?.items, next_page: body.pagination?.next_page ?? null };
}
results.missing = (await call('/v2/fights/', null)).status;
results.invalid = (await call('/v2/fights/', 'wrong')).status;
results.notFound = (await call('/v2/fights/fight-none')).status;
// The API's description is public: passed to the origin as it is, without a key.
const description = await call('/v2/openapi.json', null);
results.description = { status: description.status, openapi: description.body.openapi };
// So is the health, answered by the API from its one file.
const health = await call('/v2/health', null);
results.health = { status: health.status, data: health.body.data };
// An export part goes out as its bytes, whose SHA-256 (Deno's own) is the one listed.
const [part] = (await call('/v2/exports/')).body.data[0].parts;
const request = new Request(part.url, { headers: { 'x-gateway-key': 'deno-key' } });
const file = await gate(
  request,
  contextOf(() => api(request, context)),
);
const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer())), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');
results.part = { status: file.status, type: file.headers.get('content-type'), matches: digest === part.sha256 };

// The MCP function reads a body with Deno's streams no further than its limit: a declared length
// over it unread, a body without one to just past it (each fails if read further).
const spaces = (failAfter: number) => {
  const sent = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent.bytes >= failAfter) return controller.error(new Error(`read past ${failAfter} bytes`));
        sent.bytes += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, sent };
};
const postMcp = async (body: BodyInit, headers: Record<string, string> = {}) => {
  const init = {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      'x-gateway-key': 'deno-key',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
  };
  const request = new Request('https://edge.example/mcp', init as RequestInit);
  const response = await gate(
    request,
    contextOf(() => mcp(request, context)),
  );
  const answer = await response.json();
  return { status: response.status, code: answer.error?.code ?? null, result: answer.result ?? null };
};
const declared = spaces(0);
results.mcpDeclared = {
  ...(await postMcp(declared.stream, { 'content-length': String(200 * 1024 * 1024) })),
  read: declared.sent.bytes,
};
const streamed = spaces(4 * 1024 * 1024);
results.mcpStreamed = { ...(await postMcp(streamed.stream)), read: streamed.sent.bytes };
const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
results.mcpExact = await postMcp(ping + ' '.repeat(64 * 1024 - ping.length));
console.log(JSON.stringify(results));
