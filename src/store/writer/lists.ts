// Lists of records as the store keeps them: sorted lists in chunks with an index, lists read
// whole, and page files. Records arrive as JSON text, one at a time where the list allows, so a
// list of any length is written holding one chunk of it.
import {
  BUILT_PAGE_SIZE, BUILT_PAGES, CHUNK_SIZE, dayEntry, paths, withHeader, type ListHeader, type PagedResource, type SortedList,
  type WholeList,
} from '../layout.ts';
import type { Sink } from './sink.ts';

/**
 * A sorted list written as its records arrive in list order: chunks of CHUNK_SIZE, then its
 * index (the size, and for dated lists where each day starts).
 */
export class SortedListWriter {
  private readonly lines: string[] = [];
  private readonly entries: string[] = [];
  private lastDay: string | undefined;
  private count = 0;
  private readonly sink: Sink;
  private readonly list: SortedList;
  constructor(sink: Sink, list: SortedList) {
    this.sink = sink;
    this.list = list;
  }

  /** The next record; `day` (YYYY-MM-DD) for lists in date order. */
  async add(text: string, day?: string): Promise<void> {
    if (day !== undefined && day !== this.lastDay) {
      this.entries.push(dayEntry(day, this.count));
      this.lastDay = day;
    }
    this.lines.push(text);
    this.count++;
    if (this.lines.length === CHUNK_SIZE) await this.flush();
  }

  async finish(): Promise<void> {
    if (this.lines.length > 0) await this.flush();
    await this.sink.write(paths.index(this.list), `${JSON.stringify({ total: this.count } satisfies ListHeader)}\n${this.entries.join('')}`);
  }

  private async flush() {
    const k = Math.floor((this.count - 1) / CHUNK_SIZE);
    await this.sink.write(paths.chunk(this.list, k), this.lines.join('\n'));
    this.lines.length = 0;
  }
}

export async function writeWhole(sink: Sink, list: WholeList, texts: readonly string[]) {
  await sink.write(paths.whole(list), texts.join('\n'));
}

/**
 * The default view of a list, page by page, with the list's size in each page's header, up to
 * the pages the layout builds. `at(i)` is the i-th record of the view (fights and events newest
 * first). Page 1 is always written, empty or not.
 */
export async function writePages(sink: Sink, resource: PagedResource, total: number, at: (i: number) => string) {
  const pages = Math.min(Math.max(1, Math.ceil(total / BUILT_PAGE_SIZE)), BUILT_PAGES[resource]);
  for (let n = 1; n <= pages; n++) {
    const lines: string[] = [];
    for (let i = (n - 1) * BUILT_PAGE_SIZE; i < Math.min(n * BUILT_PAGE_SIZE, total); i++) lines.push(at(i));
    await sink.write(paths.page(resource, n), withHeader({ total }, lines));
  }
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
export function groupItems(groups: number, items: ArrayLike<number>, each: (item: number, add: (group: number) => void) => void): Groups {
  const start = new Uint32Array(groups + 1);
  for (let i = 0; i < items.length; i++) each(items[i], (g) => start[g + 1]++);
  for (let g = 0; g < groups; g++) start[g + 1] += start[g];
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
