// Lists of records as the store keeps them, file by file: sorted lists in chunks with an index,
// and page files (lists read whole are kept in packs: see packs.ts). A list is given as the slots
// of its records in order and a way to get each record's text; each file is a unit whose body is
// made only when it is written, so a full build and an update of a few files make them the same
// way.
import type { LargeResource } from '../../records/resources.ts';
import {
  BUILT_PAGE_SIZE, BUILT_PAGES, CHUNK_SIZE, dayEntry, fileCount, indexText, listText, paths, spanOf, withHeader, type SortedList,
} from '../layout.ts';

/** One store file: its path, and its bytes when asked (text, or bytes as they are: an export part). */
export interface Unit {
  path: string;
  body(): Body;
}

/** A store file's content: text (written as UTF-8), or bytes. */
export type Body = string | Uint8Array;

export type TextOf = (slot: number) => string;

/** Chunk k of a sorted list. */
export function chunkUnit(list: SortedList, slots: ArrayLike<number>, k: number, text: TextOf): Unit {
  return {
    path: paths.chunk(list, k),
    body: () => {
      const lines: string[] = [];
      const [from, to] = spanOf(slots.length, k, CHUNK_SIZE);
      for (let i = from; i < to; i++) lines.push(text(slots[i]));
      return listText(lines);
    },
  };
}

export const chunkCount = (total: number) => fileCount(total, CHUNK_SIZE);

/** The default pages built of a list of `total` records (page 1 always, empty or not). */
export const builtPageCount = (resource: LargeResource, total: number) =>
  Math.min(Math.max(1, fileCount(total, BUILT_PAGE_SIZE)), BUILT_PAGES[resource]);

/** A sorted list's index; `day(slot)` (YYYY-MM-DD) for lists in date order. */
export function indexUnit(list: SortedList, slots: ArrayLike<number>, day?: (slot: number) => string): Unit {
  return {
    path: paths.index(list),
    body: () => {
      const entries: string[] = [];
      let last: string | undefined;
      if (day)
        for (let i = 0; i < slots.length; i++) {
          const d = day(slots[i]);
          if (d !== last) entries.push(dayEntry(d, i));
          last = d;
        }
      return indexText(slots.length, entries);
    },
  };
}

/** Every file of a sorted list: its chunks, then its index. */
export function* sortedListUnits(list: SortedList, slots: ArrayLike<number>, text: TextOf, day?: (slot: number) => string): Generator<Unit> {
  for (let k = 0; k < chunkCount(slots.length); k++) yield chunkUnit(list, slots, k, text);
  yield indexUnit(list, slots, day);
}

/** Page n of a list's default view, whose i-th record is `at(i)`, with the list's size in its header. */
export function pageUnit(resource: LargeResource, n: number, total: number, at: (i: number) => string): Unit {
  return {
    path: paths.page(resource, n),
    body: () => {
      const lines: string[] = [];
      const [from, to] = spanOf(total, n - 1, BUILT_PAGE_SIZE);
      for (let i = from; i < to; i++) lines.push(at(i));
      return withHeader({ total }, lines);
    },
  };
}

export function* pageUnits(resource: LargeResource, total: number, at: (i: number) => string): Generator<Unit> {
  for (let n = 1; n <= builtPageCount(resource, total); n++) yield pageUnit(resource, n, total, at);
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

/** The members of group g. */
export const members = (groups: Groups, g: number) => groups.items.subarray(groups.start[g], groups.start[g + 1]);
