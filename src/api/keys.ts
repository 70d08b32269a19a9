// API-key check in constant time: every configured key is compared, each over the same number
// of characters whatever the candidate, and no comparison stops at the first difference.

/** The request header that carries the API key. */
export const KEY_HEADER = 'x-gateway-key';

/** The key a request presents, or null when it presents none. */
export function presentedKey(headers: Headers): string | null {
  const key = headers.get(KEY_HEADER);
  return key === null || key === '' ? null : key;
}

/** Keys as configured in API_KEYS: comma-separated, blanks ignored. */
export function parseKeys(value: string | undefined | null): string[] {
  return (value ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
}

/** Comparisons run over at least this many characters, so a key's length does not show in timing. */
const SPAN = 256;

function differs(key: string, candidate: string): number {
  const span = Math.max(SPAN, key.length, candidate.length);
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
