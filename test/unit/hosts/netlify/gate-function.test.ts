// The key gate as a step of a chain: it stops a bad key before the rest of the chain.
import { describe, expect, it } from 'vitest';
import { gateFunction } from '../../../../src/hosts/netlify/gate-function.ts';

const env = (keys: string, secret?: string) => ({
  get: (name: string) => (name === 'API_KEYS' ? keys : name === 'RAPIDAPI_PROXY_SECRET' ? secret : undefined),
});
const silent = { log: () => {} };
const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://api.test${path}`, { headers });

describe('the key gate as a step', () => {
  it('stops a missing or unknown key and other methods itself, and hands a good key on', async () => {
    const gate = gateFunction(env('good'), silent);
    let passed = 0;
    const next = async () => {
      passed++;
      return new Response('answered');
    };
    expect((await gate(request('/v2/fights/'), next)).status).toBe(401);
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'bad' }), next)).status).toBe(403);
    expect(
      (
        await gate(
          new Request('http://api.test/v2/fights/', { method: 'DELETE', headers: { 'x-gateway-key': 'good' } }),
          next,
        )
      ).status,
    ).toBe(405);
    expect(passed).toBe(0);
    expect(await (await gate(request('/v2/fights/', { 'x-gateway-key': 'good' }), next)).text()).toBe('answered');
    expect(passed).toBe(1);
  });

  it('reads API_KEYS on every request, so a changed setting holds at once', async () => {
    let keys = 'one';
    const gate = gateFunction({ get: (name) => (name === 'API_KEYS' ? keys : undefined) }, silent);
    const next = async () => new Response('answered');
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'two' }), next)).status).toBe(403);
    keys = 'one,two';
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'two' }), next)).status).toBe(200);
  });

  it("logs one line a request: the key's name (never the key), the path, the final status and what is left", async () => {
    const lines: string[] = [];
    const NOW = Date.parse('2026-12-07T10:00:00.000Z') * 1000;
    const gate = gateFunction(env('alice:alice-secret-key,plain-secret-key', 'proxy-secret'), {
      log: (line) => lines.push(line),
      limitLeft: () => 7,
      now: () => NOW,
    });
    const answered = async () => new Response('not found', { status: 404 });
    await gate(request('/v2/fights/fight-x?page_size=2', { 'x-gateway-key': 'alice-secret-key' }), answered);
    await gate(request('/v2/fights/', { 'x-gateway-key': 'plain-secret-key' }), answered);
    await gate(request('/v2/fights/', { 'x-gateway-key': 'wrong' }), answered);
    await gate(
      request('/v2/fights/', {
        'x-rapidapi-proxy-secret': 'proxy-secret',
        'x-rapidapi-user': 'jane',
        'x-rapidapi-subscription': 'ULTRA',
      }),
      answered,
    );
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        type: 'api.request',
        time: '2026-12-07T10:00:00.000Z',
        name: 'alice',
        plan: null,
        path: '/v2/fights/fight-x',
        status: 404,
        left: 7,
      },
      {
        type: 'api.request',
        time: '2026-12-07T10:00:00.000Z',
        name: 'key 2',
        plan: null,
        path: '/v2/fights/',
        status: 404,
        left: 7,
      },
      {
        type: 'api.request',
        time: '2026-12-07T10:00:00.000Z',
        name: null,
        plan: null,
        path: '/v2/fights/',
        status: 403,
        left: 7,
      },
      {
        type: 'api.request',
        time: '2026-12-07T10:00:00.000Z',
        name: 'rapidapi:jane',
        plan: 'ULTRA',
        path: '/v2/fights/',
        status: 404,
        left: 7,
      },
    ]);
    for (const line of lines) expect(line).not.toMatch(/secret-key|proxy-secret/);
  });

  it('answers 500, never cached, while API_KEYS is malformed, and logs the problem once', async () => {
    const errors: unknown[] = [];
    const error = console.error;
    console.error = (line: unknown) => errors.push(line);
    try {
      const gate = gateFunction(env('alice:k1:2027-13-01'), silent);
      const next = async () => new Response('answered');
      for (let i = 0; i < 2; i++) {
        const response = await gate(request('/v2/fights/', { 'x-gateway-key': 'k1' }), next);
        expect(response.status).toBe(500);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    } finally {
      console.error = error;
    }
    expect(errors).toEqual([
      'API_KEYS entry 1 ("alice:…:2027-13-01"): "2027-13-01" is not a calendar day YYYY-MM-DD: every request is answered 500 until API_KEYS is mended',
    ]);
  });
});
