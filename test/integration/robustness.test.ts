// No request of any shape gets a 5xx or a stack trace: every answer is the JSON envelope.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/registry.ts';
import { BASE_PATH } from '../../src/api/routes.ts';
import { ErrorEnvelope } from '../../src/api/schemas.ts';
import { directClient } from '../helpers/handler.ts';

const call = directClient(Date.parse('2026-11-21T12:00:00Z'));

const segment = fc.oneof(
  fc.constantFrom(
    'v2',
    'fights',
    'events',
    'fighters',
    'divisions',
    'organizations',
    'titles',
    'rankings',
    'schedule',
    'store',
    '',
    '..',
    '%2e%2e',
    'fight-000001',
    'heavyweight',
    'V2',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const param = fc.tuple(
  fc.constantFrom(
    'page_num',
    'page_size',
    'date',
    'data_from',
    'date_from',
    'date_to',
    'date_sort',
    'division_id',
    'event_id',
    'fighter_id',
    'cursor',
    'days',
    'status',
    'name',
    'title_id',
    'organization_id',
    'x',
  ),
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer({ min: -5, max: 100_000 }).map(String),
    fc.constantFrom('2024-02-30', '2024-02-29', 'ASC', 'desc', 'LIVE', ''),
  ),
);

describe('robustness', () => {
  it('random paths, parameters and methods never give a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 4 }),
        fc.array(param, { maxLength: 5 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'GET', 'GET'),
        fc.boolean(),
        async (segments, params, method, slash) => {
          const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const path = `/${segments.join('/')}${slash ? '/' : ''}${query ? `?${query}` : ''}`;
          const { status, body, text } = await call(path, { method });
          expect(status, path).toBeLessThan(500);
          expect(text).not.toMatch(/at .*\.ts:\d+/);
          if (status >= 400 && method !== 'HEAD') ErrorEnvelope.parse(body);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('parameters with every endpoint prefix never give a 5xx', async () => {
    // Every endpoint of the registry whose path has no id in it.
    const endpoints = ENDPOINTS.filter((e) => e.pathNames.size === 0).map((e) => BASE_PATH + e.path);
    expect(endpoints).toEqual(
      expect.arrayContaining(['/v2/fights/', '/v2/organizations/', '/v2/exports/', '/v2/health']),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.array(param, { maxLength: 4 }), async (endpoint, params) => {
        const query = new URLSearchParams(params).toString();
        const { status } = await call(`${endpoint}?${query}`);
        expect([200, 400], `${endpoint}?${query}`).toContain(status);
      }),
      { numRuns: 400 },
    );
  });
});
