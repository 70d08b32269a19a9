// Lists of records as the store keeps them, file by file: lists in order, cut into packs with an
// index, and each large collection's head (lists kept by id are in records/make.ts). A list is given as
// the slots of its records in order and a way to get each record's text; each file is a unit whose
// body is made only when it is written, so a full build and an update make them the same way.
import type { LargeResource } from '../../records/resources.ts';
import { HEAD_SIZE, paths, sortedFolder, sortedRule } from '../layout.ts';
import { boundaryHash, packNamer, packStarts } from '../pack/cuts.ts';
import { orderedIndexText } from '../pack/list-index.ts';
import { positionalPack } from '../pack/format.ts';
import { shapesNamed, type ShapesOf } from '../pack/shapes.ts';
import { withHeader, type SortedList } from './format.ts';

/** One store file: its path, and its bytes when asked (text, or bytes as they are: an export part). */
export interface Unit {
  path: string;
  body(): Body;
}

/**
 * A unit whose body is made already. Made here, not as \`() => body\` where the body is made: a
 * closure keeps alive every variable of the scopes around it that any closure there uses, and
 * where a file is made those are the packs read to make it. An update holds hundreds of units
 * before it writes them; each kept its list's packs as they were (some 3 MB a unit at 100,000
 * fights, past a gigabyte at 40 edits).
 */
export const madeUnit = (path: string, body: Body): Unit => ({ path, body: () => body });

/** A store file's content: text (written as UTF-8), or bytes. */
export type Body = string | Uint8Array;

export type TextOf = (slot: number) => string;

/** What a list's cut and names read of its records: their ids, and their ids' FNV-1a hashes. */
export interface ListIds {
  id(slot: number): string;
  idHash(slot: number): number;
}

/** A list in order, as packs: where each starts in the list, and its name. */
export interface SortedPacks {
  starts: number[];
  names: string[];
}

/** The packs of a list in order: cut where its records' ids say (see pack/cuts.ts), each named for its first record. */
export function sortedPacks(list: SortedList, slots: ArrayLike<number>, ids: ListIds): SortedPacks {
  const starts = packStarts(
    { count: slots.length, weight: () => 1, hash: (i) => boundaryHash(ids.idHash(slots[i])) },
    sortedRule(list),
  );
  const name = packNamer();
  return { starts, names: starts.map((s) => name(ids.id(slots[s]))) };
}

/** Where pack k of a list of `total` ends. */
export const packEnd = (packs: SortedPacks, k: number, total: number) =>
  k + 1 < packs.starts.length ? packs.starts[k + 1] : total;

/**
 * The bytes of a pack of a list in order (the carried list's too): its lines (stored records, or
 * ending with one, whose shapes are in `shapes`), with the shapes they use. Every such pack is
 * made here, by a build from nothing and by an update alike.
 */
export const sortedPackText = (lines: readonly string[], shapes: ShapesOf): string =>
  positionalPack(lines, shapesNamed(lines, shapes));

/** Pack k of a list in order: its records as `text` gives them (stored records, whose shapes are in `shapes`). */
export function sortedPackUnit(
  list: SortedList,
  slots: ArrayLike<number>,
  packs: SortedPacks,
  k: number,
  text: TextOf,
  shapes: ShapesOf,
): Unit {
  return {
    path: paths.pack(sortedFolder(list), packs.names[k]),
    body: () => {
      const lines: string[] = [];
      for (let i = packs.starts[k]; i < packEnd(packs, k, slots.length); i++) lines.push(text(slots[i]));
      return sortedPackText(lines, shapes);
    },
  };
}

/** A list's index; `day(slot)` (YYYY-MM-DD) for lists in date order. */
export function indexUnit(
  list: SortedList,
  slots: ArrayLike<number>,
  packs: SortedPacks,
  day?: (slot: number) => string,
): Unit {
  return {
    path: paths.index(sortedFolder(list)),
    body: () => {
      let days: Array<[string, number]> | undefined;
      if (day) {
        days = [];
        let last: string | undefined;
        for (let i = 0; i < slots.length; i++) {
          const d = day(slots[i]);
          if (d !== last) days.push([d, i]);
          last = d;
        }
      }
      return orderedIndexText(
        slots.length,
        packs.starts.map((s, k) => [s, packs.names[k]] as const),
        days,
      );
    },
  };
}

/** Every file of a list in order: its packs, then its index. */
export function* sortedListUnits(
  list: SortedList,
  slots: ArrayLike<number>,
  ids: ListIds,
  text: TextOf,
  shapes: ShapesOf,
  day?: (slot: number) => string,
): Generator<Unit> {
  const packs = sortedPacks(list, slots, ids);
  for (let k = 0; k < packs.starts.length; k++) yield sortedPackUnit(list, slots, packs, k, text, shapes);
  yield indexUnit(list, slots, packs, day);
}

/**
 * A list's head: a header line with the list's size and the shapes of its records, then its first
 * HEAD_SIZE records in the default view (stored records), whose i-th record is `at(i)`.
 */
export function headUnit(resource: LargeResource, total: number, at: (i: number) => string, shapes: ShapesOf): Unit {
  return {
    path: paths.head(resource),
    body: () => {
      const records = Array.from({ length: Math.min(total, HEAD_SIZE) }, (_, i) => at(i));
      return withHeader({ total, shapes: shapesNamed(records, shapes) }, records);
    },
  };
}

/**
 * Items grouped by key, each group in the order the items are given: group g holds
 * items.subarray(start[g], start[g + 1]). Two passes over the items, no per-group arrays.
 */
export interface Groups {
  start: Uint32Array;
  items: Uint32Array;
}

/** `each(item, add)` calls add(group) for every group the item belongs to (at most once per group). */
export type GroupsOf = (item: number, add: (group: number) => void) => void;

/** Where each group starts among the grouped items (groupItems' `start`), from the first of its two passes alone. */
export function groupStarts(groups: number, items: ArrayLike<number>, each: GroupsOf): Uint32Array {
  const start = new Uint32Array(groups + 1);
  for (let i = 0; i < items.length; i++) each(items[i], (g) => start[g + 1]++);
  for (let g = 0; g < groups; g++) start[g + 1] += start[g];
  return start;
}

export function groupItems(groups: number, items: ArrayLike<number>, each: GroupsOf): Groups {
  const start = groupStarts(groups, items, each);
  const next = start.slice(0, groups);
  const grouped = new Uint32Array(start[groups]);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    each(item, (g) => (grouped[next[g]++] = item));
  }
  return { start, items: grouped };
}

/**
 * The members of the groups `wanted` alone, each in the order the items are given: one pass over
 * the items and no arrays for the other groups (a change touches a few groups of thousands).
 */
export function someGroups(wanted: Iterable<number>, items: ArrayLike<number>, each: GroupsOf): Map<number, number[]> {
  const found = new Map<number, number[]>();
  for (const g of wanted) found.set(g, []);
  if (found.size === 0) return found;
  let item = 0;
  const add = (g: number) => found.get(g)?.push(item);
  for (let i = 0; i < items.length; i++) each((item = items[i]), add);
  return found;
}

/** The members of group g. */
export const members = (groups: Groups, g: number) => groups.items.subarray(groups.start[g], groups.start[g + 1]);
