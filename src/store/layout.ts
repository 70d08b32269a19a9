// The store: where every built file lives and what its bytes look like. The writer (build time)
// and the reader (request time) share this module and nothing else, so it is the whole contract
// between them. Paths are built so that no folder holds more than a few thousand entries at any
// data size, and every answer the API gives can be found in a few reads whose paths follow from
// the request (and at most one earlier read).
import type { LargeResource } from '../records/resources.ts';
import { fnv1a, mix32 } from '../shared/hash.ts';
import { foldText } from '../shared/text.ts';
import { partFile } from './layout-exports.ts';

export * from './layout-exports.ts';

export const STORE = '/store';

/** Records per chunk of a sorted list: a page of up to 100 records spans at most 3 chunks. */
export const CHUNK_SIZE = 50;
/** Fighter ids per part of a name-search list. */
export const PART_SIZE = 1000;
/** Page size of the built default pages (the API's default page size). */
export const BUILT_PAGE_SIZE = 25;
/**
 * How many default pages each list has built. The fights list's cover page-number browsing,
 * which the API stops at an offset of 10,000, and no further: a page beyond them is read from
 * the sorted list like any other. The other lists are built whole.
 */
export const BUILT_PAGES: Readonly<Record<LargeResource, number>> = { fights: 400, events: Infinity, fighters: Infinity };
/** Name searches up to this many characters are answered by a list of exactly the matches. */
export const SHORT_NEEDLE = 3;
/** Longer searches read the candidates that contain the needle's first LONG_GRAM characters. */
export const LONG_GRAM = 4;
const PER_FOLDER = 1000;

export type ItemResource = 'fights' | 'events' | 'fighters' | 'divisions' | 'organizations' | 'titles';
export type SmallResource = 'divisions' | 'organizations' | 'titles';

/**
 * A list held in chunks with an index: every fight or event in date order (optionally only one
 * division's fights), or every fighter in name order (optionally one division's). The events
 * schedule has a list of its own: the same events in the same order, each in the schedule's
 * shape (without `broadcast`), so that no answer reshapes a record as it is served.
 */
export type SortedList =
  | { resource: 'fights'; division_id?: string }
  | { resource: 'events'; shape?: 'scheduled' }
  | { resource: 'fighters'; division_id?: string };

/** A list small enough to read whole: one event's or one fighter's fights, one title's holders. */
export type WholeList =
  | { resource: 'fights'; by: 'event' | 'fighter'; id: string }
  | { resource: 'fighters'; by: 'title'; id: string };

/**
 * How many records (or ids) file k of a list of `total` holds when each file holds `perFile`:
 * every file is full but the last. A reader holds each file it reads to this count.
 */
export function heldBy(total: number, k: number, perFile: number): number {
  return Math.min(Math.max(total - k * perFile, 0), perFile);
}

/** The files a list of `total` records fills, `perFile` to a file. */
export const fileCount = (total: number, perFile: number) => Math.ceil(total / perFile);

/** The file that holds a list's record at position p (from 0), `perFile` to a file. */
export const fileOf = (p: number, perFile: number) => Math.floor(p / perFile);

/** The position of file k's first record, `perFile` to a file. */
export const firstOf = (k: number, perFile: number) => k * perFile;

/** The positions [from, to) that file k of a list of `total` holds, `perFile` to a file. */
export const spanOf = (total: number, k: number, perFile: number): [from: number, to: number] => [
  firstOf(k, perFile),
  firstOf(k, perFile) + heldBy(total, k, perFile),
];

/** Shard folders of the name search's lists: a gram's folder is its hash's. */
export const SHARDS = 256;

/** Shard n's folder name: two hex digits. */
export const shardName = (n: number) => n.toString(16).padStart(2, '0');

/** The number of the shard a search gram falls in, 0 to SHARDS - 1. */
export const shardNumberOf = (gram: string) => fnv1a(gram) & (SHARDS - 1);

export function shardOf(gram: string): string {
  return shardName(shardNumberOf(gram));
}

/**
 * Packs per kind of file kept by id: a record (get-one), an event's or a fighter's fights, a
 * title's holders. Each id's lines are in the pack its id falls in, so a million fights make
 * 65,536 record files of about 15 records (14 KB) each, not a million files of one. The count is
 * fixed (the reader finds an id's pack from the id alone): below it a pack holds one id or a few,
 * and each doubling of the data doubles a pack's bytes, never the reads.
 */
export const PACKS = 65536;

/** The pack of an id's FNV-1a hash, 0 to PACKS - 1 (mixed: sequential ids differ in FNV-1a's low bits only). */
export const packOfHash = (idHash: number) => mix32(idHash) >>> 16;

/** The pack of an id. */
export const packOf = (id: string) => packOfHash(fnv1a(id));

/** Pack n's path below its list's folder: its high byte names the folder, its low byte the file. */
const packName = (n: number) => `${shardName(n >>> 8)}/${shardName(n & 0xff)}.ndjson`;

function numbered(n: number): string {
  return `${Math.floor(n / PER_FOLDER)}/${n}`;
}

/** A search gram as a path segment: its code points in hex ("al" -> "61-6c"). */
function gramSegment(gram: string): string {
  return Array.from(gram, (c) => c.codePointAt(0)!.toString(16)).join('-');
}

// "_" can never be an id (ids start with a letter or digit), so it stands for "any".
const ANY = '_';

/**
 * Where each kind of list keeps its files: every path below begins with one of these. An
 * endpoint names the lists it reads by them.
 */
export const lists = {
  /** Get-one records, in packs. */
  records: (resource: ItemResource) => `${STORE}/${resource}/records/`,
  /** The complete list of a small resource (one file). */
  all: (resource: SmallResource) => `${STORE}/${resource}/all.ndjson`,
  /** The titles of an organization, a division, or both. */
  titlesBy: `${STORE}/titles/by/`,
  rankingsPages: `${STORE}/rankings/pages/`,
  rankingsOfDivisions: `${STORE}/rankings/divisions/`,
  /** A list's built default pages. */
  pages: (resource: LargeResource) => `${STORE}/${resource}/pages/`,
  /** Sorted lists: of every record and of each division's. */
  sorted: (resource: LargeResource) => `${STORE}/${resource}/sorted/`,
  /** The events in the schedule's shape. */
  scheduled: `${STORE}/events/scheduled/`,
  /** Lists read whole, by what they hold the records of. */
  whole: (resource: WholeList['resource'], by: WholeList['by']) => `${STORE}/${resource}/by-${by}/`,
  search: `${STORE}/fighters/search/`,
  candidates: `${STORE}/fighters/candidates/`,
  /** Every collection's export: the listing and the parts (see layout-exports.ts). */
  exports: `${STORE}/exports/`,
  /** The service's health (one file). */
  health: `${STORE}/health.json`,
};

function sortedBase(list: SortedList): string {
  const division = 'division_id' in list && list.division_id !== undefined ? list.division_id : ANY;
  return `${'shape' in list && list.shape === 'scheduled' ? lists.scheduled : lists.sorted(list.resource)}${division}`;
}

export const paths = {
  /** The pack that holds record `id`, if there is such a record (see packText). */
  recordPack: (resource: ItemResource, id: string) => paths.recordPackNumber(resource, packOf(id)),
  /** Pack n (0 to PACKS - 1) of a collection's records. */
  recordPackNumber: (resource: ItemResource, n: number) => `${lists.records(resource)}${packName(n)}`,
  /** The complete list of a small resource (divisions, organizations, titles): one record a line. */
  all: lists.all,
  titles: (organizationId: string | null, divisionId: string | null) =>
    `${lists.titlesBy}${organizationId ?? ANY}/${divisionId ?? ANY}.ndjson`,
  /** A rankings page (a header line, then its records). */
  rankingsPage: (page: number, organizationId: string | null) => `${lists.rankingsPages}${page}/${organizationId ?? ANY}.ndjson`,
  rankingsOfDivision: (divisionId: string, organizationId: string | null) =>
    `${lists.rankingsOfDivisions}${divisionId}/${organizationId ?? ANY}.ndjson`,
  /** Page n (from 1) of a list's default view (a header line, then its records). */
  page: (resource: LargeResource, n: number) => `${lists.pages(resource)}${numbered(n)}.ndjson`,
  /** A sorted list's index: its size and, for dated lists, where each day starts. */
  index: (list: SortedList) => `${sortedBase(list)}/index.txt`,
  /** Chunk k of a sorted list: records [k * CHUNK_SIZE, (k + 1) * CHUNK_SIZE), one a line. */
  chunk: (list: SortedList, k: number) => `${sortedBase(list)}/${numbered(k)}.ndjson`,
  /** The pack that holds a list read whole (see packText): its lines, one record each, in its list's order. */
  wholePack: (list: WholeList) => paths.wholePackNumber(list, packOf(list.id)),
  /** Pack n (0 to PACKS - 1) of the lists read whole of a kind. */
  wholePackNumber: (list: Pick<WholeList, 'resource' | 'by'>, n: number) => `${lists.whole(list.resource, list.by)}${packName(n)}`,
  /**
   * Part k of the fighters whose search text contains `gram` (1 to SHORT_NEEDLE characters),
   * optionally only those of one division: a header line, then fighter ids in name order.
   */
  searchPart: (gram: string, divisionId: string | null, k: number) =>
    `${lists.search}${divisionId ?? ANY}/${shardOf(gram)}/${gramSegment(gram)}.${k}.txt`,
  /** Every fighter whose search text contains `gram` (LONG_GRAM characters): one candidate a line. */
  searchCandidates: (gram: string) => `${lists.candidates}${shardOf(gram)}/${gramSegment(gram)}.tsv`,
  /** Which parts each collection's export has, and the build's day (see layout-exports.ts). */
  exportListing: `${lists.exports}index.ndjson`,
  /** A part of a collection's export, by its name: the first 16 hex digits of its file's SHA-256. */
  exportPart: (collection: string, name: string) => `${lists.exports}${collection}/${partFile(name)}`,
  /** What the service's health reports: the build's day and each collection's size. */
  health: lists.health,
};

// ---- File formats ----------------------------------------------------------------------------

/**
 * A record as the store keeps it: its JSON text with every character beyond ASCII escaped. The
 * same JSON to any reader, but a one-byte string to the runtime, which reads, joins and encodes
 * it for the response several times faster than text holding a single "ł".
 */
export function recordText(record: unknown): string {
  return JSON.stringify(record).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A pack: for each id in it (in the order of the ids, as JavaScript compares strings), that id's
 * lines in their order, each as `<id>` TAB `<line>`: a record's pack has a line per id, a pack of
 * lists read whole a list's lines per id. The same lists make the same bytes. Neither an id nor a
 * store line holds a raw line break, and an id holds no tab, so an id's lines are found by the
 * prefix alone.
 */
export type PackLists = ReadonlyArray<readonly [id: string, lines: readonly string[]]>;

export function packText(lists: PackLists): string {
  const out: string[] = [];
  for (const [id, lines] of [...lists].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) for (const line of lines) out.push(`${id}\t${line}`);
  return out.join('\n');
}

/** Every id's lines in a pack's text, in the pack's order. */
export function packLists(pack: string): Array<[id: string, lines: string[]]> {
  const out: Array<[string, string[]]> = [];
  for (const line of linesOf(pack)) {
    const tab = line.indexOf('\t');
    const id = line.slice(0, tab);
    if (out.length === 0 || out[out.length - 1][0] !== id) out.push([id, []]);
    out[out.length - 1][1].push(line.slice(tab + 1));
  }
  return out;
}

/** The lines of `id` in a pack's text: none when the pack does not hold it. */
export function linesInPack(pack: string, id: string): string[] {
  const key = `${id}\t`;
  let at: number;
  if (pack.startsWith(key)) at = 0;
  else {
    const found = pack.indexOf(`\n${key}`);
    if (found < 0) return [];
    at = found + 1;
  }
  const lines: string[] = [];
  for (;;) {
    const end = pack.indexOf('\n', at);
    lines.push(pack.slice(at + key.length, end < 0 ? pack.length : end));
    // An id's lines follow one another.
    if (end < 0 || !pack.startsWith(key, end + 1)) return lines;
    at = end + 1;
  }
}

/** The text of record `id` in its pack's text, or null when the pack does not hold it. */
export function recordInPack(pack: string, id: string): string | null {
  return linesInPack(pack, id)[0] ?? null;
}

/** A list file (a chunk, a complete list): one record a line. */
export function listText(lines: readonly string[]): string {
  return lines.join('\n');
}

/** A sorted list's index: its size, then (for dated lists) its day entries (see dayEntry). */
export function indexText(total: number, dayEntries: readonly string[]): string {
  return `${JSON.stringify({ total } satisfies ListHeader)}\n${dayEntries.join('')}`;
}

/** Lines of a list file: one JSON record per line (JSON text never holds a raw line break). */
export function linesOf(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/**
 * Lines [from, to) of a list file and how many lines it has, without splitting out the lines
 * the caller does not need (a page often needs a few records of a chunk of 50).
 */
export function someLinesOf(text: string, from: number, to: number): { count: number; lines: string[] } {
  const lines: string[] = [];
  if (text === '') return { count: 0, lines };
  let count = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if (count >= from && count < to) lines.push(text.slice(start, end < 0 ? text.length : end));
    count++;
    if (end < 0) return { count, lines };
    start = end + 1;
  }
}

/** Header of a page file, of a sorted list's index and of a search part. */
export interface ListHeader {
  /** Records in the whole list the file belongs to. */
  total: number;
  /** Pages of that list, where the page size is not simply total / items (rankings). */
  pages?: number;
}

export function withHeader(header: ListHeader, lines: readonly string[]): string {
  return [JSON.stringify(header), ...lines].join('\n');
}

/** The header and the remaining lines of a file written by withHeader. */
export function splitHeader(text: string): { header: ListHeader; lines: string[] } {
  const end = text.indexOf('\n');
  const header = JSON.parse(end < 0 ? text : text.slice(0, end)) as ListHeader;
  return { header, lines: end < 0 ? [] : linesOf(text.slice(end + 1)) };
}

/**
 * A dated list's index: the header line, then one fixed-width entry per day that has records,
 * `YYYY-MM-DD` and the position of that day's first record (9 digits), in day order. Fixed width
 * lets the reader binary-search the text without parsing it.
 */
const DAY_ENTRY = 20;
const POSITION_DIGITS = 9;

export function dayEntry(day: string, position: number): string {
  return `${day}${String(position).padStart(POSITION_DIGITS, '0')}\n`;
}

export interface DayIndex {
  total: number;
  /** Number of day entries. */
  days: number;
  day(i: number): string;
  start(i: number): number;
}

export function readDayIndex(text: string): DayIndex {
  const end = text.indexOf('\n');
  const { total } = JSON.parse(text.slice(0, end < 0 ? text.length : end)) as ListHeader;
  const base = end < 0 ? text.length : end + 1;
  return {
    total,
    days: Math.floor((text.length - base) / DAY_ENTRY),
    day: (i) => text.slice(base + i * DAY_ENTRY, base + i * DAY_ENTRY + 10),
    start: (i) => Number(text.slice(base + i * DAY_ENTRY + 10, base + i * DAY_ENTRY + 10 + POSITION_DIGITS)),
  };
}

/**
 * A line of a fights list read whole: the fields its filters test, tab-separated, then the
 * record's JSON (which never holds a raw tab), so filtering needs no parsing.
 */
export function keyedFightLine(
  f: { id: string; date: string; division: { id: string }; event: { id: string }; fighters: { fighter_1: { fighter_id: string }; fighter_2: { fighter_id: string } } },
  json: string,
): string {
  return [f.date, f.id, f.division.id, f.event.id, f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id, json].join('\t');
}

export interface KeyedFight {
  date: string;
  id: string;
  division_id: string;
  event_id: string;
  fighter_ids: [string, string];
  json: string;
}

export function readKeyedFight(line: string): KeyedFight {
  const parts = line.split('\t', 6);
  const json = line.slice(parts.reduce((n, p) => n + p.length + 1, 0));
  return { date: parts[0], id: parts[1], division_id: parts[2], event_id: parts[3], fighter_ids: [parts[4], parts[5]], json };
}

/**
 * A name-search candidate line: fighter id, division id, then the folded name, nickname and alias,
 * separated by tabs (content text never holds control characters, so a tab cannot be in a field).
 */
export function candidateLine(id: string, divisionId: string, fields: readonly string[]): string {
  return [id, divisionId, ...fields].join('\t');
}

export function readCandidate(line: string): { id: string; division_id: string; fields: string[] } {
  const [id, division_id, ...fields] = line.split('\t');
  return { id, division_id, fields };
}

/**
 * What name search looks in: a fighter's name, nickname and alias, each folded to lower case
 * without accents. A match lies within one field, never across two.
 */
export function searchFields(f: { name: string; nickname: string | null; alias: string | null }): string[] {
  return [f.name, f.nickname ?? '', f.alias ?? ''].map(foldText);
}
