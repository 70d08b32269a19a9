// Netlify's own local emulator (@netlify/dev, the library under `netlify dev`) on a built site,
// offline: the edge functions as netlify.toml declares them, in Deno under Netlify's edge
// bootstrap (shipped in node_modules, so nothing is fetched), in front of the built files.
//
// One HTTP server is both the front door and the static origin that the answering function reads
// the store from, and it guards both roles: a client's request is answered only by the edge
// functions (if they did not run, it is a 503, never the built file), and a request is an origin
// read only when it names a request in flight through them. The emulator itself would serve the
// built files as they are when its edge runtime fails to start, and to any client that sends the
// header its own origin reads carry.
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { createGate } from '../../api/gate.ts';
import type { FetchHandler } from '../chain.ts';
import { readBodyHead } from '../../mcp/body.ts';
import { MAX_BODY_BYTES } from '../../mcp/server.ts';
import { emulatorSite } from './site.ts';
import { listen, wholeResponse } from '../node/bridge.ts';

/** The part of NetlifyDev the server uses: its whole request chain. */
export interface RequestChain {
  handleAndIntrospect(request: Request): Promise<{ response: Response; type: string } | undefined>;
}

/** Headers the emulator's edge runtime sets; from a client they would claim to be the runtime. */
const isInternal = (name: string) => name.startsWith('x-nf-');

/**
 * Headers that describe one connection, not the request (RFC 9110, 7.6.1): this server has
 * already read the message they framed, and a proxy does not pass them on. Forwarded, a client's
 * `Transfer-Encoding` made the request to the edge runtime fail; passed back, the runtime's own
 * would contradict the length this server sends.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwarded(headers: Headers, keepInternal: boolean): Array<[string, string]> {
  return [...headers].filter(([name]) => !HOP_BY_HOP.has(name) && (keepInternal || !isInternal(name)));
}

/** Methods HTTP allows but a fetch Request cannot carry, so the edge runtime can never be given them. */
const NOT_IN_FETCH = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The gate checks the method before any key: for such a method its answer is the API's 405,
 * whatever the keys, the answer the preview gives.
 */
const methodGate = createGate({ keys: [] });

const refused = () =>
  new Response('The edge functions did not answer this request (see the log); nothing is served without them.\n', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * The guarded front door and origin over a request chain; `origin` is the address it listens on.
 * `chain` is looked up per request: the emulator needs the server's address before it starts.
 */
export function frontDoor(chain: () => RequestChain, origin: () => string): FetchHandler {
  // Client requests being answered; the emulator gives each its request id as it starts.
  const inFlight = new Set<Request>();
  const isOriginRead = (headers: Headers) => {
    const id = headers.get('x-nf-request-id');
    return headers.has('x-nf-passthrough') && [...inFlight].some((r) => r.headers.get('x-nf-request-id') === id);
  };
  return async (client) => {
    if (NOT_IN_FETCH.has(client.method.toUpperCase())) return methodGate(client).stopped!;
    const read = isOriginRead(client.headers);
    const url = new URL(client.url);
    // The emulator answers on its own address, whatever Host the client named.
    // A body (a POST's JSON-RPC message to the MCP endpoint) is passed on up to the chunk that
    // passes the endpoint's limit, which is enough for the endpoint to refuse it: a client may
    // send any length, and this server holds no more than that. Its bytes frame their own length.
    const body =
      client.method === 'GET' || client.method === 'HEAD' ? undefined : await readBodyHead(client, MAX_BODY_BYTES);
    if (body === 'failed') return new Response(null, { status: 400 });
    const sent = forwarded(client.headers, read).filter(([name]) => body === undefined || name !== 'content-length');
    const request = new Request(origin() + url.pathname + url.search, { method: client.method, headers: sent, body });
    let response: Response;
    if (!read) inFlight.add(request);
    try {
      const result = await chain().handleAndIntrospect(request);
      if (read) response = result?.response ?? new Response('Not Found', { status: 404 });
      else response = result?.type === 'edge-function' ? result.response : refused();
    } catch (e) {
      console.error(e);
      return refused();
    } finally {
      inFlight.delete(request);
    }
    const headers = Object.fromEntries(forwarded(response.headers, true));
    if (client.method === 'HEAD') {
      await response.body?.cancel();
      return wholeResponse(null, { status: response.status, headers });
    }
    return wholeResponse(new Uint8Array(await response.arrayBuffer()), { status: response.status, headers });
  };
}

export interface Emulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the emulator on a built site. `deno` is the folder of a Deno it accepts (see
 * deno.ts); it goes first on PATH while the emulator runs, since that is where the
 * emulator looks. `keys` is API_KEYS as the edge functions will read it.
 */
export async function startEmulator(options: {
  distDir: string;
  keys: string;
  deno: string;
  port: number;
  host?: string;
}): Promise<Emulator> {
  const site = emulatorSite(options.distDir, options.keys);
  // A signal may end the process before close() is done (the emulator stops its Deno on exit):
  // the folder goes with the process whichever way it ends.
  process.once('exit', site.remove);
  const savedPath = process.env.PATH;
  process.env.PATH = `${options.deno}${path.delimiter}${savedPath ?? ''}`;
  let dev: NetlifyDev | undefined;
  let url = '';
  const server = await listen(
    frontDoor(
      () => dev!,
      () => url,
    ),
    { port: options.port, host: options.host },
  );
  const { port } = server;
  url = `http://localhost:${port}`;
  const emulator = new NetlifyDev({
    projectRoot: site.root,
    serverAddress: url,
    skipGitignore: true,
    // Only what the site uses; everything else would look for a linked site or the network.
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    functions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  dev = emulator;
  await emulator.start();
  return {
    url,
    port,
    close: async () => {
      server.server.closeAllConnections();
      await server.close();
      await emulator.stop();
      site.remove();
      process.off('exit', site.remove);
      process.env.PATH = savedPath;
    },
  };
}
