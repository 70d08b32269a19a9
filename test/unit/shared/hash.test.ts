// The word-wise FNV-1a must mean the same whatever the bytes' place in their buffer: ETags are
// computed over a view that starts after the metadata, at any offset.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fnv1aWords } from '../../../src/shared/hash.ts';

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

// Below four bytes the word-wise hash is plain FNV-1a, whose published values are these; the
// longer ones were computed by a separate implementation of the word-wise definition.
it.each([
  ['', 0x811c9dc5],
  ['a', 0xe40c292c],
  ['foo', 0xa9f37ed7],
  ['abcd', 0xec7f6f2c],
  ['abcde', 0x959c2feb],
  ['foobar', 0xfafd00ee],
  ['{"data":[]}', 0xbfdde425],
])('known value: %j', (text, value) => {
  expect(fnv1aWords(new TextEncoder().encode(text))).toBe(value);
});
