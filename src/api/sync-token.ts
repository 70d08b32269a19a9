// The changes feed's tokens: a sync token names a place in a history (the history's name and the
// position after the last change a mirror holds); a cursor, given in next_page, names a place
// within one answer's changes (where they began, where the page starts, and its number). Both are
// sealed (sealed.ts) and checked against the history the store holds when they come back.
import { seal, unseal } from './sealed.ts';
import { MAX_PAGE_NUM } from './limits.ts';
import { invalidCursor, invalidSyncToken } from './errors.ts';

const TOKEN_SEED = 0x73796e63;
const CURSOR_SEED = 0x63686763;
const HISTORY = /^[0-9a-f]{16}$/;
const MAX_POSITION = 1e15;

/** A place in a history: after its first `position` changes. */
export interface SyncToken {
  history: string;
  position: number;
}

/** A page of changes: those from `since` on were asked for; the page starts at `at` and is page number `page`. */
export interface ChangesCursor {
  history: string;
  since: number;
  at: number;
  page: number;
}

const isPosition = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_POSITION;

export const encodeSyncToken = (t: SyncToken) => seal(['s', t.history, t.position], TOKEN_SEED);

export function decodeSyncToken(token: string): SyncToken {
  const opened = unseal(token, TOKEN_SEED);
  if ('why' in opened) throw invalidSyncToken(opened.why === 'altered' ? 'it has been altered or truncated' : 'it is malformed');
  const v = opened.value;
  if (!Array.isArray(v) || v.length !== 3 || v[0] !== 's' || typeof v[1] !== 'string' || !HISTORY.test(v[1]) || !isPosition(v[2]))
    throw invalidSyncToken('it is malformed');
  return { history: v[1], position: v[2] };
}

export const encodeChangesCursor = (c: ChangesCursor) => seal(['c', c.history, c.since, c.at, c.page], CURSOR_SEED);

export function decodeChangesCursor(token: string): ChangesCursor {
  const opened = unseal(token, CURSOR_SEED);
  if ('why' in opened) throw invalidCursor(opened.why === 'altered' ? 'it has been altered or truncated' : 'it is malformed');
  const v = opened.value;
  if (
    !Array.isArray(v) || v.length !== 5 || v[0] !== 'c' || typeof v[1] !== 'string' || !HISTORY.test(v[1]) ||
    !isPosition(v[2]) || !isPosition(v[3]) || v[3] < v[2] || !Number.isInteger(v[4]) || v[4] < 2 || v[4] > MAX_PAGE_NUM
  )
    throw invalidCursor('it is malformed');
  return { history: v[1], since: v[2], at: v[3], page: v[4] };
}
