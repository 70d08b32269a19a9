// A list's index: the one small file a reader opens first to find which packs hold what it wants.
// Every field has a fixed width, so the reader binary-searches the index's bytes as they are,
// parsing nothing but the numbers it lands on (at a million fights the list of every fight's index
// is 136 KB: decoding it whole would cost a request more than its search).
//
//   a list in order (fights or events by date, fighters by name)
//     {"total":N,"packs":k}\n
//     <per pack: its first entry's position (6 base-36 digits) and its name (8 hex digits)>\n
//     <per day that has entries, for lists by date: the day (5 base-36 digits, see dayCode) and
//      the position of its first entry (6 base-36 digits), in day order>
//
//   a list kept by id (records, an event's or a fighter's fights, a title's holders), in the order of
//   its ids' hashes; no count of its entries, which no reader needs, so that an entry added or
//   taken away changes the index only where it begins a pack or ends one
//     {"packs":k}\n
//     <per pack: its first entry's hash (8 hex digits), which is also its name>
import { BadPack } from './bad-pack.ts';

const POSITION = 6;
const NAME = 8;
const DAY = 5;
const HASH = 8;

/** The largest position a list's index can hold: 36^6 - 1. */
export const MAX_POSITION = 36 ** POSITION - 1;

const base36 = (n: number, width: number) => n.toString(36).padStart(width, '0');

/**
 * A calendar day (YYYY-MM-DD) as 5 base-36 digits: days since 0000-03-01 (the proleptic Gregorian
 * calendar), so that codes compare as the days do.
 */
export function dayCode(day: string): string {
  let y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return base36(era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy, DAY);
}

/** The header line every index starts with. */
export interface IndexHeader {
  /** Records in a list in order. */
  total?: number;
  packs: number;
  /** Days with entries, for a list by date. */
  days?: number;
}

/** A list in order: where each pack starts and its name, and, for a list by date, where each day starts. */
export function orderedIndexText(
  total: number,
  packs: ReadonlyArray<readonly [start: number, name: string]>,
  days?: ReadonlyArray<readonly [day: string, start: number]>,
): string {
  if (total > MAX_POSITION) throw new Error(`a list of ${total} entries is more than an index holds (${MAX_POSITION})`);
  const header: IndexHeader =
    days === undefined ? { total, packs: packs.length } : { total, packs: packs.length, days: days.length };
  const table = packs.map(([start, name]) => base36(start, POSITION) + name).join('');
  const dayTable =
    days === undefined ? '' : `\n${days.map(([day, start]) => dayCode(day) + base36(start, POSITION)).join('')}`;
  return `${JSON.stringify(header)}\n${table}${dayTable}`;
}

/** A list kept by id: each pack's first hash. */
export function hashedIndexText(firstHashes: readonly number[]): string {
  const header: IndexHeader = { packs: firstHashes.length };
  return `${JSON.stringify(header)}\n${firstHashes.map((h) => (h >>> 0).toString(16).padStart(HASH, '0')).join('')}`;
}

/** First i in [0, n) with isAfter(i) (n if none); isAfter must be monotone. */
export function lowerBound(n: number, isAfter: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isAfter(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** An index as read (its bytes: every field is ASCII, so a byte is a character), or as text. */
export type IndexInput = Uint8Array | string;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const NEWLINE = 10;

/** The header, and where the pack table and the rest lie: the fields are read from the bytes where a search lands, no text made of the whole. */
function lines(input: IndexInput): {
  bytes: Uint8Array;
  header: IndexHeader;
  table: [number, number];
  rest: [number, number];
} {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  const first = bytes.indexOf(NEWLINE);
  const header = JSON.parse(decoder.decode(first < 0 ? bytes : bytes.subarray(0, first))) as IndexHeader;
  const second = first < 0 ? -1 : bytes.indexOf(NEWLINE, first + 1);
  const table: [number, number] = first < 0 ? [0, 0] : [first + 1, second < 0 ? bytes.length : second];
  return { bytes, header, table, rest: second < 0 ? [0, 0] : [second + 1, bytes.length] };
}

/** The ASCII text of bytes [from, to) (a field: a few characters). */
const asciiAt = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The number in `width` digits of base `radix` (16 or 36, lower case) at a byte offset. */
function numberAt(bytes: Uint8Array, from: number, width: number, radix: number): number {
  let n = 0;
  for (let i = from; i < from + width; i++) {
    const c = bytes[i];
    const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 122 ? c - 87 : radix;
    if (digit >= radix) throw new BadPack('is an index with a field that is not a number');
    n = n * radix + digit;
  }
  return n;
}

/** An ordered list's index as read. */
export interface OrderedIndex {
  total: number;
  packs: number;
  /** Pack k's first position and name. */
  start(k: number): number;
  /** Where pack k ends: the next pack's first position (the list's total, for the last). */
  end(k: number): number;
  name(k: number): string;
  /** The pack that holds position p (0 <= p < total). */
  packOf(p: number): number;
  /** Positions [lo, hi) of the entries dated `from` through `to` (whole days, either end open); for a list by date. */
  dayRange(from: string | undefined, to: string | undefined): [number, number];
}

export function readOrderedIndex(input: IndexInput): OrderedIndex {
  const {
    bytes,
    header: read,
    table: [table, tableEnd],
    rest: [rest, restEnd],
  } = lines(input);
  const header = { ...read, total: read.total ?? 0 };
  const entry = POSITION + NAME;
  if (tableEnd - table !== header.packs * entry)
    throw new BadPack('is an index whose pack table does not fit its header');
  const days = header.days ?? 0;
  if (restEnd - rest !== days * (DAY + POSITION))
    throw new BadPack('is an index whose day table does not fit its header');
  const start = (k: number) => numberAt(bytes, table + k * entry, POSITION, 36);
  const day = (i: number) => asciiAt(bytes, rest + i * (DAY + POSITION), rest + i * (DAY + POSITION) + DAY);
  const dayStart = (i: number) => numberAt(bytes, rest + i * (DAY + POSITION) + DAY, POSITION, 36);
  /** Position of the first entry on or after `code` (strictly after when `after`). */
  const positionOf = (code: string, after: boolean) => {
    const i = lowerBound(days, (j) => (after ? day(j) > code : day(j) >= code));
    return i === days ? header.total : dayStart(i);
  };
  return {
    total: header.total,
    packs: header.packs,
    start,
    end: (k) => (k + 1 < header.packs ? start(k + 1) : header.total),
    name: (k) => asciiAt(bytes, table + k * entry + POSITION, table + (k + 1) * entry),
    packOf: (p) => lowerBound(header.packs, (k) => start(k) > p) - 1,
    dayRange(from, to) {
      const lo = from === undefined ? 0 : positionOf(dayCode(from), false);
      const hi = to === undefined ? header.total : positionOf(dayCode(to), true);
      return [lo, Math.max(lo, hi)];
    },
  };
}

/** A list kept by id, as read. */
export interface HashedIndex {
  packs: number;
  /** Pack k's first hash (its name: see hashName in cuts.ts). */
  first(k: number): number;
  /** The name of the pack that holds the ids of this hash (see boundaryHash), or null when the list is empty. */
  packOf(hash: number): string | null;
}

export function readHashedIndex(input: IndexInput): HashedIndex {
  const {
    bytes,
    header,
    table: [table, tableEnd],
  } = lines(input);
  if (tableEnd - table !== header.packs * HASH)
    throw new BadPack('is an index whose pack table does not fit its header');
  const first = (k: number) => numberAt(bytes, table + k * HASH, HASH, 16);
  return {
    packs: header.packs,
    first,
    packOf(hash) {
      if (header.packs === 0) return null;
      // The last pack that starts at or before the hash; a hash before the first pack's is in none,
      // but the first pack is where it would be.
      const k = Math.max(0, lowerBound(header.packs, (j) => first(j) > hash >>> 0) - 1);
      return asciiAt(bytes, table + k * HASH, table + (k + 1) * HASH);
    },
  };
}
