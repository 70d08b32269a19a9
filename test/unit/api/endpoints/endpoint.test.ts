// An endpoint's kind (one record, a list, a schedule, a file) is what its definition declares,
// never what its path happens to end with: a new path without a trailing slash is no schedule.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ONE_READ } from '../../../../src/api/budget/budget.ts';
import { allBody } from '../../../../src/api/envelope.ts';
import { endpoint } from '../../../../src/api/endpoints/endpoint.ts';
import { ENDPOINTS } from '../../../../src/api/registry.ts';

const definition = {
  name: 'status',
  path: '/health/status',
  params: z.object({}),
  record: z.object({}),
  summary: 'Status',
  description: 'A test endpoint.',
  reads: [],
  budget: ONE_READ,
  example: () => ({}),
  answer: async () => allBody([]),
} as const;

describe('endpoint', () => {
  it('takes the kind its definition declares, whatever its path ends with', () => {
    expect(endpoint({ ...definition, kind: 'one' }).kind).toBe('one');
    expect(endpoint({ ...definition, path: '/health/', kind: 'one' }).kind).toBe('one');
    expect(endpoint({ ...definition, kind: 'list' }).kind).toBe('list');
  });

  it('refuses a definition that declares no kind', () => {
    // @ts-expect-error: the type requires the kind
    expect(() => endpoint(definition)).toThrow(/status declares no kind/);
  });

  it("gives every endpoint of the registry the kind of answer the specification's path gives", () => {
    expect(Object.fromEntries(ENDPOINTS.map((e) => [e.name, e.kind]))).toEqual({
      list_fights: 'list',
      get_fight: 'one',
      fights_schedule: 'schedule',
      list_events: 'list',
      get_event: 'one',
      events_schedule: 'schedule',
      list_fighters: 'list',
      get_fighter: 'one',
      list_divisions: 'list',
      get_division: 'one',
      list_organizations: 'list',
      get_organization: 'one',
      list_titles: 'list',
      get_title: 'one',
      rankings: 'list',
      list_exports: 'list',
      get_export_part: 'file',
      list_changes: 'list',
      health: 'one',
    });
  });
});
