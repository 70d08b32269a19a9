// Lists of records as the store keeps them: sorted lists in chunks with an index, lists read
// whole, and page files. Records arrive as JSON text, serialized once by the caller.
import {
  BUILT_PAGE_SIZE, BUILT_PAGES, CHUNK_SIZE, dayEntry, paths, withHeader, type ListHeader, type PagedResource, type SortedList,
  type WholeList,
} from '../layout.ts';
import type { Sink } from './sink.ts';

/**
 * A sorted list: its index (the size, and for dated lists where each day starts) and its chunks.
 * `days[i]` is the day (YYYY-MM-DD) of record i, for lists in date order.
 */
export async function writeSorted(sink: Sink, list: SortedList, texts: readonly string[], days?: readonly string[]) {
  const entries: string[] = [];
  if (days)
    days.forEach((day, position) => {
      if (position === 0 || days[position - 1] !== day) entries.push(dayEntry(day, position));
    });
  await sink.write(paths.index(list), `${JSON.stringify({ total: texts.length } satisfies ListHeader)}\n${entries.join('')}`);
  for (let k = 0; k * CHUNK_SIZE < texts.length; k++)
    await sink.write(paths.chunk(list, k), texts.slice(k * CHUNK_SIZE, (k + 1) * CHUNK_SIZE).join('\n'));
}

export async function writeWhole(sink: Sink, list: WholeList, texts: readonly string[]) {
  await sink.write(paths.whole(list), texts.join('\n'));
}

/**
 * The default view of a list, page by page, in the order given (fights and events newest first),
 * with the list's size in each page's header, up to the pages the layout builds. Page 1 is always
 * written, empty or not.
 */
export async function writePages(sink: Sink, resource: PagedResource, ordered: readonly string[]) {
  const pages = Math.min(Math.max(1, Math.ceil(ordered.length / BUILT_PAGE_SIZE)), BUILT_PAGES[resource]);
  for (let n = 1; n <= pages; n++)
    await sink.write(
      paths.page(resource, n),
      withHeader({ total: ordered.length }, ordered.slice((n - 1) * BUILT_PAGE_SIZE, n * BUILT_PAGE_SIZE)),
    );
}

/** Indexes of the items grouped by key, each group in the items' order. */
export function groupBy<T>(items: readonly T[], keys: (item: T) => readonly string[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  items.forEach((item, i) => {
    for (const key of new Set(keys(item))) {
      const group = groups.get(key);
      if (group) group.push(i);
      else groups.set(key, [i]);
    }
  });
  return groups;
}
