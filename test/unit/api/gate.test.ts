// The key gate on its own, with the real key check and the real list of public paths: what it
// stops, what it lets on.
import { describe, expect, it } from 'vitest';
import { createGate } from '../../../src/api/gate.ts';
import { keyChecker } from '../../../src/api/keys.ts';
import { OPENAPI_PATH } from '../../../src/api/public.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z') * 1000;
const gate = createGate({ keys: ['good', 'other-good'], now: () => NOW });
const request = (path: string, init: RequestInit = {}) => new Request(`http://api.test${path}`, init);

async function stoppedWith(headers: Record<string, string>) {
  const stopped = gate(request('/v2/fights/', { headers }));
  if (stopped === null) return null;
  expect(stopped.headers.get('cache-control')).toBe('no-store');
  expect(stopped.headers.get('netlify-cdn-cache-control')).toBeNull();
  return { status: stopped.status, name: (await stopped.json()).error.name };
}

describe('the gate', () => {
  it('lets a valid key on in either header, or the same key in both', async () => {
    const accepted: Array<Record<string, string>> = [
      { 'x-gateway-key': 'good' },
      { 'x-rapidapi-key': 'other-good' },
      { 'x-gateway-key': 'good', 'x-rapidapi-key': 'good' },
      { 'x-gateway-key': '', 'x-rapidapi-key': 'good' },
    ];
    for (const headers of accepted) expect(await stoppedWith(headers), JSON.stringify(headers)).toBeNull();
    expect(gate(request('/store/anything', { headers: { 'x-gateway-key': 'good' } }))).toBeNull();
  });

  it('stops a missing (401), unknown (403) or conflicting (400) key itself, never cached', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 401, 'MissingApiKey'],
      [{ 'x-gateway-key': '' }, 401, 'MissingApiKey'],
      [{ 'x-gateway-key': 'bad' }, 403, 'InvalidApiKey'],
      [{ 'x-rapidapi-key': 'bad' }, 403, 'InvalidApiKey'],
      // Near misses: a prefix, an extension, another case, spaces around it.
      [{ 'x-gateway-key': 'goo' }, 403, 'InvalidApiKey'],
      [{ 'x-gateway-key': 'good!' }, 403, 'InvalidApiKey'],
      [{ 'x-gateway-key': 'GOOD' }, 403, 'InvalidApiKey'],
      [{ 'x-gateway-key': 'good'.repeat(100) }, 403, 'InvalidApiKey'],
      [{ 'x-gateway-key': 'good', 'x-rapidapi-key': 'other-good' }, 400, 'ConflictingApiKeys'],
      [{ 'x-gateway-key': 'good', 'x-rapidapi-key': 'bad' }, 400, 'ConflictingApiKeys'],
    ];
    for (const [headers, status, name] of cases)
      expect(await stoppedWith(headers), JSON.stringify(headers)).toEqual({ status, name });
  });

  it('refuses every key when none is configured', async () => {
    const closed = createGate({ keys: [], now: () => NOW });
    expect(closed(request('/v2/fights/', { headers: { 'x-gateway-key': '' } }))!.status).toBe(401);
    expect(closed(request('/v2/fights/', { headers: { 'x-gateway-key': 'anything' } }))!.status).toBe(403);
  });

  it('answers methods itself: OPTIONS with the preflight, others but GET and HEAD with 405', () => {
    expect(gate(request('/v2/fights/', { method: 'OPTIONS' }))!.status).toBe(204);
    expect(gate(request('/v2/fights/', { method: 'POST', headers: { 'x-gateway-key': 'good' } }))!.status).toBe(405);
    expect(gate(request('/v2/fights/', { method: 'HEAD', headers: { 'x-gateway-key': 'good' } }))).toBeNull();
  });

  it('lets the public paths on without a key, and only those', () => {
    expect(gate(request(OPENAPI_PATH))).toBeNull();
    expect(gate(request('/docs'))).toBeNull();
    expect(gate(request(`${OPENAPI_PATH}/x`))!.status).toBe(401);
    expect(gate(request('/docs/'))!.status).toBe(401);
    expect(gate(request(OPENAPI_PATH, { method: 'DELETE' }))!.status).toBe(405);
    // The health, for monitors, with or without its trailing slash; nothing below it.
    expect(gate(request('/v2/health'))).toBeNull();
    expect(gate(request('/v2/health/'))).toBeNull();
    expect(gate(request('/v2/health/x'))!.status).toBe(401);
    expect(gate(request('/v2/exports/'))!.status).toBe(401);
    expect(gate(request('/v2/health', { method: 'POST' }))!.status).toBe(405);
  });
});

describe('the key check', () => {
  it('matches exactly one of the configured keys, of any length', () => {
    const long = 'k'.repeat(300);
    const check = keyChecker(['short', long]);
    expect([check('short'), check(long)]).toEqual([true, true]);
    for (const candidate of ['', 'shor', 'shorter', `${long}k`, long.slice(1), 'Short'])
      expect(check(candidate), candidate.length > 20 ? `${candidate.length} characters` : candidate).toBe(false);
  });
});
