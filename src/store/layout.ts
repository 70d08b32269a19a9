// The store: where every built file lives. Each kind of stored data has a folder of its own
// beside this module, holding its format (format.ts: what its files' bytes look like), how it is
// made and updated (build time), and how it is read (request time, read.ts): lists/ (lists in
// order, heads, the small collections), records/ (records and the lists kept by id), search/ (the
// name search), exports/, changes/ (the changes feed); pack/ is the pack format they share. This
// module is the path map they all follow: what every file's path is, and how each list is cut.
//
// Store v3: packs. A deploy's cost is its file count first (each file hashed and listed, each new
// one uploaded with a request of its own), and a read's cost is a round trip to the origin. So
// the store holds few files of many entries each, and every answer is found in a few reads whose
// paths follow from the request and at most one earlier read:
//
// - Lists in order (every fight or event by date, and each division's fights; every fighter by
//   name, and each division's; the events in the schedule's shape) are cut into packs of a few
//   hundred records (see RULES), each pack a file with a table of where each record starts
//   (pack/format.ts). The list's index (pack/list-index.ts) says where each pack starts, its
//   name, and, for lists by date, where each day starts: a page is the index, then the one or two
//   packs that hold it.
// - Lists kept by id (each record, for get-one; an event's fights, a fighter's fights, a title's
//   holders, each read whole) are kept in the order of their ids' hashes, cut into packs the same
//   way: the list's index gives the pack that holds an id's hash, then that pack holds the entry.
// - Packs end where their content says (pack/cuts.ts): after an entry whose id hashes so, once a
//   pack holds a minimum. An edit moves no boundary but those at the change, so it rewrites the
//   packs that hold what changed and the list's index, whatever its place in the list.
// - Each list of every record also has a head: its first HEAD_SIZE records in its default order,
//   with the list's size, so the first pages of the default views are one read.
// - The small collections are each one list read whole; the exports and health are in
//   exports/format.ts.
// - Name search: grams' heads in keyed packs found by the hash of their first 3 characters, and
//   the fighters of rare grams, and of the longer grams of common ones, carried in a list of their
//   own (search/format.ts).
//
// A pack's name is 8 hex digits (from its first entry: pack/cuts.ts), and packs lie in 16 folders by
// their name's first digit, so no folder holds more than a few thousand files at any size.
import type { LargeResource } from '../records/resources.ts';
import { partFile } from './exports/format.ts';
import type { SmallResource, SortedList } from './lists/format.ts';
import type { CutRule } from './pack/cuts.ts';
import type { HashedList, WholeList } from './records/format.ts';

export const STORE = '/store';

/** Records in a list's head: every page of the default view that ends within them is one read. */
export const HEAD_SIZE = 100;
/** The most records a page holds (the API's largest page size): a pack of a list in order holds at least as many, so a page spans two packs at most. */
export const PAGE_MAX = 100;

/**
 * How each kind of list is cut into packs (see pack/cuts.ts; weights count records, or lines of a list
 * read whole): few files, each no larger than a request can afford. A list in order holds at least
 * 350 records a pack (more than a page's PAGE_MAX, so a page is two packs at most): at a million
 * fights, 276-290 KB a pack on average, 411 KB the largest, so its index and two packs stay under
 * a megabyte. A list kept by id is read a pack at a time: 490-557 KB a pack, 840 KB the largest.
 */
export const RULES = {
  sorted: {
    fights: { min: 350, spacing: 300, max: 700 },
    events: { min: 500, spacing: 600, max: 1050 },
    fighters: { min: 800, spacing: 800, max: 1450 },
  },
  records: {
    fights: { min: 600, spacing: 500, max: 1350 },
    events: { min: 800, spacing: 700, max: 1850 },
    fighters: { min: 1400, spacing: 1200, max: 3200 },
  },
  /** Lists read whole: weights are their lines (fights, holders); spacing counts lists (an event's holds 8 fights, a fighter's 7, on average). */
  whole: {
    event: { min: 600, spacing: 36, max: 1250 },
    fighter: { min: 600, spacing: 45, max: 1250 },
    title: { min: 600, spacing: 45, max: 1250 },
  },
} as const satisfies Record<string, Record<string, CutRule>>;

// Each list's rule, beside the rules (a kind's format module holds the list's type, and this
// module the paths of every kind).
export const sortedRule = (list: SortedList): CutRule => RULES.sorted[list.resource];
export const hashedRule = (list: HashedList): CutRule =>
  list.by === undefined ? RULES.records[list.resource] : RULES.whole[list.by];

// "_" can never be an id (ids start with a letter or digit), so it stands for "any".
const ANY = '_';

/**
 * Where each kind of list keeps its files: every path below begins with one of these. An
 * endpoint names the lists it reads by them.
 */
export const lists = {
  /** A collection's records, kept by id (get-one). */
  records: (resource: LargeResource) => `${STORE}/${resource}/records/`,
  /** The complete list of a small resource: one keyed pack (pack/format.ts), its records in the list's order, for its list and its get-one. */
  all: (resource: SmallResource) => `${STORE}/${resource}/all.pack`,
  /** The titles of an organization, a division, or both. */
  titlesBy: `${STORE}/titles/by/`,
  rankingsPages: `${STORE}/rankings/pages/`,
  rankingsOfDivisions: `${STORE}/rankings/divisions/`,
  /** A list's head: the first records of its default view. */
  head: (resource: LargeResource) => `${STORE}/${resource}/head.ndjson`,
  /** Lists in order: of every record and of each division's. */
  sorted: (resource: LargeResource) => `${STORE}/${resource}/sorted/`,
  /** The events in the schedule's shape. */
  scheduled: `${STORE}/events/scheduled/`,
  /** Lists read whole, kept by what they hold the records of. */
  whole: (resource: WholeList['resource'], by: WholeList['by']) => `${STORE}/${resource}/by-${by}/`,
  /** Name search: grams' heads and the carried list (see search/format.ts). */
  search: `${STORE}/fighters/search/`,
  /** The folder of the carried list's packs (see search/format.ts): its packs are named by the grams' heads. */
  carried: `${STORE}/fighters/search/carried/`,
  /** Every collection's export: the listing and the parts (see exports/format.ts). */
  exports: `${STORE}/exports/`,
  /** The service's health (one file). */
  health: `${STORE}/health.json`,
  /** The changes feed's history: its index and packs (see changes/format.ts). */
  changes: `${STORE}/changes/`,
};

/** The folder of a list in order: its index and its packs. */
export function sortedFolder(list: SortedList): string {
  const division = 'division_id' in list && list.division_id !== undefined ? list.division_id : ANY;
  return `${'shape' in list && list.shape === 'scheduled' ? lists.scheduled : lists.sorted(list.resource)}${division}/`;
}

/** The folder of a list kept by id: its index and its packs. */
export const hashedFolder = (list: HashedList) =>
  list.by === undefined ? lists.records(list.resource) : lists.whole(list.resource, list.by);

export const paths = {
  /** A list's index (see pack/list-index.ts), in its folder. */
  index: (folder: string) => `${folder}index.txt`,
  /** A pack of a list, by its name, in its folder: 16 sub-folders by the name's first digit. */
  pack: (folder: string, name: string) => `${folder}${name[0]}/${name}.pack`,
  all: lists.all,
  titles: (organizationId: string | null, divisionId: string | null) =>
    `${lists.titlesBy}${organizationId ?? ANY}/${divisionId ?? ANY}.ndjson`,
  /** A rankings page (a header line, then its records). */
  rankingsPage: (page: number, organizationId: string | null) =>
    `${lists.rankingsPages}${page}/${organizationId ?? ANY}.ndjson`,
  rankingsOfDivision: (divisionId: string, organizationId: string | null) =>
    `${lists.rankingsOfDivisions}${divisionId}/${organizationId ?? ANY}.ndjson`,
  /** A list's head: a header line with the list's size, then its first HEAD_SIZE records in the default order. */
  head: lists.head,
  /** Keyed pack n (0 to HEAD_PACKS - 1) of grams' heads: those of the grams whose first 3 characters' hash falls in it (see search/format.ts: headPack). */
  searchHeads: (n: number) => `${lists.search}heads/${n.toString(16).padStart(3, '0')}.pack`,
  /** Which parts each collection's export has, and the build's day (see exports/format.ts). */
  exportListing: `${lists.exports}index.ndjson`,
  /** A part of a collection's export, by its name: the first 16 hex digits of its file's SHA-256. */
  exportPart: (collection: string, name: string) => `${lists.exports}${collection}/${partFile(name)}`,
  /** What the service's health reports: the build's day and each collection's size. */
  health: lists.health,
  /** The changes feed's index: its history's name, kept builds and packs. */
  changesIndex: `${lists.changes}index.json`,
  /** A pack of the changes feed, by its name (the position of its first entry). */
  changesPack: (name: string) => `${lists.changes}packs/${name}.ndjson`,
};
