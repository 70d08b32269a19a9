// Paths anyone may read without an API key: the API's own description and its documentation.
// Everything else, the built store above all, answers only to a valid key. One list, read by
// every host, so the key gate and the answering function can never disagree.

/** Exact public paths. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set<string>();

/** Whether a request for this path is served without a key. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}
