// The key gate on its own: what it stops, what it lets on, and that it reads the key and the
// public paths only through their own modules (which other changes extend).
import { describe, expect, it, vi } from 'vitest';
import { createGate } from '../src/api/gate.ts';

vi.mock('../src/api/public.ts', () => ({ isPublicPath: (path: string) => path === '/public-for-test' }));
// Another header the key may come in, known only to presentedKey: the gate must find it there.
vi.mock('../src/api/keys.ts', async (original) => {
  const keys = await original<typeof import('../src/api/keys.ts')>();
  return { ...keys, presentedKey: (headers: Headers) => headers.get('x-test-key') ?? keys.presentedKey(headers) };
});

const NOW = Date.parse('2026-11-21T12:00:00Z') * 1000;
const gate = createGate({ keys: ['good'], now: () => NOW });
const request = (path: string, init: RequestInit = {}) => new Request(`http://api.test${path}`, init);

describe('the gate', () => {
  it('lets a valid key on, and stops a missing (401) or unknown (403) one itself', async () => {
    expect(gate(request('/v2/fights/', { headers: { 'x-gateway-key': 'good' } }))).toBeNull();
    expect(gate(request('/store/anything', { headers: { 'x-gateway-key': 'good' } }))).toBeNull();
    for (const [headers, status, name] of [[{}, 401, 'MissingApiKey'], [{ 'x-gateway-key': 'bad' }, 403, 'InvalidApiKey']] as const) {
      const stopped = gate(request('/v2/fights/', { headers }))!;
      expect(stopped.status).toBe(status);
      expect((await stopped.json()).error.name).toBe(name);
      expect(stopped.headers.get('cache-control')).toBe('no-store');
      expect(stopped.headers.get('netlify-cdn-cache-control')).toBeNull();
    }
  });

  it('answers methods itself: OPTIONS with the preflight, others but GET and HEAD with 405', () => {
    expect(gate(request('/v2/fights/', { method: 'OPTIONS' }))!.status).toBe(204);
    expect(gate(request('/v2/fights/', { method: 'POST', headers: { 'x-gateway-key': 'good' } }))!.status).toBe(405);
    expect(gate(request('/v2/fights/', { method: 'HEAD', headers: { 'x-gateway-key': 'good' } }))).toBeNull();
  });

  it('reads the key through presentedKey, whatever header that takes it from', () => {
    expect(gate(request('/v2/fights/', { headers: { 'x-test-key': 'good' } }))).toBeNull();
    expect(gate(request('/v2/fights/', { headers: { 'x-test-key': 'bad' } }))!.status).toBe(403);
  });

  it('lets public paths on without a key, and only those', () => {
    expect(gate(request('/public-for-test'))).toBeNull();
    expect(gate(request('/public-for-test/x'))!.status).toBe(401);
    expect(gate(request('/public-for-test', { method: 'DELETE' }))!.status).toBe(405);
  });
});
