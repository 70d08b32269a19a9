// Opaque cursors for the fights list: where the previous page ended (keyset: date, then id),
// the order, the page number reached, and a fingerprint of the filters the cursor belongs to.
// A checksum makes an edited cursor detectable; a schema bounds what a forged one may hold.
import { z } from 'zod';
import { DateTime, Id } from '../records/common.ts';
import { invalidCursor } from './errors.ts';
import { openSealed, seal } from './sealed.ts';
import { DATE_SORT, type SortOrder } from './params/kinds.ts';
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

/**
 * A cursor as sealed, each field bounded to what next_page gives: version 2, the key of a fight
 * (its date and id), the order, a page after the first, the filters' key (checked against the
 * request's where it is used), and the position (-1 when unknown).
 */
const Sealed = z
  .tuple([
    z.literal(2),
    DateTime,
    Id,
    z.enum(DATE_SORT),
    z.int().min(2).max(MAX_PAGE_NUM),
    z.string(),
    z.int().min(-1).max(MAX_POSITION),
  ])
  .transform(
    ([, date, id, order, page, filters, position]): Cursor => ({
      after: [date, id],
      order,
      page,
      filters,
      position: position === -1 ? null : position,
    }),
  );

export const decodeCursor = (token: string): Cursor => openSealed(token, CURSOR_SEED, Sealed, invalidCursor);
