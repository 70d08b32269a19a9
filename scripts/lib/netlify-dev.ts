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
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { emulatorSite } from './emulator-site.ts';
import { requestBody } from './request-body.ts';

/** The part of NetlifyDev the server uses: its whole request chain. */
export interface RequestChain {
  handleAndIntrospect(request: Request): Promise<{ response: Response; type: string } | undefined>;
}

/** Headers the emulator's edge runtime sets; from a client they would claim to be the runtime. */
const isInternal = (name: string) => name.toLowerCase().startsWith('x-nf-');

/**
 * Headers that describe one connection, not the request (RFC 9110, 7.6.1): this server has
 * already read the message they framed, and a proxy does not pass them on. Forwarded, a client's
 * `Transfer-Encoding` made the request to the edge runtime fail.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function headersOf(req: http.IncomingMessage, keepInternal: boolean): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    if (HOP_BY_HOP.has(name.toLowerCase())) continue;
    if (keepInternal || !isInternal(name)) pairs.push([name, req.rawHeaders[i + 1]]);
  }
  return pairs;
}

const refused = () =>
  new Response('The edge functions did not answer this request (see the log); nothing is served without them.\n', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * The guarded front door and origin over a request chain; `origin` is the address it listens on.
 * `chain` is looked up per request: the emulator needs the server's address before it starts.
 */
export function guardedServer(chain: () => RequestChain, origin: () => string): http.Server {
  // Client requests being answered; the emulator gives each its request id as it starts.
  const inFlight = new Set<Request>();
  const isOriginRead = (req: http.IncomingMessage) => {
    const id = req.headers['x-nf-request-id'];
    return req.headers['x-nf-passthrough'] !== undefined && [...inFlight].some((r) => r.headers.get('x-nf-request-id') === id);
  };
  return http.createServer(async (req, res) => {
    const read = isOriginRead(req);
    const target = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
    const method = req.method ?? 'GET';
    let response: Response;
    let request: Request;
    try {
      request = new Request(origin() + target, { method, headers: headersOf(req, read), body: await requestBody(req) });
    } catch {
      // A method or target a web Request cannot carry (TRACE, CONNECT): the client's fault.
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Bad Request\n');
      return;
    }
    try {
      if (!read) inFlight.add(request);
      try {
        const result = await chain().handleAndIntrospect(request);
        if (read) response = result?.response ?? new Response('Not Found', { status: 404 });
        else response = result?.type === 'edge-function' ? result.response : refused();
      } finally {
        inFlight.delete(request);
      }
    } catch (e) {
      console.error(e);
      response = refused();
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(response.body && method !== 'HEAD' ? Buffer.from(await response.arrayBuffer()) : undefined);
  });
}

export interface Emulator {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the emulator on a built site. `deno` is the folder of a Deno it accepts (see
 * emulator-deno.ts); it goes first on PATH while the emulator runs, since that is where the
 * emulator looks. `keys` is API_KEYS as the edge functions will read it.
 */
export async function startEmulator(options: { distDir: string; keys: string; deno: string; port: number; host?: string }): Promise<Emulator> {
  const site = emulatorSite(options.distDir, options.keys);
  // A signal may end the process before close() is done (the emulator stops its Deno on exit):
  // the folder goes with the process whichever way it ends.
  process.once('exit', site.remove);
  const savedPath = process.env.PATH;
  process.env.PATH = `${options.deno}${path.delimiter}${savedPath ?? ''}`;
  let dev: NetlifyDev | undefined;
  let url = '';
  const server = guardedServer(() => dev!, () => url);
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
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
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await emulator.stop();
      site.remove();
      process.off('exit', site.remove);
      process.env.PATH = savedPath;
    },
  };
}
