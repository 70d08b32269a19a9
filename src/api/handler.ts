// The API as one web-standard handler: Request -> Response. Every host (the Netlify edge
// functions, the local preview, the tests) runs this same code with its own Store of built files.
// It runs the key gate first (on Netlify the gate also runs as its own function, before the CDN
// cache), then answers from the store.
import { finishBody } from './envelope.ts';
import { ApiError, internalError, notFound, serviceUnavailable } from './errors.ts';
import { systemClock, utcDay } from '../shared/dates.ts';
import { etagOf, matchesEtag } from './etag.ts';
import { answerCaching, type Caching } from './caching.ts';
import { isFileAnswer, type Answer } from './endpoints/endpoint.ts';
import { createGate, type GateOptions } from './gate.ts';
import { route, type Routed } from './registry.ts';
import { errorResponse, respond } from './respond.ts';
import { StoreInconsistent, StoreUnavailable, type Store } from '../store/store.ts';

/** The key settings (accepted keys, none meaning every request is refused; the gateway's secret) and the clock. */
export type HandlerOptions = GateOptions;

/** Answers one request, reading built files from `store`. */
export type Handler = (request: Request, store: Store) => Promise<Response>;

export function createHandler(options: HandlerOptions): Handler {
  const now = options.now ?? systemClock;
  const gate = createGate({ ...options, now });

  return async (request, store) => {
    const { stopped } = gate(request);
    if (stopped !== null) return stopped;
    try {
      const url = new URL(request.url);
      const routed = route(url.pathname);
      if (routed === null) throw notFound(`Path ${url.pathname}`);
      const answered = await answer(routed, url, store, utcDay(now() / 1000));
      return success(request, answered, routed.endpoint.caching, now());
    } catch (e) {
      return errorResponse(request, apiErrorOf(e), now());
    }
  };
}

/** An endpoint's answer (a body without metadata, or a file), and whether it depends on today's date. */
interface DatedAnswer {
  body: Answer;
  /** The UTC day the answer was computed for, when it read today's date (it holds until that day ends); else null. */
  day: string | null;
}

/** Answers a request for `today`, reporting whether the answer read it. */
async function answer({ endpoint, path }: Routed, url: URL, store: Store, today: string): Promise<DatedAnswer> {
  let day: string | null = null;
  const body = await endpoint.answerRequest(path, url.searchParams, {
    store,
    today: () => (day = today),
    origin: url.origin,
  });
  return { body, day };
}

function success(request: Request, { body, day }: DatedAnswer, caching: Caching, respondedAt: number): Response {
  let bytes: Uint8Array<ArrayBuffer>;
  let etag: string;
  let file: Record<string, string> = {};
  if (isFileAnswer(body)) {
    // A file goes out as it was built: its own type, never a Content-Encoding (the bytes are the file, not a way of sending it).
    ({ file: bytes, etag } = body);
    file = { 'Content-Type': body.type, 'Content-Disposition': `attachment; filename="${body.filename}"` };
  } else {
    // Encoded once; the validator hashes the bytes after the metadata: the data, not the moment, decides.
    const finished = finishBody(body, respondedAt);
    bytes = finished.bytes;
    etag = etagOf(bytes.subarray(finished.metadataLength));
  }
  const notModified = matchesEtag(request.headers.get('if-none-match'), etag);
  const headers = { ETag: etag, ...answerCaching(caching, day, respondedAt / 1000, !notModified) };
  return notModified ? respond(request, 304, null, headers) : respond(request, 200, bytes, { ...headers, ...file });
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
