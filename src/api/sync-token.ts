// The changes feed's tokens: a sync token names a place in a history (the history's name and the
// position after the last change a mirror holds); a cursor, given in next_page, names a place
// within one answer's changes (where they began, where the page starts, and its number). Both are
// sealed (sealed.ts) and checked against the history the store holds when they come back.
import { seal, unseal } from './sealed.ts';
import { MAX_PAGE_NUM } from './limits.ts';
import { invalidCursor, invalidSyncToken } from './errors.ts';

/** The seeds of the sync tokens' and the changes cursors' checksums: checksums anyone can compute, no secrets (see sealed.ts). */
export const SYNC_TOKEN_SEED = 0x73796e63;
export const CHANGES_CURSOR_SEED = 0x63686763;
/** A history's name, and a build's. */
const NAME = /^[0-9a-f]{16}$/;
const isName = (v: unknown): v is string => typeof v === 'string' && NAME.test(v);
const MAX_POSITION = 1e15;

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

const isPosition = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_POSITION;

export const encodeSyncToken = (t: SyncToken) => seal(['s', t.history, t.position, t.build], SYNC_TOKEN_SEED);

export function decodeSyncToken(token: string): SyncToken {
  const opened = unseal(token, SYNC_TOKEN_SEED);
  if ('why' in opened) throw invalidSyncToken(opened.why === 'altered' ? 'it has been altered or truncated' : 'it is malformed');
  const v = opened.value;
  if (!Array.isArray(v) || v.length !== 4 || v[0] !== 's' || !isName(v[1]) || !isPosition(v[2]) || !isName(v[3])) throw invalidSyncToken('it is malformed');
  return { history: v[1], position: v[2], build: v[3] };
}

export const encodeChangesCursor = (c: ChangesCursor) => seal(['c', c.history, c.since, c.build, c.at, c.page], CHANGES_CURSOR_SEED);

export function decodeChangesCursor(token: string): ChangesCursor {
  const opened = unseal(token, CHANGES_CURSOR_SEED);
  if ('why' in opened) throw invalidCursor(opened.why === 'altered' ? 'it has been altered or truncated' : 'it is malformed');
  const v = opened.value;
  if (
    !Array.isArray(v) || v.length !== 6 || v[0] !== 'c' || !isName(v[1]) || !isPosition(v[2]) || !isName(v[3]) ||
    !isPosition(v[4]) || v[4] < v[2] || !Number.isInteger(v[5]) || v[5] < 2 || v[5] > MAX_PAGE_NUM
  )
    throw invalidCursor('it is malformed');
  return { history: v[1], since: v[2], build: v[3], at: v[4], page: v[5] };
}
