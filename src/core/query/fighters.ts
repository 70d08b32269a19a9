// The fighters list: default order is by name; filters by division, title held and name.
// Each filter has a posting list whose size is known before it is read; the smallest drives,
// and the other filters are tested on its entries, which carry the division and search text.
import { pageOf } from '../envelope.ts';
import { gramSegment, paths } from '../layout.ts';
import type { Query } from '../params.ts';
import { foldText } from '../text.ts';
import type { AnswerContext } from './answer.ts';
import { builtPage, listCount } from './built.ts';
import { itemReader, listMatches, pageByOffset, partedList, partedMatches, rangeMatches, type Matches, type PartsIndex } from './matches.ts';
import { storedList } from './records.ts';
import { readJson, type Store } from './store.ts';
import type { FighterPosting } from '../../schemas/store.ts';

/** Name search matches substrings of up to this many characters through a gram list alone. */
export const GRAM = 3;

/** The search text of a fighter: name, nickname and alias, folded, one per line. */
export function searchText(f: { name: string; nickname: string | null; alias: string | null }): string {
  return [f.name, f.nickname ?? '', f.alias ?? ''].map(foldText).join('\n');
}

/** The distinct substrings of 1..GRAM characters of a search text (none spans two fields). */
export function gramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (const field of text.split('\n')) {
    const chars = Array.from(field);
    for (let n = 1; n <= GRAM; n++)
      for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  }
  return grams;
}

export async function fightersList(q: Query, ctx: AnswerContext): Promise<string> {
  const filtered = q.name !== undefined || q.division_id !== undefined || q.title_id !== undefined;
  if (!filtered) {
    const built = await builtPage('fighters', q, ctx.store);
    if (built !== null) return built;
  }
  const matches = filtered
    ? await filteredFighters(q, ctx.store)
    : rangeMatches(ctx.store, 'fighters', 0, await listCount(ctx.store, 'fighters'));
  const offset = (q.page_num - 1) * q.page_size;
  const [total, data] = await Promise.all([matches.count(), pageByOffset(matches, 'ASC', offset, q.page_size)]);
  return storedList(data, pageOf(data, q.page_num, q.page_size, total).pagination);
}

interface Source {
  count: number;
  /** True when every entry of the source matches this filter (no text check needed). */
  exact: boolean;
  parts?: { index: PartsIndex; read: (i: number) => Promise<FighterPosting[]> };
  load(): Promise<FighterPosting[]>;
}

async function partedSource(store: Store, field: string, key: string, exact: boolean): Promise<Source> {
  const { index, read } = await partedList<FighterPosting>(store, 'fighters', field, key);
  return {
    count: index.reduce((sum, [, , n]) => sum + n, 0),
    exact,
    parts: { index, read },
    load: async () => (await Promise.all(index.map((_, i) => read(i)))).flat(),
  };
}

async function nameSource(store: Store, needle: string): Promise<Source> {
  const chars = Array.from(needle);
  if (chars.length <= GRAM) {
    return partedSource(store, 'gram', gramSegment(needle), true);
  }
  // Longer names: the rarest of the needle's grams gives the candidates, the text check decides.
  const grams = [...new Set(chars.slice(0, chars.length - GRAM + 1).map((_, i) => chars.slice(i, i + GRAM).join('')))];
  const sources = await Promise.all(grams.map((g) => partedSource(store, 'gram', gramSegment(g), false)));
  return sources.reduce((a, b) => (b.count < a.count ? b : a));
}

async function filteredFighters(q: Query, store: Store): Promise<Matches> {
  const needle = q.name === undefined ? undefined : foldText(q.name);
  const sources: Source[] = [];
  let holders: FighterPosting[] | undefined;
  if (q.title_id !== undefined) {
    holders = (await readJson<FighterPosting[]>(store, paths.postings('fighters', 'title', q.title_id))) ?? [];
    const list = holders;
    sources.push({ count: list.length, exact: true, load: async () => list });
  }
  if (q.division_id !== undefined)
    sources.push(await partedSource(store, 'division', q.division_id, true));
  if (needle !== undefined) sources.push(await nameSource(store, needle));

  const read = itemReader(store, 'fighters');
  const driver = sources.reduce((a, b) => (b.count < a.count ? b : a));
  if (sources.length === 1 && driver.exact && driver.parts)
    return partedMatches(driver.parts.index, driver.parts.read, 0, Infinity, read);

  const holderIds = holders && new Set(holders.map((p) => p[1]));
  const entries = (await driver.load()).filter(
    ([, id, division, text]) =>
      (q.division_id === undefined || division === q.division_id) &&
      (holderIds === undefined || holderIds.has(id)) &&
      (needle === undefined || text.includes(needle)),
  );
  return listMatches(entries, read);
}
