// The preview's stand-in for the CDN cache keeps what Netlify's would, for as long, under the same key.
import { describe, expect, it } from 'vitest';
import { cdnCache, cdnLifetime, varyHeaders, type CacheRequest } from '../../../../src/hosts/node/cdn-cache.ts';
import { matchesEtag } from '../../../../src/api/etag.ts';

const req = (target: string, headers: Record<string, string> = {}, method = 'GET'): CacheRequest => ({
  method,
  target,
  header: (name) => headers[name],
});
const answer = (extra: Record<string, string> = {}) =>
  new Headers({
    'content-type': 'application/json',
    etag: 'W/"a-1"',
    vary: 'x-gateway-key',
    'netlify-cdn-cache-control': 'public, max-age=60',
    'netlify-vary': 'query,header=x-gateway-key|host',
    ...extra,
  });
const body = new Uint8Array(100);
const KEY = { 'x-gateway-key': 'k1', host: 'a.example' };

describe('cdnLifetime and varyHeaders', () => {
  it('read the directives the CDN reads', () => {
    expect(cdnLifetime('public, max-age=60')).toBe(60);
    expect(cdnLifetime('public, s-maxage=30, max-age=60')).toBe(30);
    expect(cdnLifetime('public, max-age=0')).toBe(0);
    expect(cdnLifetime('private, max-age=60')).toBe(0);
    expect(cdnLifetime('no-store')).toBe(0);
    expect(cdnLifetime(undefined)).toBe(0);
    expect(varyHeaders('x-gateway-key', 'query,header=x-gateway-key|Host')).toEqual(['host', 'x-gateway-key']);
    expect(varyHeaders(undefined, 'query')).toEqual([]);
    expect(varyHeaders(undefined, 'cookie=session')).toBeNull();
    expect(varyHeaders('*', undefined)).toBeNull();
  });
});

describe('cdnCache', () => {
  it('answers GET and HEAD for the same URL, key and host from the cache, and no other', () => {
    const cache = cdnCache({ maxBytes: 1 << 20 });
    const headers = cache.keep(req('/v2/fights/', KEY), 200, answer(), body);
    expect(headers['netlify-cdn-cache-control']).toBeUndefined();
    expect(headers.etag).toBe('W/"a-1"');
    expect(cache.lookup(req('/v2/fights/', KEY))).toMatchObject({ status: 200, body, etag: 'W/"a-1"', headers });
    expect(cache.lookup(req('/v2/fights/', { ...KEY, 'x-gateway-key': 'k2' }))).toBeUndefined();
    expect(cache.lookup(req('/v2/fights/', { ...KEY, host: 'b.example' }))).toBeUndefined();
    expect(cache.lookup(req('/v2/fights/?page_num=1', KEY))).toBeUndefined();
    expect(cache.lookup(req('/v2/fights/', KEY, 'HEAD'))).toMatchObject({ status: 200, etag: 'W/"a-1"' });
    expect(cache.lookup(req('/v2/fights/', KEY, 'OPTIONS'))).toBeUndefined();
  });

  it('keeps only what the CDN would: GET, 2xx, with a CDN lifetime and a key it can make', () => {
    const cache = cdnCache({ maxBytes: 1 << 20 });
    cache.keep(req('/a', KEY), 200, answer({ 'netlify-cdn-cache-control': 'no-store' }), body);
    cache.keep(req('/b', KEY), 404, answer(), body);
    cache.keep(req('/c', KEY, 'HEAD'), 200, answer(), body);
    cache.keep(req('/d', KEY), 200, answer({ 'netlify-vary': 'cookie=session' }), body);
    const none = new Headers(answer());
    none.delete('netlify-cdn-cache-control');
    cache.keep(req('/e', KEY), 200, none, body);
    for (const target of ['/a', '/b', '/c', '/d', '/e']) expect(cache.lookup(req(target, KEY)), target).toBeUndefined();
  });

  it('forgets an answer when its lifetime ends, and everything when cleared', () => {
    let now = 1_000_000;
    const cache = cdnCache({ maxBytes: 1 << 20, now: () => now });
    cache.keep(req('/a', KEY), 200, answer(), body);
    cache.keep(req('/b', KEY), 200, answer({ 'netlify-cdn-cache-control': 'public, max-age=3600' }), body);
    expect(cache.lookup(req('/a', KEY))?.headers.age).toBe('0');
    now += 59_999;
    expect(cache.lookup(req('/a', KEY))?.headers.age).toBe('59');
    now += 1;
    expect(cache.lookup(req('/a', KEY))).toBeUndefined();
    expect(cache.lookup(req('/b', KEY))).toBeDefined();
    cache.clear();
    expect(cache.lookup(req('/b', KEY))).toBeUndefined();
  });

  it('stays within its budget, dropping the least recently used first', () => {
    const cache = cdnCache({ maxBytes: 3 * 1200 });
    const big = new Uint8Array(600);
    for (const t of ['/1', '/2', '/3']) cache.keep(req(t, KEY), 200, answer(), big);
    expect(cache.lookup(req('/1', KEY))).toBeDefined();
    cache.keep(req('/4', KEY), 200, answer(), big);
    expect(cache.lookup(req('/2', KEY))).toBeUndefined();
    for (const t of ['/1', '/3', '/4']) expect(cache.lookup(req(t, KEY)), t).toBeDefined();
    // A second answer for the same URL and key replaces the first, not adds to it.
    cache.keep(req('/4', KEY), 200, answer({ etag: 'W/"b-2"' }), big);
    expect(cache.lookup(req('/4', KEY))?.etag).toBe('W/"b-2"');
    expect(cache.lookup(req('/1', KEY))).toBeDefined();
  });
});

it('matchesEtag compares weakly, any of a list, or *', () => {
  expect(matchesEtag('W/"a-1"', 'W/"a-1"')).toBe(true);
  expect(matchesEtag('"a-1"', 'W/"a-1"')).toBe(true);
  expect(matchesEtag('"x", W/"a-1"', 'W/"a-1"')).toBe(true);
  expect(matchesEtag('*', 'W/"a-1"')).toBe(true);
  expect(matchesEtag('"x"', 'W/"a-1"')).toBe(false);
  expect(matchesEtag(undefined, 'W/"a-1"')).toBe(false);
});

it('with no budget there is no CDN: nothing kept, every header passed on', () => {
  const cache = cdnCache({ maxBytes: 0 });
  const headers = cache.keep(req('/a', KEY), 200, answer(), body);
  expect(headers['netlify-cdn-cache-control']).toBe('public, max-age=60');
  expect(cache.lookup(req('/a', KEY))).toBeUndefined();
});
