// HTTP behaviour through the preview server: the edge function over real sockets. Every answer
// is also checked against the API's OpenAPI document (see helpers/server.ts).
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as records from '../../src/records/schemas.ts';
import { OPENAPI_PATH } from '../../src/api/public.ts';
import { KEY, OTHER_KEY, startPreview } from '../helpers/server.ts';
import { builtSite } from '../helpers/site.ts';

let preview: Awaited<ReturnType<typeof startPreview>>;
beforeAll(async () => {
  preview = await startPreview();
});
afterAll(() => preview.close());

const LISTS = [
  '/v2/fights/',
  '/v2/fights/schedule',
  '/v2/events/',
  '/v2/events/schedule',
  '/v2/fighters/',
  '/v2/divisions/',
  '/v2/organizations/',
  '/v2/titles/',
  '/v2/rankings/',
];
/** The API's description as the build wrote it. */
const builtDocument = () => readFileSync(path.join(builtSite(), OPENAPI_PATH), 'utf8');
const ONE = ['fights', 'events', 'fighters', 'divisions', 'organizations', 'titles'];

describe('every endpoint with its defaults', () => {
  for (const path of LISTS)
    it(`GET ${path} answers the spec's shape`, async () => {
      const { status, body } = await preview.json(path);
      expect(status).toBe(200);
      expect(body.error).toEqual({});
      expect(body.pagination.items).toBe(body.data.length);
    });

  for (const resource of ONE)
    it(`GET /v2/${resource}/<id> answers one record`, async () => {
      const first = (await preview.json(`/v2/${resource}/`)).body.data[0];
      const { status, body } = await preview.json(`/v2/${resource}/${first.id}`);
      expect(status).toBe(200);
      expect(body.data).toEqual(first);
      expect(body.pagination).toEqual({ page: 1, items: 1, total_pages: 1, total_items: 1 });
    });

  it('list paths work with and without the trailing slash', async () => {
    const a = await preview.json('/v2/divisions/');
    const b = await preview.json('/v2/divisions');
    expect(b.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
  });

  it('default list pages hold 25 records and count them all', async () => {
    for (const path of ['/v2/fights/', '/v2/events/', '/v2/fighters/']) {
      const { body } = await preview.json(path);
      expect(body.data).toHaveLength(25);
      expect(body.pagination.total_pages).toBe(Math.ceil(body.pagination.total_items / 25));
    }
  });

  it('fights list carries next_page as an absolute URL on the request origin', async () => {
    const { body } = await preview.json('/v2/fights/');
    expect(body.pagination.next_page).toMatch(new RegExp(`^${preview.base}/v2/fights/\\?.*cursor=`));
    const next = await preview.json(body.pagination.next_page.slice(preview.base.length));
    expect(next.status).toBe(200);
    expect(next.body.pagination.page).toBe(2);
    const page2 = await preview.json('/v2/fights/?page_num=2');
    expect(next.body.data).toEqual(page2.body.data);
  });

  it('rankings: 17 pages of 4, one weight class per page', async () => {
    const { body } = await preview.json('/v2/rankings/');
    expect(body.pagination).toEqual({ page: 1, items: 4, total_pages: 17, total_items: 68 });
    expect(new Set(body.data.map((r: records.Ranking) => r.division.name))).toEqual(new Set(['Heavyweight']));
    const last = await preview.json('/v2/rankings/?page_num=17');
    expect(last.body.data[0].division.name).toBe('Minimumweight');
    const org = await preview.json('/v2/rankings/?page_num=3&organization_id=wbc');
    expect(org.body.pagination).toEqual({ page: 3, items: 1, total_pages: 17, total_items: 17 });
    expect(org.body.data[0].organization.id).toBe('wbc');
    expect(org.body.data[0].division.name).toBe('Light Heavyweight');
    const division = await preview.json('/v2/rankings/?division_id=welterweight&page_num=9');
    expect(division.body.pagination).toEqual({ page: 1, items: 4, total_pages: 1, total_items: 4 });
    const both = await preview.json('/v2/rankings/?division_id=welterweight&organization_id=ibf');
    expect(both.body.data.map((r: records.Ranking) => r.id)).toEqual(['ibf-welterweight']);
  });

  it('titles filter by organization and division', async () => {
    const all = (await preview.json('/v2/titles/')).body.data as records.Title[];
    const ids = (titles: records.Title[]) => titles.map((t) => t.id);
    for (const [org, division] of [
      ['wba', 'heavyweight'],
      ['wbc', null],
      [null, 'welterweight'],
    ] as const) {
      const query = new URLSearchParams([
        ...(org ? [['organization_id', org]] : []),
        ...(division ? [['division_id', division]] : []),
      ]);
      const { body } = await preview.json(`/v2/titles/?${query}`);
      const expected = all.filter(
        (t) => (org === null || t.organization.id === org) && (division === null || t.division.id === division),
      );
      expect(ids(body.data), String(query)).toEqual(ids(expected));
    }
    const { body } = await preview.json('/v2/titles/?organization_id=wba&division_id=heavyweight');
    expect(ids(body.data)).toEqual(['wba-heavyweight-full', 'wba-heavyweight-regular', 'wba-heavyweight-interim']);
  });
});

describe('errors', () => {
  it('unknown ids and paths are 404 NotFound in the error envelope', async () => {
    for (const path of [
      '/v2/fights/fight-999999999',
      '/v2/nope/',
      '/index.html',
      '/v2/rankings/wbc-heavyweight',
      '/v2/fights/a/b',
    ]) {
      const { status, body } = await preview.json(path);
      expect(status, path).toBe(404);
      expect(body.error.name).toBe('NotFound');
    }
  });

  it('page_num goes up to 1,000,000,000, as the message says', async () => {
    expect((await preview.json('/v2/events/?page_num=1000000000')).body.data).toEqual([]);
    expect((await preview.json('/v2/events/?page_num=1000000001')).status).toBe(400);
  });

  it('a bad parameter is 400 InvalidParameter naming it', async () => {
    const { status, body } = await preview.json('/v2/fights/?page_size=abc');
    expect(status).toBe(400);
    expect(body.error).toEqual({
      name: 'InvalidParameter',
      code: 'InvalidParameter',
      status: 400,
      message: expect.stringContaining('"page_size"'),
    });
  });

  it('methods other than GET, HEAD and OPTIONS are 405', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await preview.get('/v2/fights/', { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect((await response.json()).error.name).toBe('MethodNotAllowed');
    }
  });
});

describe('API keys', () => {
  it('no key: 401 MissingApiKey; unknown key: 403 InvalidApiKey; every configured key works', async () => {
    const missing = await preview.json('/v2/fights/', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body.error.name).toBe('MissingApiKey');
    const wrong = await preview.json('/v2/fights/', { key: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.name).toBe('InvalidApiKey');
    expect((await preview.get('/v2/fights/', { key: OTHER_KEY })).status).toBe(200);
  });

  it('x-rapidapi-key carries the same keys, alone or beside the same key in x-gateway-key', async () => {
    const rapid = (key: string, more: Record<string, string> = {}) =>
      preview.json('/v2/divisions/', { key: null, headers: { 'x-rapidapi-key': key, ...more } });
    expect((await rapid(KEY)).status).toBe(200);
    expect((await rapid(OTHER_KEY, { 'x-gateway-key': OTHER_KEY })).status).toBe(200);
    expect((await rapid(KEY, { 'x-gateway-key': '' })).status).toBe(200);
    const wrong = await rapid('nope');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('InvalidApiKey');
    expect((await rapid('')).body.error.code).toBe('MissingApiKey');
  });

  it('two different keys in the two headers are 400 ConflictingApiKeys, whichever of them is valid', async () => {
    for (const [gateway, rapid] of [
      [KEY, OTHER_KEY],
      [KEY, 'nope'],
      ['nope', KEY],
    ]) {
      const { status, body } = await preview.json('/v2/divisions/', {
        key: gateway,
        headers: { 'x-rapidapi-key': rapid },
      });
      expect(status, `${gateway} ${rapid}`).toBe(400);
      expect(body.error).toMatchObject({ name: 'ConflictingApiKeys', code: 'ConflictingApiKeys' });
    }
  });

  it('built files are not readable by their own paths, with or without a key', async () => {
    const paths = [
      '/store/divisions/all.json',
      '/store/fights/dates/years.json',
      '/STORE/divisions/all.json',
      '/v2/../store/divisions/all.json',
      '/%73tore/divisions/all.json',
    ];
    for (const path of paths) {
      expect((await preview.get(path, { key: null })).status, path).toBe(401);
      expect((await preview.get(path)).status, path).toBe(404);
    }
  });

  it('a site with no key configured refuses every request', async () => {
    const closed = await startPreview({ API_KEYS: '' });
    try {
      expect((await closed.get('/v2/divisions/', { key: KEY })).status).toBe(403);
      expect((await closed.get('/v2/divisions/', { key: '' })).status).toBe(401);
    } finally {
      await closed.close();
    }
  });
});

describe("the public files: the API's description and its documentation", () => {
  const PUBLIC = [
    ['/v2/openapi.json', 'application/json'],
    ['/', 'text/html; charset=utf-8'],
    ['/docs', 'text/html; charset=utf-8'],
    ['/assets/api-reference.js', 'text/javascript; charset=utf-8'],
  ] as const;

  it('are served without a key (and with one), as built', async () => {
    for (const [path, type] of PUBLIC)
      for (const key of [null, KEY, 'nope']) {
        const response = await preview.get(path, { key });
        expect(response.status, `${path} ${key}`).toBe(200);
        expect(response.headers.get('content-type'), path).toBe(type);
      }
    expect(await (await preview.get('/v2/openapi.json', { key: null })).text()).toBe(builtDocument());
    expect(await (await preview.get('/docs', { key: null })).text()).toBe(
      await (await preview.get('/', { key: null })).text(),
    );
  });

  it("are exactly those paths: other spellings, the built pages' own names and the store still need a key", async () => {
    for (const path of [
      '/docs/',
      '/index.html',
      '/docs.html',
      '/v2/openapi.json/',
      '/V2/openapi.json',
      '/assets/',
      '/assets/x.js',
      '/v2/openapi',
      '/store/divisions/all.ndjson',
    ]) {
      expect((await preview.get(path, { key: null })).status, path).toBe(401);
      expect((await preview.get(path)).status, path).toBe(404);
    }
  });

  it('answer other methods as the API does: 405, and the preflight', async () => {
    const post = await preview.get('/v2/openapi.json', { method: 'POST', key: null });
    expect(post.status).toBe(405);
    expect((await post.json()).error.name).toBe('MethodNotAllowed');
    expect((await preview.get('/', { method: 'OPTIONS', key: null })).status).toBe(204);
  });

  it('the page has no key filled in unless the server is given one, and then holds it safely', async () => {
    expect(await (await preview.get('/', { key: null })).text()).toContain('<meta name="try-it-key" content="">');
    const keyed = await startPreview({ API_KEYS: 'a"b<c&d' }, { tryItKey: 'a"b<c&d' });
    try {
      for (const path of ['/', '/docs']) {
        const page = await (await keyed.get(path, { key: null })).text();
        expect(page, path).toContain('<meta name="try-it-key" content="a&quot;b&lt;c&amp;d">');
      }
      expect(await (await keyed.get('/v2/openapi.json', { key: null })).text()).toBe(builtDocument());
    } finally {
      await keyed.close();
    }
  });
});

describe("the page's key and the Host a request names", () => {
  // A page on any other name that resolves to this machine (DNS rebinding) is same-origin with
  // the preview's pages, and could read a key filled in for it.
  const SECRET = 'my-real-prod-key';
  const FILLED = `<meta name="try-it-key" content="${SECRET}">`;
  let keyed: Awaited<ReturnType<typeof startPreview>>;
  let port = '';
  beforeAll(async () => {
    keyed = await startPreview({ API_KEYS: SECRET }, { tryItKey: SECRET });
    port = new URL(keyed.base).port;
  });
  afterAll(() => keyed.close());

  /** The page as a request with exactly this Host line (none when undefined) gets it, over HTTP/1.0, which may omit it. */
  const pageFor = (host: string | undefined) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /docs HTTP/1.0\r\n${host === undefined ? '' : `Host: ${host}\r\n`}\r\n`),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (d) => (text += d));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });

  it('is filled in for a Host that names this machine: localhost, 127.0.0.1 or [::1], with or without the port', async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'localhost',
      '127.0.0.1',
      '[::1]',
      `LOCALHOST:${port}`,
    ]) {
      const page = await pageFor(host);
      expect(page.split('\r\n')[0], host).toMatch(/ 200 /);
      expect(page, host).toContain(FILLED);
    }
  });

  it("is left empty for any other Host, a look-alike of this machine's names, an empty one or none", async () => {
    const others = [
      `rebind.attacker.example:${port}`,
      'rebind.attacker.example',
      `localhost.attacker.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      'localhost@evil',
      `localhost:${port}@evil.example`,
      `evil.example@localhost:${port}`,
      `localhost.:${port}`,
      `localhost:${port}:${port}`,
      'localhost:99999',
      `localhost :${port}`,
      `[::1]x:${port}`,
      '',
    ];
    // Asked for on this machine's name first: an answer kept for it must not reach the others.
    expect(await pageFor(`localhost:${port}`)).toContain(FILLED);
    for (const host of [...others, undefined]) {
      const page = await pageFor(host);
      expect(page.split('\r\n')[0], String(host)).toMatch(/ 200 /);
      expect(page, String(host)).not.toContain(SECRET);
      expect(page, String(host)).toContain('<meta name="try-it-key" content="">');
    }
  });
});

describe('request targets', () => {
  it("a path starting with // stays on the server's own origin", async () => {
    const { request } = await import('node:http');
    const port = new URL(preview.base).port;
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '//evil.example/v2/fights/', headers: { 'x-gateway-key': KEY } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(`${res.statusCode} ${text}`));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body.startsWith('404 ')).toBe(true);
    expect(body).not.toContain('http://evil.example');
  });
});

describe('headers', () => {
  // The answering function's own headers, every answer made afresh: the CDN stand-in would answer
  // a repeated request itself (its ETag, its 304s, its HEAD), as test/unit/preview-cdn.test.ts holds.
  let preview: Awaited<ReturnType<typeof startPreview>>;
  beforeAll(async () => {
    preview = await startPreview(undefined, { cdnBytes: 0 });
  });
  afterAll(() => preview.close());

  it('JSON, CORS and caching headers on success', async () => {
    const response = await preview.get('/v2/divisions/');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toMatch(/^private/);
    expect(response.headers.get('vary')).toBe('x-gateway-key, x-rapidapi-key');
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });

  it('CORS preflight allows both key headers without a key', async () => {
    const response = await preview.get('/v2/fights/', {
      method: 'OPTIONS',
      key: null,
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Headers': 'x-rapidapi-key' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toBe('x-gateway-key, x-rapidapi-key, if-none-match');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('ETag with If-None-Match gives 304 without a body; the ETag ignores the timestamp', async () => {
    const first = await preview.get('/v2/organizations/');
    const etag = first.headers.get('etag')!;
    const again = await preview.get('/v2/organizations/');
    expect(again.headers.get('etag')).toBe(etag);
    const revalidated = await preview.get('/v2/organizations/', { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const other = await preview.get('/v2/divisions/', { headers: { 'If-None-Match': etag } });
    expect(other.status).toBe(200);
  });

  it('HEAD answers the status and headers of GET, ETag included, without a body', async () => {
    // Date and the connection's own headers belong to the message, not the answer.
    const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    const headersOf = (r: Response) => [...r.headers].filter(([name]) => !own.has(name));
    for (const [path, key] of [
      ['/v2/fighters/', KEY],
      ['/v2/fights/?page_size=3', KEY],
      ['/v2/fights/fight-999999999', KEY],
      ['/v2/fights/', null],
    ] as const) {
      const get = await preview.get(path, { key });
      const head = await preview.get(path, { key, method: 'HEAD' });
      expect(head.status, path).toBe(get.status);
      expect(headersOf(head), path).toEqual(headersOf(get));
      expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
      if (get.status === 200) expect(head.headers.get('etag'), path).toMatch(/^W\//);
      expect(await head.text()).toBe('');
      expect((await get.text()).length).toBeGreaterThan(0);
    }
  });

  it('304 and error answers carry Vary and the CORS headers too', async () => {
    const cors = (r: Response, label: string) => {
      expect(r.headers.get('access-control-allow-origin'), label).toBe('*');
      expect(r.headers.get('access-control-expose-headers'), label).toBe('ETag');
      expect(r.headers.get('vary'), label).toBe('x-gateway-key, x-rapidapi-key');
    };
    const first = await preview.get('/v2/divisions/');
    const revalidated = await preview.get('/v2/divisions/', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    cors(revalidated, '304');
    expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(revalidated.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    const errors = [
      await preview.get('/v2/divisions/', { key: null }),
      await preview.get('/v2/divisions/', { key: 'nope' }),
      await preview.get('/v2/nope/'),
      await preview.get('/v2/fights/?page_size=0'),
      await preview.get('/v2/fights/', { method: 'DELETE' }),
      await preview.get('/v2/divisions/', { headers: { 'x-rapidapi-key': OTHER_KEY } }),
    ];
    expect(errors.map((r) => r.status)).toEqual([401, 403, 404, 400, 405, 400]);
    for (const r of errors) {
      cors(r, String(r.status));
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('metadata.timestamp is the time the answer was made, in UTC with microseconds', async () => {
    const before = Date.now();
    const { body } = await preview.json(`/v2/divisions/?first=${before}`);
    const after = Date.now();
    expect(body.metadata.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
    const t = Date.parse(body.metadata.timestamp);
    expect(t).toBeGreaterThanOrEqual(before - 1);
    expect(t).toBeLessThanOrEqual(after + 1);
  });
});
