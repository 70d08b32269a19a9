// The key gate on its own, with the real key check and the real list of public paths: what it
// stops, what it lets on.
import { describe, expect, it } from 'vitest';
import { createGate } from '../../../src/api/gate.ts';
import { keyChecker, parseKeys } from '../../../src/api/keys.ts';
import { OPENAPI_PATH } from '../../../src/api/public.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z') * 1000;
const openGate = createGate({ keys: ['good', 'other-good'], now: () => NOW });
const gate = (r: Request) => openGate(r).stopped;
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
    const closedGate = createGate({ keys: [], now: () => NOW });
    const closed = (r: Request) => closedGate(r).stopped;
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
    expect([check('short')?.key, check(long)?.key]).toEqual(['short', long]);
    for (const candidate of ['', 'shor', 'shorter', `${long}k`, long.slice(1), 'Short'])
      expect(check(candidate), candidate.length > 20 ? `${candidate.length} characters` : candidate).toBeUndefined();
  });

  it('names the entry that matched, a plain key by its place', () => {
    const check = keyChecker(parseKeys('first, alice:second:2027-06-30, third'));
    expect(check('first')?.name).toBe('key 1');
    expect(check('second')).toMatchObject({ name: 'alice', lastDay: '2027-06-30' });
    expect(check('third')?.name).toBe('key 3');
    expect(check('alice:second')).toBeUndefined();
  });
});

describe('named keys that end', () => {
  const at = (iso: string) => Date.parse(iso) * 1000;
  const gateAt = (iso: string) =>
    createGate({ keys: parseKeys('trial:t-key:2027-06-30,forever:f-key'), now: () => at(iso) });
  const get = (key: string) => request('/v2/fights/', { headers: { 'x-gateway-key': key } });

  it('takes a key through the last moment of its last day, in UTC, and names its caller', () => {
    const verdict = gateAt('2027-06-30T23:59:59.999Z')(get('t-key'));
    expect(verdict).toEqual({ stopped: null, caller: { name: 'trial', plan: null } });
    expect(gateAt('2099-01-01T00:00:00Z')(get('f-key')).caller?.name).toBe('forever');
  });

  it('answers 403 ApiKeyExpired, saying so, from the next day on, never cached', async () => {
    for (const when of ['2027-07-01T00:00:00Z', '2030-01-01T12:00:00Z']) {
      const { stopped, caller } = gateAt(when)(get('t-key'));
      expect(stopped!.status).toBe(403);
      expect(stopped!.headers.get('cache-control')).toBe('no-store');
      const { error } = await stopped!.json();
      expect(error.name).toBe('ApiKeyExpired');
      expect(error.message).toBe('The API key expired: it was accepted through 2027-06-30 (UTC).');
      // The log still says whose key it was.
      expect(caller?.name).toBe('trial');
    }
  });

  it('answers every request 500, never cached, when API_KEYS is malformed: never everyone in, nor a 403 for all', async () => {
    const broken = createGate({ keys: [], problem: 'API_KEYS entry 1: the key is empty', now: () => NOW });
    for (const headers of [{}, { 'x-gateway-key': 'anything' }] as Array<Record<string, string>>) {
      const { stopped } = broken(request('/v2/fights/', { headers }));
      expect(stopped!.status).toBe(500);
      expect(stopped!.headers.get('cache-control')).toBe('no-store');
      expect((await stopped!.json()).error.name).toBe('InternalError');
    }
    expect(broken(request('/v2/health')).stopped!.status).toBe(500);
  });
});

describe('behind the RapidAPI gateway', () => {
  const SECRET = 'the-proxy-secret-0123456789';
  const proxied = createGate({ keys: ['own-key'], proxySecret: SECRET, now: () => NOW });
  const get = (headers: Record<string, string>) => proxied(request('/v2/fights/', { headers }));

  it("lets on a request with the gateway's secret, without a key of ours, as the gateway's subscriber and plan", () => {
    const verdict = get({
      'x-rapidapi-proxy-secret': SECRET,
      // The gateway's own key for its subscriber is none of ours, and is not checked.
      'x-rapidapi-key': 'a-rapidapi-subscriber-key',
      'x-rapidapi-user': 'jane',
      'x-rapidapi-subscription': 'PRO',
    });
    expect(verdict).toEqual({ stopped: null, caller: { name: 'rapidapi:jane', plan: 'PRO' } });
  });

  it('refuses a wrong secret with 403 InvalidProxySecret, whatever key comes with it', async () => {
    for (const secret of ['wrong', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase()]) {
      const { stopped } = get({ 'x-rapidapi-proxy-secret': secret, 'x-gateway-key': 'own-key' });
      expect(stopped!.status, secret).toBe(403);
      expect(stopped!.headers.get('cache-control')).toBe('no-store');
      expect((await stopped!.json()).error.name).toBe('InvalidProxySecret');
    }
  });

  it('takes our own keys from a request with no secret', () => {
    expect(get({ 'x-gateway-key': 'own-key' })).toEqual({ stopped: null, caller: { name: 'key 1', plan: null } });
    expect(get({})!.stopped!.status).toBe(401);
    expect(get({ 'x-rapidapi-proxy-secret': '', 'x-rapidapi-key': 'not-ours' }).stopped!.status).toBe(403);
  });

  it('reads no secret where none is configured: the header is then no way in', () => {
    const own = createGate({ keys: ['own-key'], now: () => NOW });
    expect(own(request('/v2/fights/', { headers: { 'x-rapidapi-proxy-secret': 'anything' } })).stopped!.status).toBe(
      401,
    );
  });

  it("keeps the gateway's names to short text without control characters", () => {
    const verdict = get({
      'x-rapidapi-proxy-secret': SECRET,
      'x-rapidapi-user': `ev\u001bil${'x'.repeat(500)}`,
      'x-rapidapi-subscription': 'BASIC\u007f',
    });
    expect(verdict.caller!.name).toBe(`rapidapi:ev\ufffdil${'x'.repeat(59)}`);
    expect(verdict.caller!.plan).toBe('BASIC\ufffd');
    expect(get({ 'x-rapidapi-proxy-secret': SECRET }).caller).toEqual({ name: 'rapidapi:(unnamed)', plan: null });
  });
});
