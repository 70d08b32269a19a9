// Serves the edge functions over HTTP on Node, in Netlify's order: each request becomes a web
// Request and passes the key gate; then, as on Netlify, the CDN cache answers what it holds, and
// only a miss runs the answering function, with a context that serves the built files.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { apiFunction, gateFunction, type StaticOrigin } from '../../src/hosts/functions.ts';
import { cdnCache, type CacheRequest, type KeptAnswer } from './cdn-cache.ts';
import { matchesEtag } from '../../src/api/etag.ts';
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

/** Answers the preview's CDN stand-in keeps by default. */
export const PREVIEW_CDN_BYTES = 64 * 1024 * 1024;

/** Where the built files come from: a built site's folder, or any context that serves them (a test's store in memory). */
type BuiltFiles =
  | {
      distDir: string;
      /** Bytes of built files kept in memory (0: read every file from disk). */
      cacheBytes?: number;
    }
  | { context: StaticOrigin & { build?: () => number } };

/** The gate's next(): a marker that it let the request on, for the cache and the answering function to take. */
const PASSED = new Response(null, { status: 299 });

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

export async function startServer(options: BuiltFiles & {
  port: number;
  host?: string;
  env?: Record<string, string | undefined>;
  /** Bytes of answers the CDN stand-in keeps (0: none; every request runs the answering function). */
  cdnBytes?: number;
  /** A key to fill in the documentation page's try-it console with (none by default). */
  tryItKey?: string;
}) {
  const env = options.env ?? process.env;
  const settings = { get: (name: string) => env[name] };
  const gate = gateFunction(settings);
  const api = apiFunction(settings);
  const context = 'context' in options
    ? options.context
    : distContext(options.distDir, { cacheBytes: options.cacheBytes ?? PREVIEW_CACHE_BYTES });
  const cdnBytes = options.cdnBytes ?? PREVIEW_CDN_BYTES;
  const cdn = cdnCache({ maxBytes: cdnBytes });
  // RFC 9211's account of what the cache did, as Netlify's CDN gives it (none without a CDN).
  const missed = cdnBytes > 0 ? { 'cache-status': '"preview"; fwd=miss' } : {};
  // A rebuild swapped in is a deploy: every kept answer goes, as on Netlify.
  let build = context.build?.();

  const server = http.createServer(async (req, res) => {
    try {
      // The request target is a path: joined as text to a checked origin, so '//host/x' cannot
      // stand for another origin, and no Host header can change which path is routed.
      const target = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
      const origin = originOf(req.headers.host, req.socket);
      const request = requestFor(
        origin + target,
        req.method ?? 'GET',
        Object.entries(req.headers).flatMap(([k, v]) =>
          v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]),
        ),
      );
      const stopped = await gate(request, () => Promise.resolve(PASSED));
      if (stopped !== PASSED) return void (await send(res, stopped));

      const now = context.build?.();
      if (now !== build) {
        cdn.clear();
        build = now;
      }
      // The host an answer is keyed on is the one its next_page URLs are built on.
      const asked: CacheRequest = {
        method: request.method,
        target,
        header: (name) => (name === 'host' ? origin : single(req.headers[name])),
      };
      const kept = cdn.lookup(asked);
      if (kept) return void sendKept(res, kept, request.method, single(req.headers['if-none-match']));

      // An answer made while a new build was swapped in, or a change written, may hold files of
      // both: it is made again (a request sees one build or the other, never a mixture).
      let answered = now;
      let response: Response;
      for (let attempt = 1; ; attempt++) {
        response = await api(request, context);
        const after = context.build?.();
        if (after === answered || attempt === 3) break;
        answered = after;
      }
      const body = await bodyOf(response, options.tryItKey);
      const sameBuild = context.build?.() === now;
      const headers = cdn.keep(asked, response.status, response.headers, body, sameBuild);
      res.writeHead(response.status, { ...headers, ...missed });
      res.end(body.byteLength > 0 ? body : undefined);
    } catch (e) {
      console.error(e);
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('preview server error');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The response's bytes; a page served with a try-it key has the key filled in. */
async function bodyOf(response: Response, tryItKey: string | undefined): Promise<Uint8Array> {
  if (tryItKey !== undefined && response.headers.get('content-type')?.startsWith('text/html'))
    return new TextEncoder().encode(withTryItKey(await response.text(), tryItKey));
  return new Uint8Array(await response.arrayBuffer());
}

async function send(res: http.ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** A kept answer, or a 304 when the client already holds it (the CDN answers conditional requests itself). */
function sendKept(res: http.ServerResponse, kept: KeptAnswer, method: string, ifNoneMatch: string | undefined) {
  const headers: Record<string, string> = { ...kept.headers, 'cache-status': '"preview"; hit' };
  if (matchesEtag(ifNoneMatch, kept.etag)) {
    delete headers['content-type'];
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(kept.status, headers).end(method === 'HEAD' ? undefined : kept.body);
}
