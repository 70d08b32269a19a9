// The word-wise FNV-1a must mean the same whatever the bytes' place in their buffer: ETags are
// computed over a view that starts after the metadata, at any offset.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fnv1aWords } from '../src/shared/hash.ts';

/** The definition, spelled out: little-endian words composed byte by byte, the tail byte-wise. */
function reference(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  let i = 0;
  for (; i + 3 < bytes.length; i += 4) {
    h ^= bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  for (; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h;
}

it('hashes any view, aligned or not, as the byte-wise definition does', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(3), (data, offset) => {
      const buffer = new Uint8Array(offset + data.length);
      buffer.set(data, offset);
      expect(fnv1aWords(buffer.subarray(offset))).toBe(reference(data));
    }),
  );
});

it('known values', () => {
  expect(fnv1aWords(new Uint8Array())).toBe(0x811c9dc5);
  expect(fnv1aWords(new TextEncoder().encode('{"data":[]}'))).toBe(reference(new TextEncoder().encode('{"data":[]}')));
  expect(fnv1aWords(new TextEncoder().encode('a'))).not.toBe(fnv1aWords(new TextEncoder().encode('b')));
});
