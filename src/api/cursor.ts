// Opaque cursors for the fights list: where the previous page ended (keyset: date, then id),
// the order, the page number reached, and a fingerprint of the filters the cursor belongs to.
// A checksum makes an edited cursor detectable.
import { isRealDateTime } from '../shared/dates.ts';
import { invalidCursor } from './errors.ts';
import { ID_PATTERN } from '../shared/ids.ts';
import { seal, unseal } from './sealed.ts';
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
   * lookup. If a rebuild moved it, the key decides. null when unknown (sealed as -1).
   */
  position: number | null;
}

/** The seed of the fights cursors' checksum: a checksum anyone can compute, no secret (see sealed.ts). */
export const CURSOR_SEED = 0x6b6f2021;
const MAX_POSITION = 1_000_000_000;

export function encodeCursor(c: Cursor): string {
  return seal([2, c.after[0], c.after[1], c.order, c.page, c.filters, c.position ?? -1], CURSOR_SEED);
}

export function decodeCursor(token: string): Cursor {
  const opened = unseal(token, CURSOR_SEED);
  if ('why' in opened) throw invalidCursor(opened.why === 'altered' ? 'it has been altered or truncated' : 'it is malformed');
  const v = opened.value;
  // The checksum catches edits, not forgery: every field is checked as if it came from outside.
  if (
    !Array.isArray(v) || v.length !== 7 || v[0] !== 2 ||
    typeof v[1] !== 'string' || !isRealDateTime(v[1]) ||
    typeof v[2] !== 'string' || !ID_PATTERN.test(v[2]) || !isSortOrder(v[3]) ||
    !Number.isInteger(v[4]) || v[4] < 2 || v[4] > MAX_PAGE_NUM || typeof v[5] !== 'string' ||
    !Number.isInteger(v[6]) || v[6] < -1 || v[6] > MAX_POSITION
  )
    throw invalidCursor('it is malformed');
  return { after: [v[1], v[2]], order: v[3], page: v[4], filters: v[5], position: v[6] === -1 ? null : v[6] };
}
