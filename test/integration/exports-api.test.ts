// GET /v2/exports/, GET /v2/exports/{collection}/{part} and GET /v2/health through the API's
// handler over the test build: the listing in the envelope with whole URLs on the request's
// origin, a part as the file it was built (gzip, no Content-Encoding, kept for good, its bytes
// the ones listed), the health without a key and never cached; and what each answers when the
// store fails: a 503 or a 500, never a wrong 200.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { folderOrigin } from '../../src/hosts/node/folder-origin.ts';
import { createHandler } from '../../src/api/handler.ts';
import { ErrorEnvelope } from '../../src/api/schemas.ts';
import { Export, Health } from '../../src/records/schemas.ts';
import { originStore } from '../../src/store/origin.ts';
import type { Store } from '../../src/store/store.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { directClient, distStore, KEY } from '../helpers/handler.ts';
import { builtSite } from '../helpers/site.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const call = directClient(NOW);

/** The handler's raw answer (a part is bytes, not JSON). */
async function raw(path: string, init: RequestInit & { store?: Store } = {}) {
  const handle = createHandler({ keys: [KEY], now: () => NOW * 1000 });
  const headers = new Headers(init.headers);
  if (!headers.has('x-gateway-key') && !headers.has('x-no-key')) headers.set('x-gateway-key', KEY);
  headers.delete('x-no-key');
  const response = await handle(new Request(`http://api.test${path}`, { ...init, headers }), init.store ?? distStore());
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

let exports: Export[];
let part: { collection: string; path: string; sha256: string; bytes: number; records: number };
beforeAll(async () => {
  exports = (await call('/v2/exports/')).body.data;
  const fights = exports[0];
  const [first] = fights.parts;
  part = {
    collection: 'fights',
    path: new URL(first.url).pathname,
    sha256: first.sha256,
    bytes: first.bytes,
    records: first.records,
  };
});

describe('GET /v2/exports/', () => {
  it("lists every collection in the envelope, in one page, each part a whole URL on the request's origin", async () => {
    const answer = await call('/v2/exports/');
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toEqual({ page: 1, items: 7, total_pages: 1, total_items: 7 });
    for (const e of answer.body.data as unknown[]) Export.parse(e);
    expect(exports.map((e) => e.collection)).toEqual([
      'fights',
      'events',
      'fighters',
      'divisions',
      'organizations',
      'titles',
      'rankings',
    ]);
    for (const e of exports) {
      expect(e.as_of).toBe(TEST_AS_OF);
      for (const p of e.parts)
        expect(p.url).toMatch(
          new RegExp(`^http://api\\.test/v2/exports/${e.collection}/${p.sha256.slice(0, 16)}\\.ndjson\\.gz$`),
        );
    }
    expect(answer.headers.get('cache-control')).toBe('private, max-age=60, must-revalidate');
  });

  it('needs the key', async () => {
    expect((await call('/v2/exports/', { headers: { 'x-gateway-key': 'nope' } })).status).toBe(403);
  });
});

describe('GET /v2/exports/{collection}/{part}', () => {
  it('serves the part as the file it was built: gzip, no Content-Encoding, its bytes the ones listed', async () => {
    const answer = await raw(part.path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/gzip');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="fights-${part.path.split('/').pop()}"`,
    );
    expect([answer.bytes.length, createHash('sha256').update(answer.bytes).digest('hex')]).toEqual([
      part.bytes,
      part.sha256,
    ]);
    const lines = gunzipSync(answer.bytes).toString('utf8').split('\n').slice(0, -1);
    expect(lines).toHaveLength(part.records);
    // The newest fight first, as the fights list begins.
    expect(JSON.parse(lines[0])).toEqual((await call('/v2/fights/?page_size=1')).body.data[0]);
  });

  it('is kept for good, per key, by the browser and by the CDN until the deploy; its ETag is its name', async () => {
    const answer = await raw(part.path);
    const name = part.sha256.slice(0, 16);
    expect(answer.headers.get('etag')).toBe(`"${name}"`);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(answer.headers.get('netlify-cdn-cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('vary')).toBe('x-gateway-key, x-rapidapi-key');
    const again = await raw(part.path, { headers: { 'if-none-match': `"${name}"` } });
    expect([again.status, again.bytes.length, again.headers.get('netlify-cdn-cache-control')]).toEqual([304, 0, null]);
    const head = await raw(part.path, { method: 'HEAD' });
    expect([head.status, head.bytes.length, head.headers.get('content-type')]).toEqual([200, 0, 'application/gzip']);
  });

  it("answers a part no build has, or one of another collection, 404 in the error envelope; a name that cannot be a part's is no path", async () => {
    for (const path of [
      '/v2/exports/fights/0000000000000000.ndjson.gz',
      `/v2/exports/events/${part.path.split('/').pop()}`,
    ]) {
      const answer = await call(path);
      expect([answer.status, answer.body.error.name, answer.headers.get('cache-control')], path).toEqual([
        404,
        'NotFound',
        'no-store',
      ]);
      expect(answer.body.error.message).toMatch(
        /^Export part (fights|events)\/[0-9a-f]{16}\.ndjson\.gz was not found\.$/,
      );
    }
    expect((await call('/v2/exports/fights/index.ndjson')).body.error.message).toBe(
      'Path /v2/exports/fights/index.ndjson was not found.',
    );
  });

  it('needs the key', async () => {
    expect((await raw(part.path, { headers: { 'x-no-key': '1' } })).status).toBe(401);
  });
});

describe('GET /v2/health', () => {
  it("answers without a key: the build's day and each collection's size, never cached", async () => {
    for (const headers of [{ 'x-no-key': '1' }, { 'x-gateway-key': 'not-a-key' }, {}] as Array<
      Record<string, string>
    >) {
      const answer = await raw('/v2/health', { headers });
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.bytes.toString('utf8'));
      expect(Health.parse(body.data)).toEqual({
        status: 'ok',
        as_of: TEST_AS_OF,
        records: Object.fromEntries(exports.map((e) => [e.collection, e.records])),
      });
      expect(body.pagination).toEqual({ page: 1, items: 1, total_pages: 1, total_items: 1 });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('netlify-cdn-cache-control')).toBeNull();
    }
    expect((await call('/v2/health/')).status).toBe(200);
    const head = await raw('/v2/health', { method: 'HEAD', headers: { 'x-no-key': '1' } });
    expect([head.status, head.bytes.length, head.headers.get('cache-control')]).toEqual([200, 0, 'no-store']);
  });
});

/** The test build behind an origin that fails for paths matching `pattern`: an error status, or bytes cut short. */
function failing(pattern: RegExp, fault: 'status' | 'missing' | 'short'): Store {
  const context = folderOrigin(builtSite());
  return originStore(async (path, signal) => {
    const healthy = () => context.next(new Request(new URL(path, 'http://local'), { signal }));
    if (!pattern.test(path)) return healthy();
    if (fault === 'status') return new Response('Bad Gateway', { status: 502 });
    if (fault === 'missing') return new Response('Not Found', { status: 404 });
    const bytes = new Uint8Array(await (await healthy()).arrayBuffer());
    return new Response(bytes.subarray(0, bytes.length - 20));
  }, 2_000);
}

describe('a store that fails', () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  afterAll(() => logged.mockRestore());
  const expectError = async (answer: Awaited<ReturnType<typeof raw>>, status: number, name: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('netlify-cdn-cache-control')).toBeNull();
    const body = ErrorEnvelope.parse(JSON.parse(answer.bytes.toString('utf8')));
    expect(body.error.name).toBe(name);
  };

  it('answers 503 when the listing, a part or the health file cannot be read', async () => {
    await expectError(
      await raw('/v2/exports/', { store: failing(/\/exports\/index/, 'status') }),
      503,
      'ServiceUnavailable',
    );
    await expectError(
      await raw(part.path, { store: failing(/\/exports\/fights\//, 'status') }),
      503,
      'ServiceUnavailable',
    );
    await expectError(
      await raw('/v2/health', { store: failing(/\/health\.json$/, 'status'), headers: { 'x-no-key': '1' } }),
      503,
      'ServiceUnavailable',
    );
    const head = await raw('/v2/health', { method: 'HEAD', store: failing(/\/health\.json$/, 'status') });
    expect([head.status, head.headers.get('cache-control'), head.bytes.length]).toEqual([503, 'no-store', 0]);
  });

  it("answers 500, never a wrong 200, for a part whose bytes are not its name's, a listing or health file cut short or missing", async () => {
    await expectError(await raw(part.path, { store: failing(/\/exports\/fights\//, 'short') }), 500, 'InternalError');
    await expectError(await raw('/v2/exports/', { store: failing(/\/exports\/index/, 'short') }), 500, 'InternalError');
    await expectError(
      await raw('/v2/exports/', { store: failing(/\/exports\/index/, 'missing') }),
      500,
      'InternalError',
    );
    await expectError(await raw('/v2/health', { store: failing(/\/health\.json$/, 'short') }), 500, 'InternalError');
    await expectError(await raw('/v2/health', { store: failing(/\/health\.json$/, 'missing') }), 500, 'InternalError');
    // Each logged as one line, without a stack.
    for (const [line] of logged.mock.calls) expect(String(line)).toMatch(/^StoreInconsistent: \/store\/\S+: [^\n]+$/);
  });
});
