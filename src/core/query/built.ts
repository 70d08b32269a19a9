// Built list pages: the default view of each list, one file per page at the default page size.
import type { Fighter } from '../../schemas/api.ts';
import { pageOf, serializeStored, type StoredBody } from '../envelope.ts';
import { DEFAULT_PAGE_SIZE, paths, type ListResource } from '../layout.ts';
import type { Query } from '../params.ts';
import { readJson, type ListCount, type Store } from './store.ts';

/** The built page file when the query is the list's default view, else null. */
export async function builtPage(resource: ListResource, query: Query, store: Store): Promise<string | null> {
  if (query.page_size !== DEFAULT_PAGE_SIZE) return null;
  const page = await store.read(paths.page(resource, query.page_num));
  if (page !== null) return page;
  // Past the last page: an empty page with the list's totals.
  const total = await listCount(store, resource);
  return serializeStored(pageOf([], query.page_num, DEFAULT_PAGE_SIZE, total, resource === 'fights' ? null : undefined));
}

/**
 * Records at ranks [a, b) of a list's default order, read from its built pages: a page of any
 * size touches at most ceil(size / 25) + 1 files.
 */
export async function pagedSlice<T = Fighter>(store: Store, resource: ListResource, a: number, b: number): Promise<T[]> {
  if (b <= a) return [];
  const first = Math.floor(a / DEFAULT_PAGE_SIZE);
  const last = Math.floor((b - 1) / DEFAULT_PAGE_SIZE);
  const pages = await Promise.all(
    Array.from({ length: last - first + 1 }, (_, i) => readJson<StoredBody<T[]>>(store, paths.page(resource, first + i + 1))),
  );
  const records = pages.flatMap((p) => p?.data ?? []);
  return records.slice(a - first * DEFAULT_PAGE_SIZE, b - first * DEFAULT_PAGE_SIZE);
}

export async function listCount(store: Store, resource: ListResource): Promise<number> {
  return (await readJson<ListCount>(store, paths.count(resource)))?.total_items ?? 0;
}
