// npm run usage's summary of a known log: by name, UTC day and endpoint, other lines skipped.
import { describe, expect, it } from 'vitest';
import { endpointOf, summarizeUsage, usageTable } from '../../../src/cli/usage.ts';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ type: 'api.request', plan: null, left: null, ...fields });

const LOG = [
  'Building the site...',
  // As Netlify's log view shows a line: a time, the request id, the level, then the line.
  `Dec 7, 11:15:01 PM: 01JF3Q INFO   ${line({ time: '2026-12-07T23:15:01.000Z', name: 'alice', path: '/v2/fights/', status: 200 })}`,
  line({ time: '2026-12-07T23:59:59.999Z', name: 'alice', path: '/v2/fights/fight-000001', status: 200 }),
  line({ time: '2026-12-07T23:59:59.999Z', name: 'alice', path: '/v2/fights/fight-999999', status: 404 }),
  line({ time: '2026-12-08T00:00:00.000Z', name: 'alice', path: '/v2/fights/', status: 304 }),
  line({ time: '2026-12-08T01:00:00.000Z', name: 'rapidapi:jane', plan: 'PRO', path: '/v2/fights/', status: 200 }),
  line({ time: '2026-12-08T01:00:01.000Z', name: null, path: '/v2/fights/', status: 401 }),
  line({ time: '2026-12-08T01:00:02.000Z', name: 'key 2', path: '/v2/events/', status: 503 }),
  line({ time: '2026-12-08T01:00:03.000Z', name: null, path: '/v2/health', status: 200 }),
  // Not ours, or not whole: skipped.
  '{"type":"other","time":"2026-12-08T01:00:00.000Z"}',
  '{"type":"api.request","time":"yesterday","name":"x","plan":null,"path":"/","status":200,"left":null}',
  '{"type":"api.request", "cut short',
  '',
];

describe('the usage summary', () => {
  it('sums a log by name, UTC day and endpoint, and counts the lines it skipped', async () => {
    const summary = await summarizeUsage(LOG);
    expect(summary.lines).toBe(8);
    expect(summary.skipped).toBe(4);
    const rows = summary.rows.map((r) => [r.name, r.day, r.endpoint, r.requests, r.answered, r.refused, r.failed]);
    expect(rows).toEqual([
      ['(no key)', '2026-12-08', '/v2/fights/', 1, 0, 1, 0],
      ['(no key)', '2026-12-08', '/v2/health', 1, 1, 0, 0],
      ['alice', '2026-12-07', '/v2/fights/', 1, 1, 0, 0],
      ['alice', '2026-12-07', '/v2/fights/{fight_id}', 2, 1, 1, 0],
      ['alice', '2026-12-08', '/v2/fights/', 1, 1, 0, 0],
      ['key 2', '2026-12-08', '/v2/events/', 1, 0, 0, 1],
      ['rapidapi:jane', '2026-12-08', '/v2/fights/', 1, 1, 0, 0],
    ]);
    const table = usageTable(summary).split('\n');
    expect(table[0]).toMatch(/^name +day +endpoint +requests +answered +refused +failed$/);
    expect(table[4]).toMatch(/^alice +2026-12-07 +\/v2\/fights\/\{fight_id\} +2 +1 +1 +0$/);
    expect(table.at(-2)).toBe('8 requests logged; 4 other lines skipped.');
  });

  it('names the endpoints as the API describes them', () => {
    expect(endpointOf('/v2/divisions/heavyweight')).toBe('/v2/divisions/{division_id}');
    expect(endpointOf('/mcp')).toBe('/mcp');
    expect(endpointOf('/v2/openapi.json')).toBe('/v2/openapi.json');
    expect(endpointOf('/wp-login.php')).toBe('(no endpoint)');
  });

  it('says so when a log holds no usage line', async () => {
    expect(usageTable(await summarizeUsage(['hello']))).toBe('0 requests logged; 1 other line skipped.\n');
  });
});
