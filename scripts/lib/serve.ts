// Serves the edge function over HTTP on Node: each request becomes a web Request, runs through
// the edge function with a dist-backed context, and its Response is written back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { edgeFunction } from '../../netlify/edge-functions/api.ts';
import { distContext } from './dist-context.ts';

/** Built files the preview keeps in memory by default: the hot pages and indexes, not a whole large site. */
export const PREVIEW_CACHE_BYTES = 64 * 1024 * 1024;

export async function startServer(options: {
  distDir: string;
  port: number;
  host?: string;
  env?: Record<string, string | undefined>;
  /** Bytes of built files kept in memory (0: read every file from disk). */
  cacheBytes?: number;
}) {
  const env = options.env ?? process.env;
  const edge = edgeFunction({ get: (name) => env[name] });
  const context = distContext(options.distDir, { cacheBytes: options.cacheBytes ?? PREVIEW_CACHE_BYTES });
  const server = http.createServer(async (req, res) => {
    try {
      const origin = `http://${req.headers.host ?? 'localhost'}`;
      // The request target is a path: joined as text, so '//host/x' cannot stand for another origin.
      const target = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
      const request = new Request(origin + target, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) =>
          v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]),
        ),
      });
      const response = await edge(request, context);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    } catch (e) {
      console.error(e);
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('preview server error');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
