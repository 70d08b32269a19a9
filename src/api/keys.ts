// API-key check in constant time: every configured key is compared, each over a span of
// characters that depends on the configured key alone (never on the candidate), and no
// comparison stops at the first difference.
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

/** Keys as configured in API_KEYS: comma-separated, blanks ignored. */
export function parseKeys(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
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

export function keyChecker(keys: readonly string[]): (candidate: string) => boolean {
  return (candidate) => {
    let matched = 0;
    for (const key of keys) matched |= differs(key, candidate) === 0 ? 1 : 0;
    return matched === 1;
  };
}

/** Where a host keeps its settings: Netlify.env on Netlify, the process environment elsewhere. */
export interface Env {
  get(name: string): string | undefined;
}

/**
 * A value built from a host's API_KEYS (a gate, a handler), rebuilt only when that setting
 * changes: it is read on every request, which is cheap and never stale.
 */
export function perKeys<T>(env: Env, build: (keys: string[]) => T): () => T {
  let current: { value: string; built: T } | undefined;
  return () => {
    const value = env.get('API_KEYS') ?? '';
    if (current?.value !== value) current = { value, built: build(parseKeys(value)) };
    return current.built;
  };
}
