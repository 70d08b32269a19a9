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

/**
 * FNV-1a over the 32-bit little-endian words of some bytes (the tail padded with zeros): a
 * quarter of the steps of a byte-wise hash, for validators over whole response bodies. Words are
 * read through a DataView (one load a step, at any byte offset), which is several times faster
 * than composing each word from four byte loads.
 */
export function fnv1aWords(bytes: Uint8Array, seed = 0x811c9dc5): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let h = seed | 0;
  const n = bytes.length;
  let i = 0;
  for (; i + 3 < n; i += 4) h = Math.imul(h ^ view.getUint32(i, true), 0x01000193);
  for (; i < n; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/**
 * MurmurHash3's finalizer: every bit of the result depends on every bit of `h`. FNV-1a alone
 * leaves ids that differ in their last characters (fight-000001, fight-000002) close in the low
 * bits, which a modulus reads.
 */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
