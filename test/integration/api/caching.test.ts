// What the CDN and browsers may keep: answers that change only with a deploy for a year, answers
// that depend on today's date until the UTC day ends, errors and 304s never.
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../../src/api/handler.ts';
import { directClient, distStore } from '../../helpers/handler.ts';

const CDN = 'netlify-cdn-cache-control';
const at = (iso: string) => directClient(Date.parse(iso));

describe('successful answers', () => {
  const call = at('2026-11-21T23:00:00Z');

  it('that change only with a deploy: the CDN keeps them a year, browsers a minute, per key', async () => {
    const paths = [
      '/v2/fights/',
      '/v2/fights/?division_id=welterweight&page_size=7',
      '/v2/fights/?page_num=3',
      '/v2/events/',
      '/v2/events/?date_from=2026-11-01&date_sort=ASC',
      '/v2/fighters/?name=ali',
      '/v2/divisions/',
      '/v2/divisions/heavyweight',
      '/v2/organizations/',
      '/v2/titles/?organization_id=wbc',
      '/v2/rankings/?page_num=2',
    ];
    for (const path of paths) {
      const { status, headers } = await call(path);
      expect(status, path).toBe(200);
      expect(headers.get(CDN), path).toBe('public, max-age=31536000');
      expect(headers.get('cache-control'), path).toBe('private, max-age=60, must-revalidate');
      expect(headers.get('vary'), path).toBe('x-gateway-key, x-rapidapi-key');
      expect(headers.get('netlify-vary'), path).toBe('query,header=x-gateway-key|x-rapidapi-key|host');
    }
  });

  it('a cursor page is kept like any other', async () => {
    const first = await call('/v2/fights/?page_size=5');
    const next = await call(
      new URL(first.body.pagination.next_page).pathname + new URL(first.body.pagination.next_page).search,
    );
    expect([next.status, next.headers.get(CDN)]).toEqual([200, 'public, max-age=31536000']);
  });

  it('that depend on today (schedules, the events status filter): until the UTC day ends', async () => {
    for (const path of [
      '/v2/fights/schedule',
      '/v2/events/schedule?days=0',
      '/v2/events/?status=LIVE',
      '/v2/events/?status=finished&date_from=2020-01-01',
    ]) {
      const { status, headers } = await call(path);
      expect(status, path).toBe(200);
      expect(headers.get(CDN), path).toBe('public, max-age=3600');
      expect(headers.get('cache-control'), path).toBe('private, max-age=60, must-revalidate');
    }
    // A browser's copy ends with the day too.
    const late = await at('2026-11-21T23:59:30Z')('/v2/events/schedule');
    expect([late.headers.get(CDN), late.headers.get('cache-control')]).toEqual([
      'public, max-age=30',
      'private, max-age=30, must-revalidate',
    ]);
  });

  it('made for a day that has ended by the time it is sent: not kept by the CDN at all', async () => {
    const instants = [Date.parse('2026-11-21T23:59:59.999Z'), Date.parse('2026-11-22T00:00:00.001Z')];
    let call = 0;
    const handle = createHandler({ keys: ['k'], now: () => instants[Math.min(call++, 1)] * 1000 });
    const response = await handle(
      new Request('http://api.test/v2/fights/schedule', { headers: { 'x-gateway-key': 'k' } }),
      distStore(),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get(CDN)).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
  });
});

describe('never kept by the CDN', () => {
  const call = at('2026-11-21T12:00:00Z');

  it('errors, whoever answers them: no-store and no CDN header', async () => {
    const cases = [
      ['/v2/fights/?page_size=0', {}, 400],
      ['/v2/fights/fight-none', {}, 404],
      ['/v2/nope/', {}, 404],
      ['/v2/fights/', { headers: { 'x-gateway-key': '' } }, 401],
      ['/v2/fights/', { headers: { 'x-gateway-key': 'bad' } }, 403],
      ['/v2/fights/', { method: 'DELETE' }, 405],
    ] as const;
    for (const [path, init, expected] of cases) {
      const { status, headers } = await call(path, init);
      expect(status, path).toBe(expected);
      expect(headers.get('cache-control'), path).toBe('no-store');
      expect(headers.get(CDN), path).toBeNull();
    }
  });

  it('a 304: the CDN must not take it for the answer; the browser headers stay', async () => {
    const first = await call('/v2/divisions/');
    const again = await call('/v2/divisions/', { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get(CDN)).toBeNull();
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(again.headers.get('netlify-vary')).toBe(first.headers.get('netlify-vary'));
  });
});
