// The changes feed's tokens: a sync token names a place in a history (the history's name and the
// position after the last change a mirror holds); a cursor, given in next_page, names a place
// within one answer's changes (where they began, where the page starts, and its number). Both are
// sealed (sealed.ts) and checked against the history the store holds when they come back.
import { z } from 'zod';
import { openSealed, seal } from './sealed.ts';
import { MAX_PAGE_NUM } from './limits.ts';
import { invalidCursor, invalidSyncToken } from './errors.ts';

/** The seeds of the sync tokens' and the changes cursors' checksums: checksums anyone can compute, no secrets (see sealed.ts). */
export const SYNC_TOKEN_SEED = 0x73796e63;
export const CHANGES_CURSOR_SEED = 0x63686763;
/** A history's name, and a build's. */
const Name = z.string().regex(/^[0-9a-f]{16}$/);
/** A place in a history. */
const Position = z.int().min(0).max(1e15);

/** A place in a history: after its first `position` changes, where the build named `build` ends. */
export interface SyncToken {
  history: string;
  position: number;
  build: string;
}

/** A page of changes: those from `since` on (where the build named `build` ends) were asked for; the page starts at `at` and is page number `page`. */
export interface ChangesCursor {
  history: string;
  since: number;
  build: string;
  at: number;
  page: number;
}

export const encodeSyncToken = (t: SyncToken) => seal(['s', t.history, t.position, t.build], SYNC_TOKEN_SEED);

/** A sync token as sealed: a history's name, a place in it, and the name of the build that ends there. */
const SealedToken = z
  .tuple([z.literal('s'), Name, Position, Name])
  .transform(([, history, position, build]): SyncToken => ({ history, position, build }));

export const decodeSyncToken = (token: string): SyncToken =>
  openSealed(token, SYNC_TOKEN_SEED, SealedToken, invalidSyncToken);

export const encodeChangesCursor = (c: ChangesCursor) =>
  seal(['c', c.history, c.since, c.build, c.at, c.page], CHANGES_CURSOR_SEED);

/** A changes cursor as sealed: its page starts at or after the changes asked for, and is a page after the first. */
const SealedCursor = z
  .tuple([z.literal('c'), Name, Position, Name, Position, z.int().min(2).max(MAX_PAGE_NUM)])
  .refine(([, , since, , at]) => at >= since)
  .transform(([, history, since, build, at, page]): ChangesCursor => ({ history, since, build, at, page }));

export const decodeChangesCursor = (token: string): ChangesCursor =>
  openSealed(token, CHANGES_CURSOR_SEED, SealedCursor, invalidCursor);
