// One GET with the key, the answer parsed (or its bytes, for a file) and errors thrown as
// BoxingDataError; and the page walk that bulk exports follow.
import { BoxingDataError, UNEXPECTED_RESPONSE, isApiErrorEnvelope } from './errors.ts';
import type { BasePath, KeyHeader, Pagination } from './types.ts';

const BASE: BasePath = '/v2';

export interface ClientOptions {
  /** Where the API is, e.g. `https://boxing.example` (a path prefix is kept). */
  baseUrl: string;
  apiKey: string;
  /** The header that carries the key; `x-gateway-key` unless given. */
  keyHeader?: KeyHeader;
  /** The fetch to call (tests, proxies, older runtimes); the global fetch unless given. */
  fetch?: typeof fetch;
}

/** Query values as callers give them (each method types its own); undefined ones are left out. */
export type QueryValues = object;

export type Get = <T>(path: string, query?: QueryValues) => Promise<T>;

/** A file's bytes as they came (an export part): no answer in the envelope, but its errors are. */
export type GetFile = (path: string) => Promise<Uint8Array<ArrayBuffer>>;

const DEFAULT_KEY_HEADER: KeyHeader = 'x-gateway-key';

export function transport(options: ClientOptions): { get: Get; getFile: GetFile } {
  const base = options.baseUrl.replace(/\/+$/, '');
  const key = { [options.keyHeader ?? DEFAULT_KEY_HEADER]: options.apiKey };
  // Called through a closure: a browser's fetch refuses to run with another `this`.
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const urlOf = (path: string, query: QueryValues = {}) => {
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url;
  };
  const unexpected = (url: URL, status: number, what: string) =>
    new BoxingDataError({
      code: UNEXPECTED_RESPONSE,
      status,
      message: `GET ${url} answered ${status} without ${what}.`,
    });

  const get = async <T>(path: string, query: QueryValues = {}): Promise<T> => {
    const url = urlOf(path, query);
    const response = await fetchFn(url, { headers: { ...key, accept: 'application/json' } });
    const body: unknown = await response.json().catch(() => undefined);
    if (isApiErrorEnvelope(body)) throw new BoxingDataError({ ...body.error, status: response.status });
    if (!response.ok || body === undefined || body === null || typeof body !== 'object' || !('data' in body))
      throw unexpected(url, response.status, "the API's envelope");
    return body as T;
  };

  const getFile = async (path: string): Promise<Uint8Array<ArrayBuffer>> => {
    const url = urlOf(path);
    const response = await fetchFn(url, { headers: key });
    if (response.ok) return new Uint8Array(await response.arrayBuffer());
    const body: unknown = await response.json().catch(() => undefined);
    if (isApiErrorEnvelope(body)) throw new BoxingDataError({ ...body.error, status: response.status });
    throw unexpected(url, response.status, 'the file');
  };
  return { get, getFile };
}

/**
 * The path and query of a URL an answer gives (next_page, an export part's url), to be requested
 * from the base URL the client was given: the key is never sent to another origin, and a base URL
 * behind a path prefix keeps working. On a client whose base URL is the API's own origin, this is
 * the URL exactly.
 */
export function apiPath(given: string, what = 'next_page'): string {
  const url = new URL(given);
  const at = url.pathname.indexOf(`${BASE}/`);
  if (at < 0)
    throw new BoxingDataError({
      code: UNEXPECTED_RESPONSE,
      status: 200,
      message: `${what} is not an API URL: ${given}`,
    });
  return url.pathname.slice(at) + url.search;
}

/** What the walk reads of a list answer. */
interface Page<T> {
  pagination: Pagination;
  data: T[];
}

/**
 * Every record of a list, page after page: by `pagination.next_page` where the list gives one
 * (the fights list, which has no offset limit that way), else by `page_num` up to the last page.
 */
export async function* everyRecord<T>(get: Get, path: string, query: QueryValues): AsyncGenerator<T, void, undefined> {
  let page = await get<Page<T>>(path, query);
  for (;;) {
    yield* page.data;
    const { next_page: next, page: number, total_pages: last } = page.pagination;
    if (next === null) return;
    if (next !== undefined) page = await get<Page<T>>(apiPath(next));
    else if (page.data.length > 0 && number < last) page = await get<Page<T>>(path, { ...query, page_num: number + 1 });
    else return;
  }
}
