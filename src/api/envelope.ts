// The response envelope. Queries assemble the body around records kept as JSON text; the handler
// adds metadata.timestamp at response time, so the body alone decides the ETag.
import type { Pagination } from './schemas.ts';
import type { ApiError } from './errors.ts';
import { formatTimestamp } from '../shared/dates.ts';

/** A page's pagination. `pageSize` decides total_pages; next_page is given on the fights list only. */
export function paginationOf(page: number, items: number, pageSize: number, totalItems: number, nextPage?: string | null): Pagination {
  const pagination: Pagination = { page, items, total_pages: pageSize > 0 ? Math.ceil(totalItems / pageSize) : 0, total_items: totalItems };
  if (nextPage !== undefined) pagination.next_page = nextPage;
  return pagination;
}

/** The answer without metadata, around records kept as JSON text (never parsed and re-serialized). */
export function listBody(records: readonly string[], pagination: Pagination): string {
  return `{"pagination":${JSON.stringify(pagination)},"error":{},"data":[${records.join(',')}]}`;
}

/** A complete list in one page (divisions, organizations, titles). */
export function allBody(records: readonly string[]): string {
  return listBody(records, paginationOf(1, records.length, records.length, records.length));
}

const ONE = '{"pagination":{"page":1,"items":1,"total_pages":1,"total_items":1},"error":{},"data":';

/** A get-one answer: page 1 of 1, one item. */
export function oneBody(record: string): string {
  return `${ONE}${record}}`;
}

/**
 * The final response text: metadata first, then the body. next_page is made as a path; it
 * becomes an absolute URL on the request's own origin. Works on text so that large bodies are
 * not parsed again.
 */
export function finishBody(stored: string, epochMicros: number, origin: string): { text: string; metadataLength: number } {
  const head = `{"metadata":{"timestamp":"${formatTimestamp(epochMicros)}"},`;
  // pagination leads the body, so next_page is within its first few hundred characters.
  const at = stored.lastIndexOf('"next_page":"/', 512);
  if (at < 0) return { text: head + stored.slice(1), metadataLength: head.length };
  const cut = at + '"next_page":"'.length;
  // The origin comes from the request (a Host header can hold a quote): it goes in as JSON string content.
  return { text: head + stored.slice(1, cut) + JSON.stringify(origin).slice(1, -1) + stored.slice(cut), metadataLength: head.length };
}

export function errorBody(error: ApiError, epochMicros: number): string {
  return JSON.stringify({
    metadata: { timestamp: formatTimestamp(epochMicros) },
    error: { name: error.name, code: error.code, message: error.message, status: error.status },
    data: null,
  });
}
