// What an edge function loads at its first request rather than with its module (see
// netlify/edge-functions/api.ts): loaded once, and a failed load is forgotten, so that the next
// request tries again rather than fail the same way for as long as the function lives.

/** `load`, called at the first call and its answer kept; called again after a failure. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((e: unknown) => {
      loaded = undefined;
      throw e;
    }));
}
