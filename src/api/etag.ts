// The validator of an answer, and the If-None-Match comparison: the handler makes and checks it,
// and a cache in front of the handler (the preview's CDN stand-in) answers conditional requests
// with the same comparison.
import { fnv1aWords } from '../shared/hash.ts';

/**
 * A weak validator over the answer without its metadata. FNV-1a with the length is a fraction of
 * the cost of a digest here, and ample for a validator.
 */
export function etagOf(bytes: Uint8Array): string {
  return `W/"${bytes.length.toString(16)}-${fnv1aWords(bytes).toString(16)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET), or is `*`. */
export function matchesEtag(header: string | null | undefined, etag: string | undefined): boolean {
  if (header == null || etag === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
