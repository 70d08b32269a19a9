// Record ids: the collection's prefix and the record's number from 1, zero-padded to the width of
// the largest number (at least a fixed minimum), so ids sort in creation order.
function recordId(prefix: string, n: number, count: number, minWidth: number): string {
  return `${prefix}-${String(n).padStart(Math.max(minWidth, String(count).length), '0')}`;
}

/** The id of fight n (from 1) of `total`. */
export const fightId = (n: number, total: number) => recordId('fight', n, total, 6);
export const fighterId = (n: number, count: number) => recordId('fighter', n, count, 6);
export const eventId = (n: number, count: number) => recordId('event', n, count, 5);
