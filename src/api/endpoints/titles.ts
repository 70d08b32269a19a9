// Titles: the complete list, or an organization's, a division's or both (each a file of its
// own), and one title.
import { z } from 'zod';
import { ONE_READ } from '../budget/budget.ts';
import { Title } from '../../records/schemas.ts';
import { linesOf } from '../../store/lists/format.ts';
import { lists, paths } from '../../store/layout.ts';
import { allBody } from '../envelope.ts';
import { endpoint, getOne, readAllBody } from './endpoint.ts';
import { filter } from '../params/fields.ts';

export const listTitles = endpoint({
  name: 'list_titles',
  path: '/titles/',
  kind: 'list',
  params: z.object({
    organization_id: filter('Organization that sanctions the title.'),
    division_id: filter('Division the title belongs to.'),
  }),
  record: Title,
  summary: 'List titles',
  description: 'Every title in one page: by organization, division (heaviest first), then full, regular, interim.',
  reads: [lists.all('titles'), lists.titlesBy],
  budget: ONE_READ,
  example: ({ title }) => title && { organization_id: title.organization.id, division_id: title.division.id },
  answer: async ({ organization_id, division_id }, { store }) => {
    if (organization_id === undefined && division_id === undefined) return readAllBody(store, 'titles');
    // A combination that names an unknown organization or division has no file: no titles.
    const text = await store.read(paths.titles(organization_id ?? null, division_id ?? null));
    return allBody(text === null ? [] : linesOf(text));
  },
});

export const getTitle = getOne('titles', Title, (p) => p.title?.id);

export const titles = {
  resource: 'titles',
  about: 'Championship belts. Each belongs to one organization and one division.',
  endpoints: [listTitles, getTitle],
} as const;
