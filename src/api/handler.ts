// The API as one web-standard handler: Request -> Response. Every host (the Netlify edge
// function, the local preview, the tests) runs this same code with its own Store of built files.
import { errorBody, finishBody, type Body } from './envelope.ts';
import { ApiError, internalError, invalidApiKey, methodNotAllowed, missingApiKey, notFound, serviceUnavailable } from './errors.ts';
import { utcDay } from '../shared/dates.ts';
import { fnv1aWords } from '../shared/hash.ts';
import { parseQuery } from './params.ts';
import { answer } from './queries/answer.ts';
import { StoreInconsistent, StoreUnavailable, type Store } from '../store/reader/store.ts';
import { matchRoute } from './routes.ts';
import { KEY_HEADERS, keyChecker, presentedKey } from './keys.ts';

export interface HandlerOptions {
  /** Accepted API keys. None configured means every request is refused. */
  keys: readonly string[];
  /** The current time in epoch microseconds (tests fix it). */
  now?: () => number;
}

/** Answers one request, reading built files from `store`. */
export type Handler = (request: Request, store: Store) => Promise<Response>;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
};
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
/** Every answer depends on the key, in whichever header it came: caches and CORS name both. */
const KEY_HEADER_NAMES = KEY_HEADERS.join(', ');
const JSON_TYPE = 'application/json; charset=utf-8';

export const systemClock = () => Math.floor((performance.timeOrigin + performance.now()) * 1000);

export function createHandler(options: HandlerOptions): Handler {
  const isValidKey = keyChecker(options.keys);
  const now = options.now ?? systemClock;

  return async (request, store) => {
    if (request.method === 'OPTIONS') return preflight();
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw methodNotAllowed(request.method);
      const key = presentedKey(request.headers);
      if (key === null) throw missingApiKey();
      if (!isValidKey(key)) throw invalidApiKey();

      const url = new URL(request.url);
      const route = matchRoute(url.pathname);
      if (route === null) throw notFound(`Path ${url.pathname}`);
      const query = parseQuery(route, url.searchParams);
      const stored = await answer(route, query, { store, today: utcDay(now() / 1000) });
      return success(request, stored, now(), url.origin);
    } catch (e) {
      const error = apiErrorOf(e);
      return respond(request, error.status, errorBody(error, now()), {
        'Cache-Control': 'no-store',
        // The answer depends on the key (401, 403 or another): say so to every cache, as on success.
        Vary: KEY_HEADER_NAMES,
        ...(error.status === 405 ? { Allow: ALLOWED_METHODS } : {}),
      });
    }
  };
}

function success(request: Request, body: Body, respondedAt: number, origin: string): Response {
  // Encoded once; the validator hashes the bytes after the metadata: the data, not the moment, decides.
  const { bytes, metadataLength } = finishBody(body, respondedAt, origin);
  const etag = etagOf(bytes.subarray(metadataLength));
  // A browser keeps its copy per key: after a key change it must not reuse answers given to the old one.
  const headers = { ETag: etag, 'Cache-Control': 'private, max-age=60, must-revalidate', Vary: KEY_HEADER_NAMES };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return respond(request, 304, null, headers);
  return respond(request, 200, bytes, headers);
}

function respond(request: Request, status: number, body: string | Uint8Array<ArrayBuffer> | null, headers: Record<string, string>): Response {
  return new Response(request.method === 'HEAD' || status === 304 ? null : body, {
    status,
    headers: { ...CORS, ...(status === 304 ? {} : { 'Content-Type': JSON_TYPE }), ...headers },
  });
}

function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': `${KEY_HEADER_NAMES}, if-none-match`,
      'Access-Control-Max-Age': '86400',
    },
  });
}

/**
 * A weak validator over the answer without its metadata. FNV-1a with the length is a fraction of
 * the cost of a digest here, and ample for a validator.
 */
function etagOf(bytes: Uint8Array): string {
  return `W/"${bytes.length.toString(16)}-${fnv1aWords(bytes).toString(16)}"`;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const bare = etag.slice(2);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === bare || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Our own failures as the client sees them. A store read that failed is a 503 (worth retrying);
 * a store that contradicts its own indexes, or any other fault, is a 500. Store failures are
 * logged as one line: they are expected in operation, and their stacks say nothing new.
 */
function apiErrorOf(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof StoreUnavailable || e instanceof StoreInconsistent) console.error(`${e.name}: ${e.message}`);
  else console.error(e);
  return e instanceof StoreUnavailable ? serviceUnavailable() : internalError();
}
