// The one bridge between Node's HTTP server and the web-standard chains the local hosts run (the
// preview, the emulator's front door): srvx's toNodeHandler makes each Node request a web Request
// and sends the Response back. What it adds is this project's reading of a request line: the
// origin a request is answered on, and answers sent whole.
import http, { STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ServerRequest } from 'srvx';
import { FastResponse, toNodeHandler } from 'srvx/node';
import type { FetchHandler } from '../chain.ts';

/** host[:port]: a DNS name, an IPv4 address or a bracketed IPv6 address, and digits for the port. */
const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the client asked for when its Host header is a plain host[:port], else the address
 * the request arrived on. The header is never trusted further: it cannot add a path, a quote or
 * a space to the URL.
 */
export function originOf(host: string | undefined, socket: Pick<Socket, 'localAddress' | 'localPort'>): string {
  if (host !== undefined && HOST_HEADER.test(host)) {
    try {
      const url = new URL(`http://${host}`);
      if (url.pathname === '/' && url.search === '' && url.username === '') return url.origin;
    } catch {
      // e.g. a port above 65535 or a malformed IPv6 address: fall through to the socket's address.
    }
  }
  const address = socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}

/** The Host header of each request in flight, exactly as sent (undefined: none, or more than one). */
const namedHosts = new WeakMap<Request, string | undefined>();

/**
 * The Host header a request came with, exactly as the client sent it; undefined when it sent none
 * or several, or the request did not come through this bridge. The request's URL may carry the
 * listening address instead (see originOf), so a decision on who asked reads this.
 */
export function namedHost(request: Request): string | undefined {
  return namedHosts.get(request);
}

/** The address each request in flight came from (the peer of its connection). */
const clientAddresses = new WeakMap<Request, string>();

/** The address a request came from, as its connection's peer; undefined when it did not come through this bridge. */
export function clientAddress(request: Request): string | undefined {
  return clientAddresses.get(request);
}

/** The values of the Host lines among Node's raw headers, which the bridge leaves as they came. */
function sentHost(rawHeaders: readonly string[] | undefined): string | undefined {
  const values = (rawHeaders ?? []).filter((_, i, all) => i % 2 === 1 && all[i - 1].toLowerCase() === 'host');
  return values.length === 1 ? values[0] : undefined;
}

/**
 * A Response the bridge writes out as it is, with its length and its status's usual reason
 * phrase: for a body already in memory (a kept answer), which would otherwise be copied again.
 */
export function wholeResponse(
  body: Uint8Array<ArrayBuffer> | null,
  init: { status: number; headers: Record<string, string> },
): Response {
  return new FastResponse(body !== null && body.byteLength > 0 ? body : null, {
    ...init,
    statusText: STATUS_CODES[init.status],
  });
}

/**
 * Every answer here is small and made in memory, so it goes out whole with its Content-Length,
 * never in chunks as a streamed body would.
 */
async function whole(response: Response): Promise<Response> {
  if ('_toNodeResponse' in response) return response;
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
  return wholeResponse(body, { status: response.status, headers: Object.fromEntries(response.headers) });
}

/** Our own fault, not the client's: a 500 that no cache keeps. */
function failed(e: unknown): Response {
  console.error(e);
  return new Response('server error\n', {
    status: 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export interface Listening {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/** The server could not listen where it was asked to: said in a line for whoever started it. */
export class CannotListen extends Error {
  override name = 'CannotListen';
}

function cannotListen(e: NodeJS.ErrnoException, port: number, host: string): string {
  const where = `port ${port} on ${host}`;
  if (e.code === 'EADDRINUSE') return `${where} is in use by another program: choose another with --port (or PORT)`;
  if (e.code === 'EACCES')
    return `${where} needs privileges this user does not have: choose a port above 1023 with --port (or PORT)`;
  if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND')
    return `${host} is no address of this machine: choose another with --host (or HOST)`;
  return `cannot listen on ${where}: ${e.message}`;
}

/**
 * Serves `handler` over HTTP on Node. Before the library reads a request, its target and Host are
 * put in the form the chain is promised: the target a path (joined as text to a checked origin,
 * so '//host/x' cannot stand for another origin), and the Host the origin of `originOf`, so no
 * header can change which path is routed or make a URL the API cannot parse.
 */
export async function listen(handler: FetchHandler, options: { port: number; host?: string }): Promise<Listening> {
  // An HTTP/1 server's handler (the library's type also covers HTTP/2's).
  const bridged = toNodeHandler(async (request: ServerRequest) => {
    namedHosts.set(request, sentHost(request.runtime?.node?.req.rawHeaders));
    const peer = request.runtime?.node?.req.socket.remoteAddress;
    if (peer !== undefined) clientAddresses.set(request, peer);
    try {
      return await whole(await handler(request));
    } catch (e) {
      return failed(e);
    }
  }) as (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith('/')) req.url = `/${req.url ?? ''}`;
    req.headers.host = originOf(req.headers.host, req.socket).slice('http://'.length);
    return bridged(req, res);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(new CannotListen(cannotListen(e, options.port, host), { cause: e })),
    );
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
