// The key gate as a step of a chain: it stops a bad key before the rest of the chain.
import { describe, expect, it } from 'vitest';
import { gateFunction } from '../../../../src/hosts/netlify/gate-function.ts';

const env = (keys: string) => ({ get: (name: string) => (name === 'API_KEYS' ? keys : undefined) });
const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://api.test${path}`, { headers });

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
    const gate = gateFunction({ get: () => keys });
    const next = async () => new Response('answered');
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'two' }), next)).status).toBe(403);
    keys = 'one,two';
    expect((await gate(request('/v2/fights/', { 'x-gateway-key': 'two' }), next)).status).toBe(200);
  });
});
