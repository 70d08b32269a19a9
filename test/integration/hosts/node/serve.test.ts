// The preview server between raw HTTP and the handler: every method the server accepts reaches
// the API's 405, and the Host header can neither break the body nor change the routed path.
import { METHODS } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../../../src/api/schemas.ts';
import { originOf } from '../../../../src/hosts/node/bridge.ts';
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
