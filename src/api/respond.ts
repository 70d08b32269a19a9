// How every answer goes out, whichever function makes it (the key gate or the answering
// function): the CORS headers, JSON, HEAD without a body, and errors that no cache keeps.
import { accessOf, allowOf } from './access.ts';
import { errorBody } from './envelope.ts';
import type { ApiError } from './errors.ts';
import { KEY_HEADERS } from './keys.ts';

/** Every answer depends on the key, in whichever header it came: caches and CORS name both. */
export const KEY_HEADER_NAMES = KEY_HEADERS.join(', ');

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
};
const JSON_TYPE = 'application/json; charset=utf-8';

export function respond(
  request: Request,
  status: number,
  body: string | Uint8Array<ArrayBuffer> | null,
  headers: Record<string, string>,
): Response {
  return new Response(request.method === 'HEAD' || status === 304 ? null : body, {
    status,
    headers: { ...CORS, ...(status === 304 ? {} : { 'Content-Type': JSON_TYPE }), ...headers },
  });
}

/**
 * An error answer. `no-store`, and no CDN caching header: an error is never kept by a browser or
 * the CDN, so a fixed key, a finished rebuild or a recovered origin shows at once.
 */
export function errorResponse(
  request: Request,
  error: ApiError,
  epochMicros: number,
  headers: Record<string, string> = {},
): Response {
  return respond(request, error.status, errorBody(error, epochMicros), {
    ...headers,
    'Cache-Control': 'no-store',
    // The answer depends on the key (401, 403 or another): say so to every cache, as on success.
    Vary: KEY_HEADER_NAMES,
    ...(error.status === 405 ? { Allow: allowOf(accessOf(new URL(request.url).pathname)) } : {}),
  });
}

/** The CORS preflight: a browser asks before sending the key header, without the key. */
export function preflight(pathname: string): Response {
  const access = accessOf(pathname);
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS,
      'Access-Control-Allow-Methods': allowOf(access),
      'Access-Control-Allow-Headers': access.headers.join(', '),
      'Access-Control-Max-Age': '86400',
    },
  });
}
