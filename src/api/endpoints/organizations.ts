// Organizations: the complete list, by id, and one organization.
import { z } from 'zod';
import { ONE_READ } from '../budget/budget.ts';
import { Organization } from '../../records/schemas.ts';
import { lists } from '../../store/layout.ts';
import { endpoint, getOne, readAllBody } from './endpoint.ts';

export const listOrganizations = endpoint({
  name: 'list_organizations',
  path: '/organizations/',
  kind: 'list',
  params: z.object({}),
  record: Organization,
  summary: 'List organizations',
  description: 'Every organization in one page, by id. Takes no parameters.',
  reads: [lists.all('organizations')],
  budget: ONE_READ,
  example: () => ({}),
  answer: (_, { store }) => readAllBody(store, 'organizations'),
});

export const getOrganization = getOne('organizations', Organization, (p) => p.title?.organization.id);

export const organizations = {
  resource: 'organizations',
  about: 'Sanctioning bodies that award titles.',
  endpoints: [listOrganizations, getOrganization],
} as const;
