// The json-server request that asks for the same records as an API request on fights, so both
// servers are measured on equal questions: a page of a filtered or unfiltered list by date, or
// one fight by id.
import { DEFAULT_PAGE_SIZE } from '../../src/api/limits.ts';

/** API parameters with a json-server equivalent, and how each is spelled there. */
const FILTERS: Record<string, (value: string) => Array<[string, string]>> = {
  division_id: (v) => [['division_id', v]],
  event_id: (v) => [['event_id', v]],
  // json-server compares ranges as text, which orders ISO dates correctly; 'T99' sorts after
  // every time of that day, so a day given alone is inclusive.
  data_from: (v) => [['date_gte', v]],
  date_from: (v) => [['date_gte', v]],
  date_to: (v) => [['date_lte', `${v}T99`]],
  date: (v) => [
    ['date_gte', v],
    ['date_lte', `${v}T99`],
  ],
};

export function jsonServerPath(apiPath: string): string {
  const url = new URL(apiPath, 'http://api.local');
  const one = /^\/v2\/fights\/([^/]+)\/?$/.exec(url.pathname);
  if (one && one[1] !== 'schedule') return `/fights/${one[1]}`;
  if (!/^\/v2\/fights\/?$/.test(url.pathname))
    throw new Error(`no json-server equivalent for ${apiPath}: only fights lists and fights by id`);
  const query: Array<[string, string]> = [];
  for (const [name, value] of url.searchParams) {
    if (name === 'page_num' || name === 'page_size' || name === 'date_sort') continue;
    const filter = FILTERS[name];
    if (!filter) throw new Error(`no json-server equivalent for parameter ${name} in ${apiPath}`);
    query.push(...filter(value));
  }
  const order = (url.searchParams.get('date_sort') ?? 'DESC').toLowerCase();
  query.push(
    ['_page', url.searchParams.get('page_num') ?? '1'],
    ['_limit', url.searchParams.get('page_size') ?? String(DEFAULT_PAGE_SIZE)],
    ['_sort', 'date'],
    ['_order', order],
  );
  return `/fights?${new URLSearchParams(query)}`;
}
