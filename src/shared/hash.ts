// Shard folders, cursor checksums and ETags need a hash that is cheap and the same in every runtime.

/** FNV-1a, 32 bit. */
export function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
