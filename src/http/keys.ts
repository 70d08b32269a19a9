// API-key check in constant time: keys are compared as SHA-256 digests, every configured key
// is compared, and no comparison stops at the first differing byte.

const encoder = new TextEncoder();

async function digest(s: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(s)));
}

/** Keys as configured in API_KEYS: comma-separated, blanks ignored. */
export function parseKeys(value: string | undefined | null): string[] {
  return (value ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
}

export function keyChecker(keys: readonly string[]): (candidate: string) => Promise<boolean> {
  const expected = Promise.all(keys.map(digest));
  return async (candidate) => {
    const [want, got] = await Promise.all([expected, digest(candidate)]);
    let matched = 0;
    for (const key of want) {
      let diff = 0;
      for (let i = 0; i < key.length; i++) diff |= key[i] ^ got[i];
      matched |= diff === 0 ? 1 : 0;
    }
    return matched === 1;
  };
}
