// Who may keep a successful answer, and for how long. Netlify's CDN keeps answers (the answering
// function is declared with `cache = "manual"`, after the key gate, so a kept answer still goes
// only to requests with a valid key); browsers keep their own copy briefly, per key.
import { endOfDayMs } from '../shared/dates.ts';
import { KEY_HEADERS } from './keys.ts';
import { KEY_HEADER_NAMES } from './respond.ts';

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
 * Caching headers for a successful answer. `day` is the UTC day the answer was computed for when
 * it depends on today's date (schedules, event status), else null: such an answer is kept only
 * until that day ends. `toCdn` is false for a 304, which the CDN must not store as the answer.
 */
export function answerCaching(day: string | null, nowMs: number, toCdn = true): Record<string, string> {
  const ttl = day === null ? DEPLOY_TTL_S : Math.max(0, Math.floor((endOfDayMs(day) - nowMs) / 1000));
  return {
    // A browser keeps its copy per key: after a key change it must not reuse answers given to the old one.
    'Cache-Control': `private, max-age=${Math.min(BROWSER_TTL_S, ttl)}, must-revalidate`,
    Vary: KEY_HEADER_NAMES,
    ...(toCdn && ttl > 0 ? { 'Netlify-CDN-Cache-Control': `public, max-age=${ttl}` } : {}),
    'Netlify-Vary': CDN_VARY,
  };
}
