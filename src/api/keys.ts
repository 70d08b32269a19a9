// API_KEYS's entries (a key, with a name and a last day when given), read once per value, and
// the key check in constant time: every configured key is compared, each over a span of
// characters that depends on the configured key alone (never on the candidate), and no
// comparison stops at the first difference.
import { endOfDayMs, isRealDate } from '../shared/dates.ts';
import { conflictingApiKeys } from './errors.ts';

/** The spec's request header for the API key. */
export const KEY_HEADER = 'x-gateway-key';

/** The RapidAPI gateway's header, which clients of the commercial API send: the same keys. */
export const RAPIDAPI_KEY_HEADER = 'x-rapidapi-key';

/** Every header that may carry the key to the API: answers vary on all of them, and CORS allows all of them. */
export const KEY_HEADERS = [KEY_HEADER, RAPIDAPI_KEY_HEADER] as const;

/**
 * The header many MCP clients can set alone, `Authorization: Bearer <key>`: the MCP endpoint takes
 * the key there too. The API does not: its answers are cached by the key headers (Vary,
 * Netlify-Vary), and one more header that may carry the key would be one more the cache keys on.
 */
export const AUTHORIZATION_HEADER = 'authorization';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of `Authorization: Bearer <token>`; any other scheme carries no key. */
function bearerToken(value: string | null): string | null {
  return value === null ? null : (BEARER.exec(value.trim())?.[1] ?? null);
}

/**
 * The key a request presents, or null when it presents none (an empty header is none), from
 * the key headers, and with `bearer` from an `Authorization: Bearer` header as well. Several may
 * be sent with the same key; two different keys are refused (400 ConflictingApiKeys) rather than
 * one of them picked: which one the client meant cannot be known, and an answer must never
 * depend on a header a cache did not expect to matter.
 */
export function presentedKey(headers: Headers, bearer = false): string | null {
  let presented: string | null = null;
  const keys = KEY_HEADERS.map((name) => headers.get(name));
  if (bearer) keys.push(bearerToken(headers.get(AUTHORIZATION_HEADER)));
  for (const key of keys) {
    if (key === null || key === '') continue;
    if (presented !== null && key !== presented) throw conflictingApiKeys(bearer);
    presented = key;
  }
  return presented;
}

/**
 * One entry of API_KEYS: `key`, `name:key`, or `name:key:YYYY-MM-DD`. The name is what the logs
 * say instead of the key; the key is accepted through its last day, inclusive, in UTC.
 */
export interface ApiKey {
  /** What the logs call the key: its name, or `key N` (its place in API_KEYS) when it has none. */
  name: string;
  key: string;
  /** The last day the key is accepted, `YYYY-MM-DD` (UTC); absent: it never ends. */
  lastDay?: string;
  /** When the key stops being accepted, in epoch microseconds (the end of its last day, UTC). */
  endsAt?: number;
}

/** What a gate takes as a key: an entry of API_KEYS, or a plain key (tests, the emulator's method gate). */
export type KeyEntry = string | ApiKey;

/** A name: letters, digits and `.`, `_`, `-`, `@`, at most 64 (what a log line can show as it is). */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
/** A key: no spaces or control characters (a header cannot carry them as sent), nor the separators. */
const KEY = /^[\x21-\x7e]+$/;

/** A malformed API_KEYS: the message names the entry (its key shortened), never the whole key. */
export class ApiKeysProblem extends Error {
  override name = 'ApiKeysProblem';
}

/**
 * A key as it may be printed or logged: its first characters (at most 4, and at most a quarter
 * of it), since a terminal or a log is shared, recorded and kept.
 */
export function shortenedKey(key: string): string {
  return `${key.slice(0, Math.min(4, Math.floor(key.length / 4)))}…`;
}

/**
 * The entries of API_KEYS: comma-separated, blanks ignored; each `key`, `name:key` or
 * `name:key:YYYY-MM-DD`. A malformed entry (an empty name or key, a name or key with characters
 * it may not hold, a day that is not a calendar day, more than three parts, a name or a key
 * given twice) is refused with an ApiKeysProblem naming it: a value read as something else
 * would let someone in, or no one, without a word.
 */
export function parseKeys(value: string | undefined | null): ApiKey[] {
  const entries = (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  const keys: ApiKey[] = [];
  const names = new Set<string>();
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    const parts = entry.split(':');
    const [name, key, lastDay] = parts.length === 1 ? [undefined, parts[0], undefined] : parts;
    // Shown with every part that may be a key shortened: the name and the day are not secret.
    const secret = (j: number) => (parts.length === 1 || j > 0) && !(parts.length === 3 && j === 2);
    const shown = parts.map((p, j) => (secret(j) && p !== '' ? shortenedKey(p) : p)).join(':');
    const refuse = (why: string) => {
      throw new ApiKeysProblem(`API_KEYS entry ${i + 1} ("${shown}"): ${why}`);
    };
    if (parts.length > 3) refuse('an entry is key, name:key or name:key:YYYY-MM-DD, not more parts');
    if (name !== undefined && !NAME.test(name))
      refuse(
        name === ''
          ? 'the name before the first colon is empty'
          : 'a name is 1 to 64 letters, digits, ".", "_", "-" or "@", starting with a letter or digit',
      );
    if (key === '') refuse('the key is empty');
    if (!KEY.test(key)) refuse('a key is printable ASCII, with no spaces or control characters');
    if (lastDay !== undefined && !isRealDate(lastDay)) refuse(`"${lastDay}" is not a calendar day YYYY-MM-DD`);
    if (name !== undefined && names.has(name)) refuse(`the name "${name}" is given to an earlier key too`);
    if (seen.has(key)) refuse('the same key is given by an earlier entry too');
    const label = name ?? `key ${i + 1}`;
    names.add(label);
    seen.add(key);
    keys.push(
      lastDay === undefined ? { name: label, key } : { name: label, key, lastDay, endsAt: endOfDayMs(lastDay) * 1000 },
    );
  });
  return keys;
}

/** Comparisons run over at least this many characters, so a key's length does not show in timing. */
const SPAN = 256;

/**
 * Zero when the two are equal. The span follows the configured key, so what a client sends
 * (however long) never changes how long the check takes; a longer candidate differs in length.
 */
function differs(key: string, candidate: string): number {
  const span = Math.max(SPAN, key.length);
  let diff = key.length ^ candidate.length;
  for (let i = 0; i < span; i++) diff |= (key.charCodeAt(i) | 0) ^ (candidate.charCodeAt(i) | 0);
  return diff;
}

/**
 * The entry a candidate key is, or undefined: every configured key is compared, and the one that
 * matched is picked without a branch on any comparison (API_KEYS holds each key once).
 */
export function keyChecker(keys: readonly KeyEntry[]): (candidate: string) => ApiKey | undefined {
  const entries = keys.map((k, i) => (typeof k === 'string' ? { name: `key ${i + 1}`, key: k } : k));
  return (candidate) => {
    let matched = 0;
    for (let i = 0; i < entries.length; i++) matched |= (differs(entries[i].key, candidate) === 0 ? 1 : 0) * (i + 1);
    return matched === 0 ? undefined : entries[matched - 1];
  };
}

/** Whether a secret sent equals the configured one, in constant time (for the gateway's proxy secret). */
export function sameSecret(secret: string, sent: string): boolean {
  return differs(secret, sent) === 0;
}

/** Where a host keeps its settings: Netlify.env on Netlify, the process environment elsewhere. */
export interface Env {
  get(name: string): string | undefined;
}

/** The settings a gate is made from: API_KEYS and RAPIDAPI_PROXY_SECRET, read as a host has them. */
export interface KeySettings {
  keys: readonly KeyEntry[];
  /** The RapidAPI gateway's proxy secret, when the API is sold through it (unset or empty: none). */
  proxySecret?: string | null;
  /** A setting that could not be read (a malformed API_KEYS): every request is answered 500, never cached. */
  problem?: string;
}

/**
 * A value built from a host's key settings (a gate, a handler), rebuilt only when one of them
 * changes: they are read on every request, which is cheap and never stale, and parsed once per
 * value. A malformed API_KEYS builds it with the problem, which is logged once per value.
 */
export function perKeys<T>(env: Env, build: (settings: KeySettings) => T): () => T {
  let current: { value: string; secret: string; built: T } | undefined;
  return () => {
    const value = env.get('API_KEYS') ?? '';
    const secret = env.get('RAPIDAPI_PROXY_SECRET') ?? '';
    if (current?.value !== value || current.secret !== secret)
      current = { value, secret, built: build(keySettings(value, secret)) };
    return current.built;
  };
}

function keySettings(value: string, secret: string): KeySettings {
  const proxySecret = secret === '' ? null : secret;
  try {
    return { keys: parseKeys(value), proxySecret };
  } catch (e) {
    if (!(e instanceof ApiKeysProblem)) throw e;
    console.error(`${e.message}: every request is answered 500 until API_KEYS is mended`);
    return { keys: [], proxySecret: null, problem: e.message };
  }
}
