// The API's numbers, each defined once: the parameters' checks, the errors' messages and the
// API's description all read them from here.

/** The spec's default page size for every paged list. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Page numbers go this far: beyond any list, and exact as a number. */
export const MAX_PAGE_NUM = 1_000_000_000;
export const DEFAULT_SCHEDULE_DAYS = 30;
export const MAX_SCHEDULE_DAYS = 3650;
/** Fighter name search: the longest text searched for, in characters as sent. */
export const MAX_SEARCH_LENGTH = 100;
/** The longest cursor accepted, in characters. */
export const MAX_CURSOR_LENGTH = 512;
/** Rankings pages: one per division, heaviest first. */
export const RANKINGS_PAGES = 17;
/** Fights list: offsets at or past this are refused on the page-number path (cursors go on). */
export const OFFSET_CEILING = 10_000;
/**
 * Requests a client address may make in a minute, on every path: the gate's Netlify rate limit
 * (netlify/edge-functions/gate.ts) and the preview's count both read it. A constant, not a
 * setting: Netlify reads an edge function's rate limit when the site is deployed, from its code.
 */
export const RATE_LIMIT_PER_MINUTE = 300;
