// Opaque tokens the API hands out and takes back (cursors, sync tokens): a JSON value in
// base64url, then a checksum of it, so that an edited or cut token is told from a good one. The
// checksum catches edits, not forgery: what a token holds is checked as if it came from outside.
import type { z } from 'zod';
import { fnv1a } from '../shared/hash.ts';
import type { ApiError } from './errors.ts';

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

/**
 * What a token of one kind holds, as its schema reads it; else `refuse` (the kind's 400) saying why.
 * A kind's schema bounds every field to what the API hands out: a token made by hand is one the
 * API could have made, or it is refused.
 */
export function openSealed<T>(token: string, seed: number, schema: z.ZodType<T>, refuse: (why: string) => ApiError): T {
  const opened = unseal(token, seed);
  if ('why' in opened) throw refuse(opened.why === 'altered' ? 'it has been altered or truncated' : 'it is malformed');
  const read = schema.safeParse(opened.value);
  if (!read.success) throw refuse('it is malformed');
  return read.data;
}
