// A least-recently-used map of byte buffers bounded by their total size, for file contents kept
// in memory by the local servers. A Map keeps insertion order, so re-inserting on each hit makes
// its first key the least recently used.

export function byteCache(maxBytes: number) {
  const entries = new Map<string, Uint8Array>();
  let total = 0;
  return {
    clear(): void {
      entries.clear();
      total = 0;
    },
    get(key: string): Uint8Array | undefined {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: Uint8Array): void {
      // A value larger than the whole budget would only evict everything else.
      if (maxBytes <= 0 || value.byteLength > maxBytes) return;
      const old = entries.get(key);
      if (old) {
        entries.delete(key);
        total -= old.byteLength;
      }
      entries.set(key, value);
      total += value.byteLength;
      for (const [k, v] of entries) {
        if (total <= maxBytes) break;
        entries.delete(k);
        total -= v.byteLength;
      }
    },
  };
}
