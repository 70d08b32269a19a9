// The response envelope. Queries assemble the body around records kept as JSON text; the handler
// adds metadata.timestamp at response time, so the body alone decides the ETag.
import type { Pagination } from './schemas.ts';
import type { ApiError } from './errors.ts';
import { formatTimestamp } from '../shared/dates.ts';

/** A page's pagination. `pageSize` decides total_pages; next_page (a whole URL) is given on the fights list only. */
export function paginationOf(
  page: number,
  items: number,
  pageSize: number,
  totalItems: number,
  nextPage?: string | null,
): Pagination {
  const pagination: Pagination = {
    page,
    items,
    total_pages: pageSize > 0 ? Math.ceil(totalItems / pageSize) : 0,
    total_items: totalItems,
  };
  if (nextPage !== undefined) pagination.next_page = nextPage;
  return pagination;
}

/**
 * An answer's body without metadata, as the pieces of its JSON text: `head`, the records joined
 * by commas, `tail`. Records stay the text the store holds; the pieces meet only as bytes, so a
 * page of 100 records is never joined into one string and then copied again to be encoded.
 */
export interface Body {
  head: string;
  records: readonly string[];
  tail: string;
}

/** The answer without metadata, around records kept as JSON text (never parsed and re-serialized). */
export function listBody(records: readonly string[], pagination: Pagination): Body {
  return { head: `{"pagination":${JSON.stringify(pagination)},"error":{},"data":[`, records, tail: ']}' };
}

/** A complete list in one page (divisions, organizations, titles). */
export function allBody(records: readonly string[]): Body {
  return listBody(records, paginationOf(1, records.length, records.length, records.length));
}

const ONE = '{"pagination":{"page":1,"items":1,"total_pages":1,"total_items":1},"error":{},"data":';

/** A get-one answer: page 1 of 1, one item. */
export function oneBody(record: string): Body {
  return { head: ONE, records: [record], tail: '}' };
}

/** The body as text (tests and tools; responses are encoded by `finishBody`). */
export function bodyText(body: Body): string {
  return body.head + body.records.join(',') + body.tail;
}

const encoder = new TextEncoder();
const COMMA = 0x2c;

/**
 * The final response bytes: metadata first, then the body, which is complete as the answer made
 * it. `metadataLength` is where the body starts, for a validator that ignores the moment.
 */
export function finishBody(
  body: Body,
  epochMicros: number,
): { bytes: Uint8Array<ArrayBuffer>; metadataLength: number } {
  const metadata = `{"metadata":{"timestamp":"${formatTimestamp(epochMicros)}"},`;
  return {
    bytes: encodeParts(metadata + body.head.slice(1), body.records, body.tail),
    metadataLength: metadata.length,
  };
}

/**
 * Encodes `lead`, the records joined by commas and `tail` into one array sized for ASCII text
 * (the store keeps records ASCII-escaped, so it always is in practice); text beyond ASCII does
 * not fit, and is encoded the plain way instead.
 */
function encodeParts(lead: string, records: readonly string[], tail: string): Uint8Array<ArrayBuffer> {
  let length = lead.length + tail.length + Math.max(0, records.length - 1);
  for (const record of records) length += record.length;
  const bytes = new Uint8Array(length);
  let at = 0;
  let fits = true;
  const put = (text: string) => {
    const { read, written } = encoder.encodeInto(text, bytes.subarray(at));
    at += written;
    if (read !== text.length || written !== text.length) fits = false;
  };
  put(lead);
  for (let i = 0; i < records.length && fits; i++) {
    if (i > 0) bytes[at++] = COMMA;
    put(records[i]);
  }
  if (fits) put(tail);
  return fits ? bytes : encoder.encode(lead + records.join(',') + tail);
}

export function errorBody(error: ApiError, epochMicros: number): string {
  return JSON.stringify({
    metadata: { timestamp: formatTimestamp(epochMicros) },
    error: { name: error.name, code: error.code, message: error.message, status: error.status },
    data: null,
  });
}
