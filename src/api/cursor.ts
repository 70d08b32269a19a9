// Opaque cursors for the fights list: where the previous page ended (keyset: date, then id),
// the order, the page number reached, and a fingerprint of the filters the cursor belongs to.
// A checksum makes an edited cursor detectable.
import { isRealDateTime } from '../shared/dates.ts';
import { invalidCursor } from './errors.ts';
import { ID_PATTERN } from '../shared/ids.ts';
import { fnv1a } from '../shared/hash.ts';
import { isSortOrder, type SortOrder } from './params/kinds.ts';
import { MAX_PAGE_NUM } from './limits.ts';

export interface Cursor {
  /** date and id of the last record already returned */
  after: readonly [date: string, id: string];
  order: SortOrder;
  /** page number of the page this cursor opens */
  page: number;
  /** fingerprint of the filters it was made for (the fights list's filterKey) */
  filters: string;
  /**
   * Where the last record stood in its list when the cursor was made: a hint that saves a
   * lookup. If a rebuild moved it, the key decides. -1 when unknown.
   */
  position: number;
}

const CHECK_SEED = 0x6b6f2021;
const MAX_POSITION = 1_000_000_000;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string {
  const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

function checksum(text: string): string {
  return fnv1a(text, CHECK_SEED).toString(16).padStart(8, '0');
}

export function encodeCursor(c: Cursor): string {
  const json = JSON.stringify([2, c.after[0], c.after[1], c.order, c.page, c.filters, c.position]);
  return toBase64Url(json) + checksum(json);
}

export function decodeCursor(token: string): Cursor {
  let json: string;
  try {
    json = fromBase64Url(token.slice(0, -8));
  } catch {
    throw invalidCursor('it is malformed');
  }
  if (token.length < 9 || checksum(json) !== token.slice(-8)) throw invalidCursor('it has been altered or truncated');
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw invalidCursor('it is malformed');
  }
  // The checksum catches edits, not forgery: every field is checked as if it came from outside.
  if (
    !Array.isArray(v) || v.length !== 7 || v[0] !== 2 ||
    typeof v[1] !== 'string' || !isRealDateTime(v[1]) ||
    typeof v[2] !== 'string' || !ID_PATTERN.test(v[2]) || !isSortOrder(v[3]) ||
    !Number.isInteger(v[4]) || v[4] < 2 || v[4] > MAX_PAGE_NUM || typeof v[5] !== 'string' ||
    !Number.isInteger(v[6]) || v[6] < -1 || v[6] > MAX_POSITION
  )
    throw invalidCursor('it is malformed');
  return { after: [v[1], v[2]], order: v[3], page: v[4], filters: v[5], position: v[6] };
}
