// The preview's per-address rate limit as a step, on a moved clock: the sliding window and
// Retry-After (the preview server's 429 is tested over HTTP in test/integration/hosts/node/).
import { describe, expect, it } from 'vitest';
import { perAddressLimit } from '../../../../src/hosts/node/rate-limit.ts';

const START = Date.parse('2026-12-07T10:00:00.000Z');

describe('the per-address limit as a step', () => {
  let ms = START;
  const limit = perAddressLimit(10, () => ms * 1000);
  const answered = async () => new Response('answered');
  const send = () => limit.step(new Request('http://api.test/v2/fights/'), answered);

  it('lets the limit through in a minute, then answers 429 with the seconds to wait', async () => {
    for (let i = 0; i < 10; i++) {
      const request = new Request('http://api.test/v2/fights/');
      expect((await limit.step(request, answered)).status).toBe(200);
      expect(limit.left(request)).toBe(9 - i);
    }
    ms = START + 15_000;
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // Ten in this minute: the next fits once this minute's ten are the previous window's, weighed by 9/10 and less.
    expect(refused.headers.get('retry-after')).toBe('51');
    const { error } = await refused.json();
    expect(error).toMatchObject({ name: 'TooManyRequests', code: 'TooManyRequests', status: 429 });
    expect(error.message).toBe(
      'Too many requests from this address: the service takes 10 a minute from each. Retry after 51 s.',
    );
  });

  it('slides: the minute before counts by the part of it still within the last 60 seconds', async () => {
    ms = START + 60_000 + 5_000;
    // 10 before, weighing 55/60: 9.17 of them, so none fits yet.
    expect((await send()).status).toBe(429);
    ms = START + 60_000 + 6_001;
    // 54/60 of 10 is 9: one more fits.
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    ms = START + 180_000;
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(200);
  });
});

describe('the per-address limit, by address', () => {
  it('counts each address apart', async () => {
    const from = (address: string) => new Request('http://api.test/v2/fights/', { headers: { 'x-from': address } });
    const limit = perAddressLimit(
      2,
      () => START * 1000,
      (request) => request.headers.get('x-from') ?? undefined,
    );
    const answered = async () => new Response('answered');
    const statuses = [];
    for (const address of ['a', 'a', 'a', 'b', 'b', 'b', 'a'])
      statuses.push((await limit.step(from(address), answered)).status);
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429, 429]);
  });
});
