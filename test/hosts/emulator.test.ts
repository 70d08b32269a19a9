// The built site under Netlify's own local emulator (@netlify/dev): both edge functions as
// netlify.toml declares them, in Deno under Netlify's edge bootstrap, reading the store from the
// emulator's static origin. It must answer as the Node preview does, and never hand out the store.
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorDeno } from '../../src/hosts/emulator/deno.ts';
import { frontDoor, startEmulator, type Emulator, type RequestChain } from '../../src/hosts/emulator/netlify-dev.ts';
import { listen } from '../../src/hosts/node/bridge.ts';
import { MAX_BODY_BYTES } from '../../src/mcp/server.ts';
import { KEY, OTHER_KEY, startPreview } from '../helpers/server.ts';
import { builtSite } from '../helpers/site.ts';

const deno = emulatorDeno();
if (deno === null)
  console.warn(
    "Skipping the emulator tests: no Deno that Netlify's emulator accepts (2.5 LTS) is installed for this platform.",
  );

type Call = (
  path: string,
  init?: { key?: string | null; method?: string; headers?: Record<string, string> },
) => Promise<{
  status: number;
  headers: Headers;
  body: unknown;
}>;

const client =
  (base: string): Call =>
  async (path, init = {}) => {
    const headers = new Headers(init.headers);
    const key = init.key === undefined ? KEY : init.key;
    if (key !== null) headers.set('x-gateway-key', key);
    const response = await fetch(base + path, { method: init.method, headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
  };

/** A GET of /v2/divisions/ written byte for byte (fetch frames a request its own way), with extra header lines and a body. */
function sendRaw(
  base: string,
  headerLines: string,
  body: string,
): Promise<{ status: number; functions: string | undefined }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () =>
      socket.write(
        `GET /v2/divisions/ HTTP/1.1\r\nHost: localhost:${port}\r\n${headerLines}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const functions = /\r\nx-nf-edge-functions: ([^\r]*)/i.exec(text)?.[1];
      resolve({ status, functions });
    });
  });
}

/** A body without what differs between two hosts and two instants: the timestamp, and the origin of URLs. */
const comparable = (body: unknown, origin: string) =>
  JSON.parse(
    JSON.stringify(body, (k, v) =>
      k === 'timestamp' ? 'T' : typeof v === 'string' && v.startsWith(origin) ? v.slice(origin.length) : v,
    ),
  );

/**
 * The caching headers, with a TTL to the end of the day named as such (two instants may differ
 * by a second), and the ETag where the body holds no URL (it covers the origin in next_page).
 */
const caching = (h: Headers, body: unknown, origin: string) => ({
  etag: JSON.stringify(body).includes(origin) ? 'covers the origin' : h.get('etag'),
  // A browser's minute is cut to what is left of the day in the day's last minute.
  cacheControl: h
    .get('cache-control')
    ?.replace(/max-age=(\d+),/, (all, s) => (Number(s) < 60 ? 'max-age=rest of the day,' : all)),
  cdn: h
    .get('netlify-cdn-cache-control')
    ?.replace(/max-age=(\d+)$/, (_, s) => (s === '31536000' ? 'max-age=year' : 'max-age=today')),
  vary: h.get('netlify-vary'),
});

describe.skipIf(deno === null)("the built site under Netlify's emulator", () => {
  let emulator: Emulator;
  let preview: Awaited<ReturnType<typeof startPreview>>;
  let onEmulator: Call;
  let onPreview: Call;

  beforeAll(async () => {
    [emulator, preview] = await Promise.all([
      startEmulator({ distDir: builtSite(), keys: `${KEY}, ${OTHER_KEY}`, deno: deno!, port: 0 }),
      // Without its CDN stand-in: the emulator has no CDN in front either, so both pass the
      // functions' headers on as they are.
      startPreview(undefined, { cdnBytes: 0 }),
    ]);
    onEmulator = client(emulator.url);
    onPreview = client(preview.base);
  });
  afterAll(async () => {
    await Promise.all([emulator?.close(), preview?.close()]);
  });

  it('answers every endpoint, errors included, with the bodies and caching headers of the Node preview', async () => {
    const first = async (list: string) => ((await onPreview(list)).body as { data: Array<{ id: string }> }).data[0].id;
    const [fight, event, fighter, title] = await Promise.all(
      ['/v2/fights/', '/v2/events/', '/v2/fighters/', '/v2/titles/'].map(first),
    );
    const paths = [
      '/v2/fights/',
      '/v2/fights/?page_num=2&page_size=10',
      '/v2/fights/?division_id=welterweight&date_sort=ASC&page_size=7',
      `/v2/fights/?event_id=${event}`,
      `/v2/fights/?fighter_id=${fighter}&date_from=2010-01-01`,
      `/v2/fights/${fight}`,
      '/v2/fights/schedule?days=60',
      '/v2/events/',
      '/v2/events/?status=NOT_STARTED&date_sort=ASC',
      `/v2/events/${event}`,
      '/v2/events/schedule?days=60',
      '/v2/fighters/',
      '/v2/fighters/?name=ali',
      `/v2/fighters/${fighter}`,
      '/v2/divisions/',
      '/v2/divisions/heavyweight',
      '/v2/organizations/',
      '/v2/organizations/wbc',
      '/v2/titles/?organization_id=wba&division_id=heavyweight',
      `/v2/titles/${title}`,
      '/v2/rankings/?page_num=7',
      '/v2/rankings/?division_id=middleweight&organization_id=ibf',
      '/v2/exports/',
      '/v2/health',
      '/v2/fights/fight-999999999',
      '/v2/exports/fights/0000000000000000.ndjson.gz',
      '/v2/nope/',
      '/v2/fights/?page_size=0',
      '/v2/fights/?page_num=500',
      '/v2/fights/?cursor=abc',
    ];
    const answers = await Promise.all(paths.map((path) => Promise.all([onEmulator(path), onPreview(path)])));
    for (const [i, [a, b]] of answers.entries()) {
      expect(a.status, paths[i]).toBe(b.status);
      expect(comparable(a.body, emulator.url), paths[i]).toEqual(comparable(b.body, preview.base));
      expect(caching(a.headers, a.body, emulator.url), paths[i]).toEqual(caching(b.headers, b.body, preview.base));
    }
  });

  it('stops a missing or unknown key, other methods and preflights in the gate: the answering function never runs', async () => {
    const cases = [
      [{ key: null }, 401],
      [{ key: 'not-a-key' }, 403],
      [{ method: 'DELETE' }, 405],
      [{ method: 'OPTIONS', key: null }, 204],
    ] as const;
    for (const [init, status] of cases) {
      const [a, b] = await Promise.all([onEmulator('/v2/fights/', init), onPreview('/v2/fights/', init)]);
      expect(a.status, String(status)).toBe(status);
      expect(a.headers.get('x-nf-edge-functions'), String(status)).toBe('gate');
      expect(comparable(a.body, emulator.url)).toEqual(comparable(b.body, preview.base));
      if (status !== 204)
        expect([a.headers.get('cache-control'), a.headers.get('netlify-cdn-cache-control')]).toEqual([
          'no-store',
          null,
        ]);
    }
    const passed = await onEmulator('/v2/divisions/', { key: OTHER_KEY });
    expect([passed.status, passed.headers.get('x-nf-edge-functions')]).toEqual([200, 'gate,api']);
  });

  it('answers the health without a key, never cached, through both functions', async () => {
    const [a, b] = await Promise.all([onEmulator('/v2/health', { key: null }), onPreview('/v2/health', { key: null })]);
    expect([
      a.status,
      a.headers.get('x-nf-edge-functions'),
      a.headers.get('cache-control'),
      a.headers.get('netlify-cdn-cache-control'),
    ]).toEqual([200, 'gate,api', 'no-store', null]);
    expect(comparable(a.body, emulator.url)).toEqual(comparable(b.body, preview.base));
  });

  it('serves an export part as the preview does: the same bytes, gzip, no Content-Encoding, kept for good', async () => {
    const listing = (await onEmulator('/v2/exports/')).body as {
      data: Array<{ parts: Array<{ url: string; sha256: string }> }>;
    };
    const [part] = listing.data[2].parts;
    const path = part.url.slice(emulator.url.length);
    const [a, b] = await Promise.all(
      [emulator.url, preview.base].map((base) => fetch(base + path, { headers: { 'x-gateway-key': KEY } })),
    );
    const [bytesA, bytesB] = await Promise.all([a, b].map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(createHash('sha256').update(bytesA).digest('hex')).toBe(part.sha256);
    expect(bytesA.equals(bytesB)).toBe(true);
    for (const r of [a, b]) {
      expect([r.status, r.headers.get('content-type'), r.headers.get('content-encoding')]).toEqual([
        200,
        'application/gzip',
        null,
      ]);
      expect(r.headers.get('netlify-cdn-cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('follows next_page to the end of a list, on its own origin', async () => {
    const walk = async (call: Call, origin: string) => {
      const ids: string[] = [];
      let next: string | null = '/v2/fights/?division_id=lightweight&page_size=40';
      while (next !== null) {
        const { status, body } = await call(next);
        expect(status, next).toBe(200);
        const page = body as { data: Array<{ id: string }>; pagination: { next_page: string | null } };
        ids.push(...page.data.map((f) => f.id));
        next = page.pagination.next_page;
        if (next !== null) {
          expect(next.startsWith(`${origin}/v2/fights/?`), next).toBe(true);
          next = next.slice(origin.length);
        }
      }
      return ids;
    };
    const [a, b] = await Promise.all([walk(onEmulator, emulator.url), walk(onPreview, preview.base)]);
    expect(a.length).toBeGreaterThan(80);
    expect(new Set(a).size).toBe(a.length);
    expect(a).toEqual(b);
  });

  it('answers requests framed with Transfer-Encoding as the Node preview does', async () => {
    const framings = [
      ['Transfer-Encoding: chunked', '0\r\n\r\n'],
      ['Transfer-Encoding: chunked', '5\r\nhello\r\n0\r\n\r\n'],
      ['Transfer-Encoding: gzip, chunked', '0\r\n\r\n'],
      ['Transfer-Encoding: gzip', ''],
    ];
    for (const [header, body] of framings) {
      const head = `${header}\r\nx-gateway-key: ${KEY}`;
      const [a, b] = await Promise.all([sendRaw(emulator.url, head, body), sendRaw(preview.base, head, body)]);
      expect(a.status, header).toBe(b.status);
      // Node's parser refuses an encoding that is not chunked last (400) before any function runs.
      expect(a.status === 400 || a.functions === 'gate,api', `${header}: ${a.status} ${a.functions}`).toBe(true);
    }
  });

  it('never serves the built store: not without a key, not with one, not to a client posing as the edge runtime', async () => {
    const paths = ['/store/divisions/all.pack', '/%73tore/divisions/all.pack', '/build-complete.json'];
    const posing = { 'x-nf-passthrough': 'passthrough', 'x-nf-request-id': '01M80WGJECA79TD8G0XNFDBW7X' };
    const cases = paths.flatMap((path) =>
      (
        [
          [{ key: null }, 401],
          [{}, 404],
          [{ key: null, headers: posing }, 401],
          [{ headers: posing }, 404],
        ] as const
      ).map(([init, status]) => [path, init, status] as const),
    );
    const answers = await Promise.all(cases.map(([path, init]) => onEmulator(path, init)));
    for (const [i, { status, body }] of answers.entries()) {
      const [path, init, expected] = cases[i];
      expect(status, `${path} ${JSON.stringify(init)}`).toBe(expected);
      expect(JSON.stringify(body)).not.toContain('Heavyweight');
    }
  });
});

describe("the emulator's front door", () => {
  /** The guarded server over a fake request chain, and a way to call it. */
  const serve = async (chain: RequestChain) => {
    let url = '';
    const server = await listen(
      frontDoor(
        () => chain,
        () => url,
      ),
      { port: 0 },
    );
    url = `http://127.0.0.1:${server.port}`;
    return { url, close: server.close, server: server.server };
  };
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      http
        .request(url, { headers, method }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        })
        .on('error', reject)
        .end();
    });

  it('refuses (503, uncached) whatever the edge functions did not answer: a static file, nothing, or a failure', async () => {
    const file = () => new Response('{"id":"heavyweight"}');
    const chains: RequestChain[] = [
      { handleAndIntrospect: async () => ({ type: 'static', response: file() }) },
      { handleAndIntrospect: async () => undefined },
      {
        handleAndIntrospect: async () => {
          throw new Error('Could not establish a connection to the edge functions server');
        },
      },
    ];
    const errors = console.error;
    console.error = () => {};
    try {
      for (const chain of chains) {
        const front = await serve(chain);
        const { status, text } = await get(`${front.url}/store/divisions/all.pack`);
        await front.close();
        expect(status).toBe(503);
        expect(text).not.toContain('heavyweight');
      }
    } finally {
      console.error = errors;
    }
  });

  it("takes a request for an origin read only when it names a request in flight, else drops the runtime's headers", async () => {
    const seen: Array<string | null> = [];
    const front = await serve({
      handleAndIntrospect: async (request) => {
        seen.push(request.headers.get('x-nf-passthrough'));
        return { type: 'edge-function', response: new Response('{}') };
      },
    });
    await get(`${front.url}/store/x`, { 'x-nf-passthrough': 'passthrough', 'x-nf-request-id': 'guessed' });
    await front.close();
    expect(seen).toEqual([null]);
  });

  it("passes a request framed with Transfer-Encoding on without the connection's own headers", async () => {
    const forwarded: Array<[string, string]> = [];
    const front = await serve({
      handleAndIntrospect: async (request) => {
        forwarded.push(...request.headers);
        return { type: 'edge-function', response: new Response('{}') };
      },
    });
    const answer = await sendRaw(
      front.url,
      'Transfer-Encoding: chunked\r\nTE: trailers\r\nx-gateway-key: k',
      '5\r\nhello\r\n0\r\n\r\n',
    );
    await front.close();
    expect(answer.status).toBe(200);
    expect(forwarded.map(([name]) => name)).not.toContain('transfer-encoding');
    expect(forwarded.map(([name]) => name)).not.toContain('te');
    expect(forwarded).toContainEqual(['x-gateway-key', 'k']);
  });

  it('passes on a body no further than the chunk that passes the MCP limit, while its client is still sending', async () => {
    const received: number[] = [];
    const front = await serve({
      handleAndIntrospect: async (request) => {
        received.push((await request.arrayBuffer()).byteLength);
        return { type: 'edge-function', response: new Response('{}', { status: 413 }) };
      },
    });
    // 64 MB of spaces in 16 KiB chunks, written as fast as the server takes them, until it answers.
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    const sent = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      let bytes = 0;
      let answered = false;
      const request = http.request(
        `${front.url}/mcp`,
        { method: 'POST', headers: { 'x-gateway-key': KEY, 'content-type': 'application/json' } },
        (res) => {
          answered = true;
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        },
      );
      request.on('error', (e) => (answered ? undefined : reject(e)));
      const write = () => {
        while (!answered && bytes < total) {
          bytes += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        if (!answered) request.end();
      };
      write();
    });
    // A connection whose body was refused unread stays paused until its keep-alive timeout.
    front.server.closeAllConnections();
    await front.close();
    expect(sent.status).toBe(413);
    expect(sent.bytes).toBeLessThan(total);
    expect(received).toHaveLength(1);
    expect(received[0]).toBeGreaterThan(MAX_BODY_BYTES);
    expect(received[0]).toBeLessThanOrEqual(MAX_BODY_BYTES + 64 * 1024);
  });

  it("passes the edge functions' answer back whole, without the connection's own headers", async () => {
    const front = await serve({
      handleAndIntrospect: async () => ({
        type: 'edge-function',
        response: new Response('{"data":[]}', {
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', connection: 'close' },
        }),
      }),
    });
    const answer = await get(`${front.url}/v2/divisions/`, { 'x-gateway-key': KEY });
    await front.close();
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"data":[]}');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe('11');
  });

  it('answers a method no web Request can carry (TRACE) as the preview does, without asking the edge runtime', async () => {
    let asked = 0;
    const front = await serve({
      handleAndIntrospect: async () => {
        asked++;
        return { type: 'edge-function', response: new Response('{}') };
      },
    });
    const preview = await startPreview();
    // What differs between two servers and two instants: the time, and the connection's own headers.
    const same = ({ status, headers, text }: Awaited<ReturnType<typeof get>>) => ({
      status,
      headers: Object.fromEntries(
        Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
      ),
      body: JSON.parse(text, (k, v) => (k === 'timestamp' ? 'T' : v)),
    });
    try {
      const [a, b] = await Promise.all(
        [front.url, preview.base].map((base) => get(`${base}/v2/fights/`, { 'x-gateway-key': KEY }, 'TRACE')),
      );
      expect(a.status).toBe(405);
      expect(same(a)).toEqual(same(b));
    } finally {
      await Promise.all([front.close(), preview.close()]);
    }
    expect(asked).toBe(0);
  });
});
