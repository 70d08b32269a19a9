// The changes feed's sync tokens and cursors open to what was sealed, and to nothing the API could
// not have sealed: each field is bounded when the token comes back.
import { describe, expect, it } from 'vitest';
import { invalidCursor, invalidSyncToken } from '../../../src/api/errors.ts';
import { seal } from '../../../src/api/sealed.ts';
import {
  CHANGES_CURSOR_SEED,
  SYNC_TOKEN_SEED,
  decodeChangesCursor,
  decodeSyncToken,
  encodeChangesCursor,
  encodeSyncToken,
  type ChangesCursor,
  type SyncToken,
} from '../../../src/api/sync-token.ts';

const NAME = '0123456789abcdef';
const token: SyncToken = { history: NAME, position: 12, build: 'fedcba9876543210' };
const cursor: ChangesCursor = { history: NAME, since: 12, build: 'fedcba9876543210', at: 112, page: 2 };

/** The error a value sealed with `seed` is refused with by `decode`, or null when it opens. */
function refusal(decode: (token: string) => unknown, seed: number, value: unknown): string | null {
  try {
    decode(seal(value, seed));
    return null;
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}
const malformed = (e: Error) => `${e.name}: ${e.message}`;
const edited = (sealed: unknown[], i: number, v: unknown) => sealed.map((old, k) => (k === i ? v : old));

describe('a sync token', () => {
  const sealed = ['s', token.history, token.position, token.build];
  it('opens to what was sealed', () => {
    expect(decodeSyncToken(encodeSyncToken(token))).toEqual(token);
    expect(decodeSyncToken(encodeSyncToken({ ...token, position: 1e15 }))).toEqual({ ...token, position: 1e15 });
  });

  it('refuses as malformed a field no next_sync holds', () => {
    const bad: Array<[number, unknown]> = [
      [0, 'c'],
      [0, 2],
      [1, 'ABCDEF0123456789'],
      [1, NAME.slice(1)],
      [1, null],
      [2, -1],
      [2, 1.5],
      [2, 1e15 + 1],
      [2, '12'],
      [3, `${NAME}0`],
      [3, 0],
    ];
    for (const [i, v] of bad)
      expect(refusal(decodeSyncToken, SYNC_TOKEN_SEED, edited(sealed, i, v)), `field ${i}: ${JSON.stringify(v)}`).toBe(
        malformed(invalidSyncToken('it is malformed')),
      );
    for (const value of [[], sealed.slice(0, 3), [...sealed, 0], {}, null])
      expect(refusal(decodeSyncToken, SYNC_TOKEN_SEED, value)).toBe(malformed(invalidSyncToken('it is malformed')));
  });
});

describe('a changes cursor', () => {
  const sealed = ['c', cursor.history, cursor.since, cursor.build, cursor.at, cursor.page];
  it('opens to what was sealed', () => {
    expect(decodeChangesCursor(encodeChangesCursor(cursor))).toEqual(cursor);
    expect(decodeChangesCursor(encodeChangesCursor({ ...cursor, at: cursor.since }))).toEqual({
      ...cursor,
      at: cursor.since,
    });
  });

  it('refuses as malformed a field no next_page holds, and a page that starts before its changes', () => {
    const bad: Array<[number, unknown]> = [
      [0, 's'],
      [1, 'xyz'],
      [2, -1],
      [2, 113],
      [2, 0.5],
      [3, null],
      [4, 11],
      [4, 1e15 + 1],
      [4, '112'],
      [5, 1],
      [5, 1_000_000_001],
      [5, 2.5],
    ];
    for (const [i, v] of bad)
      expect(
        refusal(decodeChangesCursor, CHANGES_CURSOR_SEED, edited(sealed, i, v)),
        `field ${i}: ${JSON.stringify(v)}`,
      ).toBe(malformed(invalidCursor('it is malformed')));
    for (const value of [[], sealed.slice(0, 5), [...sealed, 0], {}, null])
      expect(refusal(decodeChangesCursor, CHANGES_CURSOR_SEED, value)).toBe(
        malformed(invalidCursor('it is malformed')),
      );
  });
});
