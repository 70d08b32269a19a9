// Route + query -> the answer's body without metadata. Get-one files, the small lists and the
// rankings pages are single reads; the lists are answered by their own modules.
import { linesOf, paths } from '../../store/layout.ts';
import { readHeaded } from '../../store/reader/lists.ts';
import { readRequired, type Store } from '../../store/reader/store.ts';
import { allBody, listBody, oneBody, paginationOf, type Body } from '../envelope.ts';
import { notFound } from '../errors.ts';
import type { Query } from '../params.ts';
import type { Route } from '../routes.ts';
import type { AnswerContext } from './context.ts';
import { eventsList, schedule } from './events.ts';
import { fightersList } from './fighters.ts';
import { fightsList } from './fights.ts';

export type { AnswerContext } from './context.ts';

const SINGULAR = {
  fights: 'Fight', events: 'Event', fighters: 'Fighter', divisions: 'Division', organizations: 'Organization', titles: 'Title',
} as const;

/** An answer's body without metadata, and whether it depends on today's date. */
export interface Answer {
  body: Body;
  /** The UTC day the answer was computed for, when it read today's date (it holds until that day ends); else null. */
  day: string | null;
}

/** Answers a route for `today`, reporting whether the answer read it. */
export async function answer(route: Route, query: Query, store: Store, today: string): Promise<Answer> {
  let day: string | null = null;
  const body = await answerBody(route, query, {
    store,
    today: () => (day = today),
  });
  return { body, day };
}

async function answerBody(route: Route, query: Query, ctx: AnswerContext): Promise<Body> {
  const { store } = ctx;
  if (route.kind === 'one') {
    const text = await store.read(paths.record(route.resource, route.id));
    if (text === null) throw notFound(`${SINGULAR[route.resource]} "${route.id}"`);
    return oneBody(text);
  }
  if (route.kind === 'schedule') return schedule(route.resource, query, ctx);
  switch (route.resource) {
    case 'divisions':
    case 'organizations':
      return allBody(linesOf(await readRequired(store, paths.all(route.resource), 'every store has this list')));
    case 'titles':
      return titles(query, ctx);
    case 'rankings':
      return rankings(query, ctx);
    case 'fights':
      return fightsList(query, ctx);
    case 'events':
      return eventsList(query, ctx);
    case 'fighters':
      return fightersList(query, ctx);
  }
}

async function titles(q: Query, { store }: AnswerContext): Promise<Body> {
  if (q.organization_id === undefined && q.division_id === undefined)
    return allBody(linesOf(await readRequired(store, paths.all('titles'), 'every store has this list')));
  // A combination that names an unknown organization or division has no file: no titles.
  const text = await store.read(paths.titles(q.organization_id ?? null, q.division_id ?? null));
  return allBody(text === null ? [] : linesOf(text));
}

/** A rankings page; the header says how many records and pages the view has. */
async function rankings(q: Query, { store }: AnswerContext): Promise<Body> {
  const org = q.organization_id ?? null;
  const byDivision = q.division_id !== undefined;
  const page = byDivision ? 1 : q.page_num;
  const file = await readHeaded(store, byDivision ? paths.rankingsOfDivision(q.division_id!, org) : paths.rankingsPage(page, org));
  if (file === null) return listBody([], paginationOf(page, 0, 0, 0));
  const { header, lines } = file;
  const pagination = { page, items: lines.length, total_pages: header.pages ?? 0, total_items: header.total };
  return listBody(lines, pagination);
}
