// Built list pages: the default view of each list, one file per page at the default page size.
import { pageOf, serializeStored } from '../envelope.ts';
import { DEFAULT_PAGE_SIZE, paths, type ListResource } from '../layout.ts';
import type { Query } from '../params.ts';
import { readRequiredJson, type ListCount, type Store } from './store.ts';

/** The built page file when the query is the list's default view, else null. */
export async function builtPage(resource: ListResource, query: Query, store: Store): Promise<string | null> {
  if (query.page_size !== DEFAULT_PAGE_SIZE) return null;
  const page = await store.read(paths.page(resource, query.page_num));
  if (page !== null) return page;
  // Past the last page: an empty page with the list's totals.
  const total = await listCount(store, resource);
  return serializeStored(pageOf([], query.page_num, DEFAULT_PAGE_SIZE, total, resource === 'fights' ? null : undefined));
}

/** The build writes every list's count, even for an empty list. */
export async function listCount(store: Store, resource: ListResource): Promise<number> {
  return (await readRequiredJson<ListCount>(store, paths.count(resource))).total_items;
}
