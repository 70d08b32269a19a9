// A fights cursor opens to what was sealed, and to nothing the API could not have sealed: each
// field is bounded when the cursor comes back (its checksum catches edits, not forgery).
import { describe, expect, it } from 'vitest';
import { CURSOR_SEED, decodeCursor, encodeCursor, type Cursor } from '../../../src/api/cursor.ts';
import { invalidCursor } from '../../../src/api/errors.ts';
import { seal } from '../../../src/api/sealed.ts';
import { filterKey } from '../../../src/api/endpoints/fight-filters.ts';

const cursor: Cursor = {
  after: ['2024-03-02T21:30:00', 'fight-000042'],
  order: 'DESC',
  page: 3,
  filters: filterKey({ division_id: 'welterweight' }),
  position: 41,
};
const sealed = [2, ...cursor.after, cursor.order, cursor.page, cursor.filters, cursor.position];

/** The error a value sealed as a fights cursor is refused with, or null when it opens. */
function refusal(value: unknown): string | null {
  try {
    decodeCursor(seal(value, CURSOR_SEED));
    return null;
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}
const MALFORMED = `InvalidCursor: ${invalidCursor('it is malformed').message}`;
const edited = (i: number, v: unknown) => sealed.map((old, k) => (k === i ? v : old));

describe('a fights cursor', () => {
  it('opens to what was sealed; an unknown position (sealed as -1) opens as null', () => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ ...cursor, position: null }))).toEqual({ ...cursor, position: null });
    expect(decodeCursor(seal(edited(6, -1), CURSOR_SEED)).position).toBeNull();
    expect(decodeCursor(encodeCursor({ ...cursor, order: 'ASC', page: 1_000_000_000, position: 0 }))).toEqual({
      ...cursor,
      order: 'ASC',
      page: 1_000_000_000,
      position: 0,
    });
  });

  it('refuses as malformed a field no next_page holds', () => {
    const bad: Array<[number, unknown]> = [
      [0, 1],
      [0, '2'],
      [1, '2024-02-30T21:30:00'],
      [1, '2024-03-02'],
      [1, '2024-03-02T21:30:00Z'],
      [1, 20240302],
      [1, null],
      [2, 'Fight-1'],
      [2, ''],
      [2, 'a'.repeat(65)],
      [2, 42],
      [3, 'asc'],
      [3, 'UP'],
      [3, null],
      [4, 1],
      [4, 0],
      [4, 2.5],
      [4, 1_000_000_001],
      [4, '3'],
      [5, null],
      [5, 7],
      [5, ['x']],
      [6, -2],
      [6, 1.5],
      [6, 1_000_000_001],
      [6, '41'],
      [6, null],
      [6, Number.MAX_SAFE_INTEGER + 2],
    ];
    for (const [i, v] of bad) expect(refusal(edited(i, v)), `field ${i}: ${JSON.stringify(v)}`).toBe(MALFORMED);
    for (const value of [[], sealed.slice(0, 6), [...sealed, 0], {}, 'x', null, 2])
      expect(refusal(value), JSON.stringify(value)).toBe(MALFORMED);
  });

  it('refuses a key whose date no fight has: a time with microseconds', () => {
    expect(refusal(edited(1, '2024-03-02T21:30:00.000001'))).toBe(MALFORMED);
  });
});
