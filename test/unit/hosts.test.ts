// The functions every host runs (src/hosts/) and the chain the local hosts run them in: a step
// answers itself or hands the request on, the key gate as such a step stops a bad key before the
// rest of the chain, and the answering function reads built files from whatever origin it is given.
import { describe, expect, it, vi } from 'vitest';
import { chain, type Step } from '../../src/hosts/chain.ts';
import { apiFunction } from '../../src/hosts/netlify/functions.ts';
import { gateFunction } from '../../src/hosts/netlify/gate-function.ts';

const env = (keys: string) => ({ get: (name: string) => (name === 'API_KEYS' ? keys : undefined) });
const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://api.test${path}`, { headers });

describe('chain', () => {
  it('runs the steps in order, then the last, each step seeing what the rest answered', async () => {
    const seen: string[] = [];
    const step = (name: string): Step => async (_request, next) => {
      seen.push(`${name} in`);
      const response = await next();
      seen.push(`${name} out`);
      return new Response(`${name}(${await response.text()})`, response);
    };
    const handler = chain([step('a'), step('b')], async () => {
      seen.push('last');
      return new Response('x');
    });
    expect(await (await handler(request('/'))).text()).toBe('a(b(x))');
    expect(seen).toEqual(['a in', 'b in', 'last', 'b out', 'a out']);
  });

  it('lets a step answer without the rest running', async () => {
    let ran = false;
    const handler = chain([async () => new Response('stopped', { status: 418 })], async () => {
      ran = true;
      return new Response('x');
    });
    expect((await handler(request('/'))).status).toBe(418);
    expect(ran).toBe(false);
  });

  it('is the last alone with no steps', async () => {
    expect(await (await chain([], async () => new Response('x'))(request('/'))).text()).toBe('x');
  });
});

describe('the key gate as a step', () => {
  it('stops a missing or unknown key and other methods itself, and hands a good key on', async () => {
    const gate = gateFunction(env('good'));
    let passed = 0;
    const next = async () => {
      passed++;
      return new Response('answered');
    };
    expect((await gate(request('/v2/fights/'), next)).status).toBe(401);
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'bad' }), next)).status).toBe(403);
    expect((await gate(new Request('http://api.test/v2/fights/', { method: 'DELETE', headers: { 'x-gateway-key': 'good' } }), next)).status).toBe(405);
    expect(passed).toBe(0);
    expect(await (await gate(request('/v2/fights/', { 'x-gateway-key': 'good' }), next)).text()).toBe('answered');
    expect(passed).toBe(1);
  });

  it('reads API_KEYS on every request, so a changed setting holds at once', async () => {
    let keys = 'one';
    const gate = gateFunction({ get: () => keys });
    const next = async () => new Response('answered');
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'two' }), next)).status).toBe(403);
    keys = 'one,two';
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'two' }), next)).status).toBe(200);
  });
});

describe('the answering function', () => {
  it('passes the public files on to the origin as they are, and reads built files from it by their own URLs', async () => {
    const asked: string[] = [];
    const origin = {
      next: async (r: Request) => {
        asked.push(r.url);
        return r.url.endsWith('/v2/openapi.json') ? new Response('{"openapi":"3.1.1"}') : new Response('Not Found', { status: 404 });
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
    expect(asked.slice(1).every((url) => url.startsWith('http://api.test/store/')), asked.join(' ')).toBe(true);
  });

  it('answers the health itself, without a key, from the one built file it reads (not passed on as a file)', async () => {
    const asked: string[] = [];
    const health = JSON.stringify({ status: 'ok', as_of: '2026-11-21', records: { fights: 1, events: 1, fighters: 2, divisions: 2, organizations: 1, titles: 2, rankings: 2 } });
    const origin = {
      next: async (r: Request) => {
        asked.push(new URL(r.url).pathname);
        return new URL(r.url).pathname === '/store/health.json' ? new Response(health) : new Response('Not Found', { status: 404 });
      },
    };
    const response = await apiFunction(env('good'))(request('/v2/health'), origin);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual(JSON.parse(health));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(asked).toEqual(['/store/health.json']);
  });
});
