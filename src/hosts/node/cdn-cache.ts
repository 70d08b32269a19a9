// The preview's stand-in for Netlify's CDN cache, between the key gate and the answering
// function, as on Netlify: an answer is kept when its Netlify-CDN-Cache-Control allows, for as
// long as it says, under a key of its URL and the request headers its Vary and Netlify-Vary
// name; a later request with the same key gets it without the answering function running. The
// preview holds it in memory, bounded, least recently used dropped first (lru-cache), and drops
// everything when a new build is swapped in (on Netlify, a deploy does the same).
import { LRUCache } from 'lru-cache';

/** An answer as kept: its status, its headers as the client gets them (Age included), its body. */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  /** The ETag header, for conditional requests answered from the cache. */
  etag: string | undefined;
}

interface Entry extends KeptAnswer {
  /** Request headers (lower case) whose values are part of the key, and those values. */
  varyBy: readonly string[];
  varyValues: readonly string[];
  /** Both in one string: two entries of a URL with the same variant are the same answer. */
  variant: string;
  /** Epoch milliseconds when it was kept, and after which it is stale. */
  kept: number;
  expires: number;
  size: number;
}

/** The request as the cache sees it. */
export interface CacheRequest {
  method: string;
  /** Path and query, exactly as requested: the whole query string is part of the key. */
  target: string;
  header(name: string): string | undefined;
}

/** Seconds the CDN may keep an answer, from its Netlify-CDN-Cache-Control; 0 when it may not. */
export function cdnLifetime(value: string | undefined): number {
  if (value === undefined) return 0;
  const directives = new Map(
    value.split(',').map((d) => {
      const [name, arg] = d.trim().toLowerCase().split('=');
      return [name, arg] as const;
    }),
  );
  if (directives.has('no-store') || directives.has('private') || directives.has('no-cache')) return 0;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 0;
}

/**
 * The request headers an answer varies on: those its Vary names and Netlify-Vary's `header=`
 * list. Null when Netlify-Vary asks for what the preview does not key on (cookies, country,
 * language): such an answer is not kept, never shared too widely. `query` needs nothing more,
 * since the whole query string is always in the key.
 */
export function varyHeaders(vary: string | undefined, netlifyVary: string | undefined): string[] | null {
  const names = new Set<string>();
  for (const name of (vary ?? '').split(',')) if (name.trim() !== '') names.add(name.trim().toLowerCase());
  for (const part of (netlifyVary ?? '').split(',')) {
    const [kind, list] = part.trim().split('=');
    if (kind === '' || kind === 'query') continue;
    if (kind !== 'header' || list === undefined) return null;
    for (const name of list.split('|')) if (name.trim() !== '') names.add(name.trim().toLowerCase());
  }
  return names.has('*') ? null : [...names].sort();
}

/** Headers meant for the CDN alone, removed before the client sees the answer. */
const CDN_ONLY = new Set(['netlify-cdn-cache-control']);

export function cdnCache(options: { maxBytes: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  // The answers kept for each URL (one per key and host), least recently used URLs dropped first
  // while the budget is exceeded. No budget, no cache.
  const byTarget =
    options.maxBytes > 0
      ? new LRUCache<string, readonly Entry[]>({
          maxSize: options.maxBytes,
          sizeCalculation: (entries) => entries.reduce((n, e) => n + e.size, 0),
        })
      : null;

  return {
    clear(): void {
      byTarget?.clear();
    },

    /** The answer kept for this request, or undefined. GET and HEAD are answered from the cache. */
    lookup(request: CacheRequest): KeptAnswer | undefined {
      if (byTarget === null || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
      // Looked at without counting as a use: only an answer served makes its URL recently used.
      const list = byTarget.peek(request.target);
      if (!list) return undefined;
      const entry = list.find((e) => e.varyBy.every((name, i) => (request.header(name) ?? '') === e.varyValues[i]));
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        const rest = list.filter((e) => e !== entry);
        if (rest.length === 0) byTarget.delete(request.target);
        else byTarget.set(request.target, rest);
        return undefined;
      }
      byTarget.get(request.target);
      // Age: how long the answer has been kept, in whole seconds, as a CDN says.
      return { ...entry, headers: { ...entry.headers, age: String(Math.floor((now() - entry.kept) / 1000)) } };
    },

    /**
     * Keeps a GET request's answer if the CDN would: a 2xx whose Netlify-CDN-Cache-Control gives
     * it a lifetime, and `keepable` unless the caller knows better. Returns the headers the client
     * gets: without the CDN's own, unless there is no cache at all (a budget of 0), which stands for
     * no CDN in front, as under the emulator.
     */
    keep(
      request: CacheRequest,
      status: number,
      headers: Headers,
      body: Uint8Array<ArrayBuffer>,
      keepable = true,
    ): Record<string, string> {
      if (byTarget === null) return Object.fromEntries(headers);
      const forClient: Record<string, string> = {};
      for (const [name, value] of headers) if (!CDN_ONLY.has(name)) forClient[name] = value;
      if (!keepable) return forClient;
      const lifetime = cdnLifetime(headers.get('netlify-cdn-cache-control') ?? undefined);
      const varyBy = varyHeaders(headers.get('vary') ?? undefined, headers.get('netlify-vary') ?? undefined);
      const size = body.byteLength + request.target.length + 512;
      if (
        request.method !== 'GET' ||
        status < 200 ||
        status > 299 ||
        lifetime === 0 ||
        varyBy === null ||
        size > options.maxBytes
      )
        return forClient;
      const varyValues = varyBy.map((name) => request.header(name) ?? '');
      const variant = JSON.stringify([varyBy, varyValues]);
      const kept = now();
      const entry: Entry = {
        status,
        headers: forClient,
        body,
        etag: headers.get('etag') ?? undefined,
        varyBy,
        varyValues,
        variant,
        kept,
        expires: kept + lifetime * 1000,
        size,
      };
      // A second answer for the same URL and variant replaces the first.
      const rest = (byTarget.peek(request.target) ?? []).filter((e) => e.variant !== variant);
      byTarget.set(request.target, [...rest, entry]);
      return forClient;
    },
  };
}
