// Serves the edge function over HTTP on Node: each request becomes a web Request, runs through
// the edge function with a dist-backed context, and its Response is written back.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { edgeFunction } from '../../netlify/edge-functions/api.ts';
import { distContext } from './dist-context.ts';
import { withTryItKey } from '../../src/docs/try-it.ts';

/** host[:port]: a DNS name, an IPv4 address or a bracketed IPv6 address, and digits for the port. */
const HOST_HEADER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

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

/** Methods that HTTP allows but the fetch standard's Request refuses to carry. */
const FORBIDDEN_IN_FETCH = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * A web Request for any method the server accepts. Request refuses TRACE and TRACK outright; the
 * API answers them 405 like every method it does not serve, so they travel on a stand-in request
 * that reports the real method.
 */
function requestFor(url: string, method: string, headers: Array<[string, string]>): Request {
  if (!FORBIDDEN_IN_FETCH.has(method.toUpperCase())) return new Request(url, { method, headers });
  const request = new Request(url, { headers });
  Object.defineProperty(request, 'method', { value: method });
  return request;
}

/** Built files the preview keeps in memory by default: the hot pages and indexes, not a whole large site. */
export const PREVIEW_CACHE_BYTES = 64 * 1024 * 1024;

export async function startServer(options: {
  distDir: string;
  port: number;
  host?: string;
  env?: Record<string, string | undefined>;
  /** Bytes of built files kept in memory (0: read every file from disk). */
  cacheBytes?: number;
  /** A key to fill in the documentation page's try-it console with (none by default). */
  tryItKey?: string;
}) {
  const env = options.env ?? process.env;
  const edge = edgeFunction({ get: (name) => env[name] });
  const context = distContext(options.distDir, { cacheBytes: options.cacheBytes ?? PREVIEW_CACHE_BYTES });
  const server = http.createServer(async (req, res) => {
    try {
      // The request target is a path: joined as text to a checked origin, so '//host/x' cannot
      // stand for another origin, and no Host header can change which path is routed.
      const target = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
      const request = requestFor(
        originOf(req.headers.host, req.socket) + target,
        req.method ?? 'GET',
        Object.entries(req.headers).flatMap(([k, v]) =>
          v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]),
        ),
      );
      const response = await edge(request, context);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (options.tryItKey !== undefined && response.headers.get('content-type')?.startsWith('text/html'))
        res.end(withTryItKey(await response.text(), options.tryItKey));
      else res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    } catch (e) {
      console.error(e);
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('preview server error');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
