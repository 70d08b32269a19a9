// The preview puts its CDN stand-in where Netlify's cache sits: after the key gate, before the
// answering function. A kept answer is served without a single read of the store; the gate still
// runs on every request; another key, a fresh build or an answer the CDN may not keep is a miss.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDataset } from '../../src/content/resolve.ts';
import { startServer } from '../../src/hosts/node/serve.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { minimalContent } from '../helpers/fixture.ts';
import { mcpClient } from '../helpers/mcp.ts';
import { memoryContext, memoryStore } from '../helpers/memory-store.ts';

let server: Awaited<ReturnType<typeof startServer>>;
let reads = 0;
let build = 1;

beforeAll(async () => {
  const { files } = await memoryStore(resolveDataset(minimalContent(), TEST_AS_OF));
  const inner = memoryContext(files);
  const context = {
    build: () => build,
    next: (request: Request) => {
      reads++;
      return inner.next(request);
    },
  };
  server = await startServer({ context, port: 0, env: { API_KEYS: 'k1,k2' } });
});
afterAll(() => server?.close());

const get = async (path: string, headers: Record<string, string> = { 'x-gateway-key': 'k1' }) => {
  const before = reads;
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, reads: reads - before };
};

describe('the preview CDN stand-in', () => {
  it('serves a kept answer again, byte for byte, without reading the store', async () => {
    const first = await get('/v2/fights/?page_size=2');
    expect(first.status).toBe(200);
    expect(first.reads).toBeGreaterThan(0);
    expect(first.headers.get('cache-status')).toBe('"preview"; fwd=miss');
    const second = await get('/v2/fights/?page_size=2');
    expect(second).toMatchObject({ status: 200, body: first.body, reads: 0 });
    expect(second.headers.get('cache-status')).toBe('"preview"; hit');
    expect(second.headers.get('age')).toMatch(/^\d+$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // The CDN's own instruction never reaches the client; the browser's does.
    for (const r of [first, second]) {
      expect(r.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(r.headers.get('cache-control')).toBe('private, max-age=60, must-revalidate');
    }
  });

  it('runs the gate before the cache: a kept answer never goes to a missing or wrong key', async () => {
    await get('/v2/divisions/');
    expect((await get('/v2/divisions/', {})).status).toBe(401);
    expect((await get('/v2/divisions/', { 'x-gateway-key': 'nope' })).status).toBe(403);
  });

  it('keeps each key, URL and host apart', async () => {
    await get('/v2/organizations/');
    expect((await get('/v2/organizations/', { 'x-gateway-key': 'k2' })).reads).toBeGreaterThan(0);
    expect((await get('/v2/organizations/?page_num=1')).reads).toBeGreaterThan(0);
    // fetch cannot set Host: a plain HTTP request asks for the same URL on another host name.
    const before = reads;
    const status = await new Promise<number>((resolve, reject) =>
      http
        .get(
          {
            port: server.port,
            host: '127.0.0.1',
            path: '/v2/organizations/',
            headers: { host: 'other.example', 'x-gateway-key': 'k1' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        )
        .on('error', reject),
    );
    expect(status).toBe(200);
    expect(reads - before).toBeGreaterThan(0);
    expect((await get('/v2/organizations/')).reads).toBe(0);
  });

  it('answers a conditional request for a kept answer with 304, and HEAD without a body', async () => {
    const first = await get('/v2/titles/');
    const etag = first.headers.get('etag')!;
    const revalidated = await get('/v2/titles/', { 'x-gateway-key': 'k1', 'if-none-match': etag });
    expect(revalidated).toMatchObject({ status: 304, body: '', reads: 0 });
    expect(revalidated.headers.get('etag')).toBe(etag);
    const head = await fetch(`http://127.0.0.1:${server.port}/v2/titles/`, {
      method: 'HEAD',
      headers: { 'x-gateway-key': 'k1' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-status')).toBe('"preview"; hit');
    expect(await head.text()).toBe('');
  });

  it('never keeps the health: each request, with no key, reaches the answering function', async () => {
    for (const _ of [1, 2]) {
      const health = await get('/v2/health', {});
      expect([
        health.status,
        health.headers.get('cache-status'),
        health.headers.get('cache-control'),
        health.headers.get('age'),
      ]).toEqual([200, '"preview"; fwd=miss', 'no-store', null]);
      expect(health.reads).toBe(1);
    }
  });

  it('keeps an export part, as it was built, and serves it again without a read', async () => {
    const listing = JSON.parse((await get('/v2/exports/')).body).data as Array<{ parts: Array<{ url: string }> }>;
    const part = new URL(listing[0].parts[0].url).pathname;
    const first = await get(part);
    expect([first.status, first.headers.get('content-type'), first.headers.get('cache-status')]).toEqual([
      200,
      'application/gzip',
      '"preview"; fwd=miss',
    ]);
    const second = await get(part);
    expect(second).toMatchObject({ status: 200, body: first.body, reads: 0 });
    expect([second.headers.get('cache-status'), second.headers.get('cache-control')]).toEqual([
      '"preview"; hit',
      'private, max-age=31536000, immutable',
    ]);
    expect(second.headers.get('content-encoding')).toBeNull();
  });

  it('never keeps an error', async () => {
    await get('/v2/fights/no-such-fight');
    const again = await get('/v2/fights/no-such-fight');
    expect(again.status).toBe(404);
    expect(again.reads).toBeGreaterThan(0);
  });

  it('drops every kept answer when a new build is swapped in, as a deploy does', async () => {
    await get('/v2/rankings/');
    expect((await get('/v2/rankings/')).reads).toBe(0);
    build++;
    expect((await get('/v2/rankings/')).reads).toBeGreaterThan(0);
  });
});

describe('an answer made while a new build is swapped in', () => {
  it('is sent but never kept: it may hold files of both builds', async () => {
    const { files } = await memoryStore(resolveDataset(minimalContent(), TEST_AS_OF));
    const inner = memoryContext(files);
    let current = 1;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding = true;
    const context = {
      build: () => current,
      // The first answer's read waits until a new build has been swapped in and seen.
      next: async (request: Request) => {
        if (holding && request.url.includes('/divisions/')) await held;
        return inner.next(request);
      },
    };
    const swapping = await startServer({ context, port: 0, env: { API_KEYS: 'k1' } });
    const ask = (path: string) =>
      fetch(`http://127.0.0.1:${swapping.port}${path}`, { headers: { 'x-gateway-key': 'k1' } });
    try {
      const first = ask('/v2/divisions/');
      await new Promise((r) => setTimeout(r, 50));
      current = 2;
      // Another request sees the new build (and drops what was kept) while the first is still out.
      expect((await ask('/v2/organizations/')).status).toBe(200);
      holding = false;
      release();
      expect((await first).headers.get('cache-status')).toBe('"preview"; fwd=miss');
      const again = await ask('/v2/divisions/');
      expect(again.headers.get('cache-status')).toBe('"preview"; fwd=miss');
    } finally {
      await swapping.close();
    }
  });
});

describe('an MCP tool call made while a new build is swapped in', () => {
  it('is made again, on the new build alone', async () => {
    const before = await memoryStore(resolveDataset(minimalContent(), TEST_AS_OF));
    const grown = minimalContent();
    grown.divisions.push({ id: 'flyweight', name: 'Flyweight', weight_lb: 112, weight_kg: 50.8 });
    const after = await memoryStore(resolveDataset(grown, TEST_AS_OF));
    let current = 1;
    const served: number[] = [];
    const context = {
      build: () => current,
      // The first read of the divisions is the old build's; the new build is swapped in as it is made.
      next: async (request: Request) => {
        const build = current;
        if (request.url.includes('/divisions/')) {
          served.push(build);
          current = 2;
        }
        return memoryContext(build === 1 ? before.files : after.files).next(request);
      },
    };
    const server = await startServer({ context, port: 0, env: { API_KEYS: 'k1' } });
    const client = await mcpClient(`http://127.0.0.1:${server.port}/mcp`, { 'x-gateway-key': 'k1' });
    try {
      const result = await client.callTool({ name: 'list_divisions', arguments: {} });
      expect(served).toEqual([1, 2]);
      expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(3);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
