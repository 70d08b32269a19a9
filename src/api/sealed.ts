// Opaque tokens the API hands out and takes back (cursors, sync tokens): a JSON value in
// base64url, then a checksum of it, so that an edited or cut token is told from a good one. The
// checksum catches edits, not forgery: what a token holds is checked as if it came from outside.
import { fnv1a } from '../shared/hash.ts';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string {
  const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const checksum = (text: string, seed: number) => fnv1a(text, seed).toString(16).padStart(8, '0');

/** `value` as a token: its JSON in base64url, then 8 hex digits of its checksum (seeded by the kind of token). */
export function seal(value: unknown, seed: number): string {
  const json = JSON.stringify(value);
  return toBase64Url(json) + checksum(json, seed);
}

/** The value a token holds, or why there is none: 'malformed' (not a token at all) or 'altered' (its checksum fails). */
export function unseal(token: string, seed: number): { value: unknown } | { why: 'malformed' | 'altered' } {
  let json: string;
  try {
    json = fromBase64Url(token.slice(0, -8));
  } catch {
    return { why: 'malformed' };
  }
  if (token.length < 9 || checksum(json, seed) !== token.slice(-8)) return { why: 'altered' };
  try {
    return { value: JSON.parse(json) };
  } catch {
    return { why: 'malformed' };
  }
}
