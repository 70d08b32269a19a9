// Who may keep a successful answer, and for how long. Netlify's CDN keeps answers (the answering
// function is declared with `cache = "manual"`, after the key gate, so a kept answer still goes
// only to requests with a valid key); browsers keep their own copy briefly, per key.
import { endOfDayMs } from '../shared/dates.ts';
import { KEY_HEADERS } from './keys.ts';
import { KEY_HEADER_NAMES } from './respond.ts';

/**
 * How long an endpoint's answers may be kept. `deploy`: until a deploy replaces them (or the UTC
 * day ends, for an answer that read today's date). `never`: not at all (the service's health is
 * the moment's). `immutable`: for good, as their URL names their bytes (an export part).
 */
export type Caching = 'deploy' | 'never' | 'immutable';

/**
 * Data that changes only with a deploy: a deploy replaces every answer the CDN holds, so the CDN
 * may keep it for a year.
 */
export const DEPLOY_TTL_S = 31_536_000;

/** How long a browser keeps an answer before it revalidates (cheap: the ETag gives a 304). */
export const BROWSER_TTL_S = 60;

/**
 * The CDN's cache key: every query parameter, the key (another key's answer is never reused,
 * even though the gate has checked it) and the host, which absolute next_page URLs are built on.
 */
export const CDN_VARY = `query,header=${KEY_HEADERS.join('|')}|host`;

/**
 * Caching headers for a successful answer of an endpoint that caches as `caching` says. `day` is
 * the UTC day the answer was computed for when it depends on today's date (schedules, event
 * status), else null: such an answer is kept only until that day ends. `toCdn` is false for a
 * 304, which the CDN must not store as the answer.
 */
export function answerCaching(
  caching: Caching,
  day: string | null,
  nowMs: number,
  toCdn = true,
): Record<string, string> {
  // The service's health is the moment's: no browser and no CDN keeps it.
  if (caching === 'never') return { 'Cache-Control': 'no-store' };
  if (caching === 'immutable')
    // A URL that names its bytes (an export part): kept for good by the browser, per key, and by
    // the CDN until the deploy ends.
    return {
      'Cache-Control': `private, max-age=${DEPLOY_TTL_S}, immutable`,
      Vary: KEY_HEADER_NAMES,
      ...(toCdn ? { 'Netlify-CDN-Cache-Control': `public, max-age=${DEPLOY_TTL_S}, immutable` } : {}),
      'Netlify-Vary': CDN_VARY,
    };
  const ttl = day === null ? DEPLOY_TTL_S : Math.max(0, Math.floor((endOfDayMs(day) - nowMs) / 1000));
  return {
    // A browser keeps its copy per key: after a key change it must not reuse answers given to the old one.
    'Cache-Control': `private, max-age=${Math.min(BROWSER_TTL_S, ttl)}, must-revalidate`,
    Vary: KEY_HEADER_NAMES,
    ...(toCdn && ttl > 0 ? { 'Netlify-CDN-Cache-Control': `public, max-age=${ttl}` } : {}),
    'Netlify-Vary': CDN_VARY,
  };
}
