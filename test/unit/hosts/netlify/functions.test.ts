// The answering function every host runs: it reads built files from whatever origin it is given.
import { describe, expect, it, vi } from 'vitest';
import { apiFunction } from '../../../../src/hosts/netlify/functions.ts';

const env = (keys: string) => ({ get: (name: string) => (name === 'API_KEYS' ? keys : undefined) });
const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://api.test${path}`, { headers });

describe('the answering function', () => {
  it('passes the public files on to the origin as they are, and reads built files from it by their own URLs', async () => {
    const asked: string[] = [];
    const origin = {
      next: async (r: Request) => {
        asked.push(r.url);
        return r.url.endsWith('/v2/openapi.json')
          ? new Response('{"openapi":"3.1.1"}')
          : new Response('Not Found', { status: 404 });
      },
    };
    const api = apiFunction(env('good'));
    expect(await (await api(request('/v2/openapi.json'), origin)).text()).toBe('{"openapi":"3.1.1"}');
    // An origin with no store at all: the records' index it reads is missing, our own error.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await api(request('/v2/fights/fight-1', { 'x-gateway-key': 'good' }), origin)).status).toBe(500);
    vi.restoreAllMocks();
    expect(asked[0]).toBe('http://api.test/v2/openapi.json');
    expect(asked.length).toBeGreaterThan(1);
    expect(
      asked.slice(1).every((url) => url.startsWith('http://api.test/store/')),
      asked.join(' '),
    ).toBe(true);
  });

  it('answers the health itself, without a key, from the one built file it reads (not passed on as a file)', async () => {
    const asked: string[] = [];
    const health = JSON.stringify({
      status: 'ok',
      as_of: '2026-11-21',
      records: { fights: 1, events: 1, fighters: 2, divisions: 2, organizations: 1, titles: 2, rankings: 2 },
    });
    const origin = {
      next: async (r: Request) => {
        asked.push(new URL(r.url).pathname);
        return new URL(r.url).pathname === '/store/health.json'
          ? new Response(health)
          : new Response('Not Found', { status: 404 });
      },
    };
    const response = await apiFunction(env('good'))(request('/v2/health'), origin);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual(JSON.parse(health));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(asked).toEqual(['/store/health.json']);
  });
});
