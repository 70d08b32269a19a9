// The CDN stand-in as a step of the preview's chain, where Netlify's cache sits: after the key
// gate, before the answering function. A request it holds an answer for is answered from memory
// (a 304 when the client already has it); any other goes on, and what comes back is kept if the
// CDN would keep it. A new build swapped in is a deploy: every kept answer goes, and an answer
// made while one was swapped in is not kept, as it may hold files of both.
import { matchesEtag } from '../../api/etag.ts';
import type { Step } from '../chain.ts';
import { cdnCache, type CacheRequest, type KeptAnswer } from './cdn-cache.ts';
import { wholeResponse } from './bridge.ts';

// RFC 9211's account of what the cache did, as Netlify's CDN gives it.
const HIT = '"preview"; hit';
const MISS = '"preview"; fwd=miss';

export interface CdnOptions {
  /** Bytes of answers kept (more than 0). */
  maxBytes: number;
  /** Which build is being served: a new number is a deploy. */
  deploy?: () => number | undefined;
  now?: () => number;
}

export function cdnStandIn(options: CdnOptions): Step {
  const cdn = cdnCache({ maxBytes: options.maxBytes, now: options.now });
  let deployed = options.deploy?.();
  return async (request, next) => {
    const build = options.deploy?.();
    if (build !== deployed) {
      cdn.clear();
      deployed = build;
    }
    const url = new URL(request.url);
    // The whole path and query string, and the host an answer's next_page URLs are built on.
    const asked: CacheRequest = {
      method: request.method,
      target: url.pathname + url.search,
      header: (name) => (name === 'host' ? url.host : (request.headers.get(name) ?? undefined)),
    };
    const kept = cdn.lookup(asked);
    if (kept) return keptResponse(kept, request);

    const response = await next();
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = cdn.keep(asked, response.status, response.headers, body, options.deploy?.() === build);
    return wholeResponse(body, { status: response.status, headers: { ...headers, 'cache-status': MISS } });
  };
}

/** A kept answer, or a 304 when the client already holds it (the CDN answers conditional requests itself). */
function keptResponse(kept: KeptAnswer, request: Request): Promise<Response> {
  const headers: Record<string, string> = { ...kept.headers, 'cache-status': HIT };
  if (matchesEtag(request.headers.get('if-none-match'), kept.etag)) {
    delete headers['content-type'];
    return Promise.resolve(wholeResponse(null, { status: 304, headers }));
  }
  return Promise.resolve(wholeResponse(request.method === 'HEAD' ? null : kept.body, { status: kept.status, headers }));
}
