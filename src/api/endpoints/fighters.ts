// Fighters: the list, in name order, filtered by division, title held and name, and one fighter.
// Each filter has its own list in the store: a title's holders (read whole), a division's
// fighters (a sorted list), and for names the run of the needle or of its longest prefix that has
// one (see store/search/format.ts).
import { z } from 'zod';
import { firstPage } from './example.ts';
import { ONE_READ, TWO_ROUNDS } from '../budget/budget.ts';
import { Fighter } from '../../records/schemas.ts';
import { lists } from '../../store/layout.ts';
import { searchFields } from '../../store/search/format.ts';
import type { SortedList } from '../../store/lists/format.ts';
import { readHeadPage, readIndex, readRecords } from '../../store/lists/read.ts';
import { readWhole } from '../../store/records/read.ts';
import { readNameSearch, type Found } from '../../store/search/read.ts';
import { foldText } from '../../shared/text.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import { endpoint, getOne, type AnswerContext } from './endpoint.ts';
import { filter, pageNum, pageSize } from '../params/fields.ts';
import { kinds } from '../params/kinds.ts';
import { given } from '../params/rules.ts';

const listParams = z.object({
  page_num: pageNum({ about: 'Page to display.' }),
  page_size: pageSize({ about: 'Results per page.' }),
  name: given(kinds.text, 'Search by name, part of a name, nickname or alias, ignoring case and accents.'),
  division_id: filter('Division the boxer fights in.'),
  title_id: filter('Title that the fighter holds.'),
});

type Query = z.output<typeof listParams>;

async function fightersList(q: Query, ctx: AnswerContext): Promise<Body> {
  const offset = (q.page_num - 1) * q.page_size;
  const found =
    q.title_id !== undefined
      ? await titleHolders(q, q.title_id, ctx, offset)
      : q.name !== undefined
        ? await byName(q, q.name, ctx, offset)
        : await sortedPage(q, ctx, offset);
  return listBody(found.records, paginationOf(q.page_num, found.records.length, q.page_size, found.total));
}

/** Every fighter, or one division's: the head (one read), or the list's index, then the packs of the page. */
async function sortedPage(q: Query, ctx: AnswerContext, offset: number): Promise<Found> {
  const head = q.division_id === undefined ? await readHeadPage(ctx.store, 'fighters', offset, q.page_size) : null;
  if (head) return head;
  const list: SortedList = { resource: 'fighters', division_id: q.division_id };
  const index = await readIndex(ctx.store, list);
  return { total: index.total, records: await readRecords(ctx.store, list, index, offset, offset + q.page_size) };
}

/** A title's holders: a handful of records, filtered in memory. */
async function titleHolders(q: Query, title: string, ctx: AnswerContext, offset: number): Promise<Found> {
  const needle = q.name === undefined ? undefined : foldText(q.name);
  const holders = (await readWhole(ctx.store, { resource: 'fighters', by: 'title', id: title })).filter((text) => {
    const f = JSON.parse(text) as {
      name: string;
      nickname: string | null;
      alias: string | null;
      division: { id: string };
    };
    return (
      (q.division_id === undefined || f.division.id === q.division_id) &&
      (needle === undefined || searchFields(f).some((field) => field.includes(needle)))
    );
  });
  return { total: holders.length, records: holders.slice(offset, offset + q.page_size) };
}

/** A name search: the heads of the needle's gram or prefixes, then the packs of the page (see store/search/read.ts). */
const byName = (q: Query, name: string, ctx: AnswerContext, offset: number): Promise<Found> =>
  readNameSearch(ctx.store, foldText(name), q.division_id, offset, q.page_size);

export const listFighters = endpoint({
  name: 'list_fighters',
  path: '/fighters/',
  kind: 'list',
  params: listParams,
  record: Fighter,
  summary: 'List fighters',
  description: 'Fighters by name, ignoring case and accents, then id.',
  reads: [lists.head('fighters'), lists.sorted('fighters'), lists.whole('fighters', 'title'), lists.search],
  budget: { ...TWO_ROUNDS, head: ONE_READ },
  // The holder of the picked title, found by their first name, in their division.
  example: (p) =>
    p.fighter && {
      ...firstPage(p),
      name: p.fighter.name.trim().split(/\s+/)[0],
      division_id: p.fighter.division.id,
      ...(p.title && { title_id: p.title.id }),
    },
  answer: fightersList,
});

export const getFighter = getOne('fighters', Fighter, (p) => p.fighter?.id);

export const fighters = {
  resource: 'fighters',
  about: 'Boxer profiles with personal details, physical attributes and career statistics.',
  endpoints: [listFighters, getFighter],
} as const;
