// Rankings: one page per division (heaviest first), every organization's record on it, or one
// organization's; or one division's records directly. Each view is a built file with a header
// that says how many records and pages it has.
import { z } from 'zod';
import { ONE_READ } from '../budget/budget.ts';
import { Ranking } from '../../records/schemas.ts';
import { lists, paths } from '../../store/layout.ts';
import { readHeaded } from '../../store/lists/read.ts';
import { listBody, paginationOf } from '../envelope.ts';
import { RANKINGS_PAGES } from '../limits.ts';
import { endpoint } from './endpoint.ts';
import { filter } from '../params/fields.ts';
import { kinds } from '../params/kinds.ts';
import { defaulted, refused } from '../params/rules.ts';

export const listRankings = endpoint({
  name: 'rankings',
  path: '/rankings/',
  kind: 'list',
  params: z.object({
    page_num: defaulted(kinds.wholeNumber(1, RANKINGS_PAGES), 1, 'Weight class page to return, heaviest first.', {
      ignoredWith: 'division_id',
    }),
    organization_id: filter('Narrow to one sanctioning organization.'),
    division_id: filter('Return rankings for that division directly, ignoring page_num.'),
    page_size: refused('is not supported on rankings: each page is one weight class'),
  }),
  record: Ranking,
  summary: 'List rankings',
  description:
    `Paginated by weight class: one page holds one division across the four organizations (4 records), ${RANKINGS_PAGES} pages ` +
    `in all, heaviest first (page 1 Heavyweight, page ${RANKINGS_PAGES} Minimumweight). organization_id narrows each page to one ` +
    `record (${RANKINGS_PAGES} pages of 1); division_id returns that division directly as page 1 of 1.`,
  reads: [lists.rankingsPages, lists.rankingsOfDivisions],
  budget: ONE_READ,
  example: ({ title }) =>
    title && { page_num: '1', organization_id: title.organization.id, division_id: title.division.id },
  answer: async ({ page_num, organization_id, division_id }, { store }) => {
    const org = organization_id ?? null;
    const page = division_id !== undefined ? 1 : page_num;
    const file = await readHeaded(
      store,
      division_id !== undefined ? paths.rankingsOfDivision(division_id, org) : paths.rankingsPage(page, org),
    );
    if (file === null) return listBody([], paginationOf(page, 0, 0, 0));
    const { header, lines } = file;
    return listBody(lines, { page, items: lines.length, total_pages: header.pages ?? 0, total_items: header.total });
  },
});

export const rankings = {
  resource: 'rankings',
  about:
    `Official contender standings of the four major sanctioning bodies across ${RANKINGS_PAGES} weight classes, with the current ` +
    'champions and interim or regular belt holders: one record per organization and division.',
  endpoints: [listRankings],
} as const;
