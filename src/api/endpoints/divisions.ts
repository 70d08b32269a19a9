// Divisions: the complete list, heaviest first, and one division.
import { z } from 'zod';
import { ONE_READ } from '../budget/budget.ts';
import { Division } from '../../records/schemas.ts';
import { lists } from '../../store/layout.ts';
import { endpoint, getOne, readAllBody } from './endpoint.ts';

export const listDivisions = endpoint({
  name: 'list_divisions',
  path: '/divisions/',
  kind: 'list',
  params: z.object({}),
  record: Division,
  summary: 'List divisions',
  description: 'The complete list of supported weight classes in one page, heaviest first. Takes no parameters.',
  reads: [lists.all('divisions')],
  budget: ONE_READ,
  example: () => ({}),
  answer: (_, { store }) => readAllBody(store, 'divisions'),
});

export const getDivision = getOne('divisions', Division, (p) => p.fight?.fight.division.id ?? p.title?.division.id);

export const divisions = {
  resource: 'divisions',
  about:
    'Weight classes, with a maximum weight in pounds and kilograms. Division ids filter fights, fighters, titles and rankings.',
  endpoints: [listDivisions, getDivision],
} as const;
