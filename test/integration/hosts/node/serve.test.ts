// The preview server between raw HTTP and the handler: every method the server accepts reaches
// the API's 405, and the Host header can neither break the body nor change the routed path.
import { METHODS } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../../src/api/schemas.ts';
import { originOf } from '../../../../src/hosts/node/bridge.ts';
import { RATE_LIMIT_PER_MINUTE } from '../../../../src/api/limits.ts';
import { KEY, rawRequest, startPreview } from '../../../helpers/server.ts';

let preview: Awaited<ReturnType<typeof startPreview>>;
beforeAll(async () => {
  preview = await startPreview();
});
afterAll(() => preview.close());

describe('methods', () => {
  // CONNECT opens a tunnel and never becomes a request; every other method Node parses must.
  const refused = METHODS.filter((m) => !['GET', 'HEAD', 'OPTIONS', 'CONNECT'].includes(m));

  it('every other method Node accepts, TRACE included, is 405 in the JSON envelope', async () => {
    expect(refused).toEqual(expect.arrayContaining(['TRACE', 'PROPFIND', 'PATCH', 'POST', 'M-SEARCH']));
    for (const method of refused) {
      const r = await rawRequest(preview.base, method, '/v2/fights/', { 'x-gateway-key': KEY });
      expect(r.status, method).toBe(405);
      expect(r.headers['content-type'], method).toBe('application/json; charset=utf-8');
      expect(r.headers.allow, method).toBe('GET, HEAD, OPTIONS');
      const body = ErrorEnvelope.parse(JSON.parse(r.text));
      expect(body.error.name).toBe('MethodNotAllowed');
      expect(body.error.message).toContain(method);
    }
  });
});

describe('answers', () => {
  it("go out whole: with their length, never in chunks, and the status's reason phrase", async () => {
    // The gate's own answers, the answering function's and the public files as the origin has them.
    const cases = [
      ['GET', '/v2/divisions/', KEY, 200, 'OK'],
      ['HEAD', '/v2/divisions/', KEY, 200, 'OK'],
      ['GET', '/v2/nope/', KEY, 404, 'Not Found'],
      ['GET', '/v2/divisions/', null, 401, 'Unauthorized'],
      ['GET', '/', null, 200, 'OK'],
    ] as const;
    for (const [method, path, key, status, reason] of cases) {
      const r = await rawRequest(preview.base, method, path, key === null ? {} : { 'x-gateway-key': key });
      expect([r.status, r.statusMessage], path).toEqual([status, reason]);
      expect(r.headers['transfer-encoding'], path).toBeUndefined();
      if (method === 'GET') expect(Number(r.headers['content-length']), path).toBe(Buffer.byteLength(r.text));
    }
  });
});

describe('the Host header', () => {
  const withHost = (host: string, path = '/v2/fights/?page_size=2') =>
    rawRequest(preview.base, 'GET', path, { 'x-gateway-key': KEY, host });

  it('a plain host[:port] is the origin of next_page', async () => {
    for (const host of ['api.example:8080', 'localhost', '[::1]:9000', '10.0.0.1:80']) {
      const r = await withHost(host);
      expect(r.status, host).toBe(200);
      const next = JSON.parse(r.text).pagination.next_page as string;
      expect(next.startsWith(`${new URL(`http://${host}`).origin}/v2/fights/?`), next).toBe(true);
    }
  });

  it("anything else gives way to the server's own address, with a valid JSON body", async () => {
    for (const host of ['a"b', 'a b', 'a\\b', 'user@evil.example', 'a:99999', 'a:b', '', 'é.example']) {
      const r = await withHost(host);
      expect(r.status, host).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      const next = JSON.parse(r.text).pagination.next_page as string;
      expect(next.startsWith(`${preview.base}/v2/fights/?`), `${host}: ${next}`).toBe(true);
    }
  });

  it('never changes which path is routed', async () => {
    for (const host of ['127.0.0.1/v2/divisions', '127.0.0.1/v2/divisions/?', 'x/..', 'x?a=', 'x#']) {
      const r = await withHost(host, '/v2/organizations/');
      expect(r.status, host).toBe(200);
      const data = JSON.parse(r.text).data as Array<{ id: string }>;
      expect(
        data.map((o) => o.id),
        host,
      ).toEqual(['ibf', 'wba', 'wbc', 'wbo']);
    }
  });

  it('the fallback origin is the address the request came in on', () => {
    expect(originOf('bad host', { localAddress: '127.0.0.1', localPort: 8888 })).toBe('http://127.0.0.1:8888');
    expect(originOf(undefined, { localAddress: '::1', localPort: 8888 })).toBe('http://[::1]:8888');
    expect(originOf('Example.COM:80', { localAddress: '127.0.0.1', localPort: 1 })).toBe('http://example.com');
  });
});

describe('the per-address limit and the usage log, as npm start has them', () => {
  const SECRET = 'rapidapi-proxy-secret-for-tests';
  const lines: string[] = [];
  let limited: Awaited<ReturnType<typeof startPreview>>;
  beforeAll(async () => {
    limited = await startPreview(
      { API_KEYS: `alice:${KEY}`, RAPIDAPI_PROXY_SECRET: SECRET },
      { perAddressLimit: RATE_LIMIT_PER_MINUTE, log: (line) => lines.push(line) },
    );
  });
  afterAll(() => limited.close());

  it('takes a proxied request with the right secret, refuses a wrong one, and a request with none needs a key', async () => {
    const proxied = (secret: string) =>
      limited.json('/v2/divisions/', {
        key: null,
        headers: { 'x-rapidapi-proxy-secret': secret, 'x-rapidapi-user': 'jane', 'x-rapidapi-subscription': 'PRO' },
      });
    expect((await proxied(SECRET)).status).toBe(200);
    const wrong = await proxied('not-the-secret');
    expect([wrong.status, wrong.body.error.name]).toEqual([403, 'InvalidProxySecret']);
    expect((await limited.json('/v2/divisions/', { key: null })).status).toBe(401);
    expect((await limited.json('/v2/divisions/')).status).toBe(200);
    const logged = lines.slice(-4).map((line) => JSON.parse(line));
    expect(logged.map((e) => [e?.name, e?.plan, e?.status])).toEqual([
      ['rapidapi:jane', 'PRO', 200],
      [null, null, 403],
      [null, null, 401],
      ['alice', null, 200],
    ]);
    expect(logged.map((e) => e?.left)).toEqual([
      RATE_LIMIT_PER_MINUTE - 1,
      RATE_LIMIT_PER_MINUTE - 2,
      RATE_LIMIT_PER_MINUTE - 3,
      RATE_LIMIT_PER_MINUTE - 4,
    ]);
    for (const line of lines) expect(line).not.toContain(KEY);
  });

  it(`answers past ${RATE_LIMIT_PER_MINUTE} requests a minute from one address 429 in the envelope, with Retry-After`, async () => {
    // Every path counts, the public ones and those refused as well (four came before).
    for (let i = 4; i < RATE_LIMIT_PER_MINUTE; i++) {
      const { status } = await limited.get(i % 2 ? '/v2/health' : '/v2/divisions/');
      expect(status).toBe(200);
    }
    const refused = await limited.get('/v2/divisions/');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await refused.json()).error.name).toBe('TooManyRequests');
  });
});
