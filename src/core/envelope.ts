// The response envelope. Built files hold the envelope without metadata (so a rebuild writes
// identical bytes); the handler adds metadata.timestamp at response time.
import type { Pagination } from '../schemas/api.ts';
import type { ApiError } from './errors.ts';
import { formatTimestamp } from './dates.ts';

export interface StoredBody<T = unknown> {
  pagination: Pagination;
  error: Record<string, never>;
  data: T;
}

export function pageOf<T>(data: T[], page: number, pageSize: number, totalItems: number, nextPage?: string | null): StoredBody<T[]> {
  const pagination: Pagination = {
    page,
    items: data.length,
    total_pages: Math.ceil(totalItems / pageSize),
    total_items: totalItems,
  };
  if (nextPage !== undefined) pagination.next_page = nextPage;
  return { pagination, error: {}, data };
}

export function singleOf<T>(data: T): StoredBody<T> {
  return { pagination: { page: 1, items: 1, total_pages: 1, total_items: 1 }, error: {}, data };
}

/** A complete list in one page (divisions, organizations, titles). */
export function allOf<T>(data: T[]): StoredBody<T[]> {
  return { pagination: { page: 1, items: data.length, total_pages: data.length ? 1 : 0, total_items: data.length }, error: {}, data };
}

export function serializeStored(body: StoredBody): string {
  return JSON.stringify(body);
}

/**
 * The final response text: metadata first, then the stored body. next_page is stored as a
 * path; it becomes an absolute URL on the request's own origin. Works on text so that large
 * built files are not parsed again.
 */
export function finishBody(storedText: string, epochMicros: number, origin: string): string {
  const head = `{"metadata":{"timestamp":"${formatTimestamp(epochMicros)}"},`;
  // pagination leads the stored body, so next_page is within its first few hundred characters.
  const at = storedText.lastIndexOf('"next_page":"/', 512);
  if (at < 0) return head + storedText.slice(1);
  const cut = at + '"next_page":"'.length;
  // The origin comes from the request (a Host header can hold a quote): it goes in as JSON string content.
  return head + storedText.slice(1, cut) + JSON.stringify(origin).slice(1, -1) + storedText.slice(cut);
}

export function errorBody(error: ApiError, epochMicros: number): string {
  return JSON.stringify({
    metadata: { timestamp: formatTimestamp(epochMicros) },
    error: { name: error.name, message: error.message, status: error.status },
    data: null,
  });
}
