// A request's body read up to a limit and no further, with web streams alone (Netlify's edge is
// Deno, the preview Node): a client may declare or send any length, and nothing is read past the
// chunk that passes the limit, so a request costs the server at most the limit and that chunk.

/** Why a body was not read: over the limit, or failed on its way (the client went away). */
export type Unread = 'too large' | 'failed';

/**
 * The body's bytes, at most `maxBytes` of them. A Content-Length over the limit is refused before
 * anything is read; otherwise the stream is read until it ends or passes the limit, and is
 * cancelled there, so that the host stops receiving it.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | Unread> {
  if (Number(request.headers.get('content-length')) > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return 'too large';
  }
  const head = await readBodyHead(request, maxBytes);
  return head !== 'failed' && head.byteLength > maxBytes ? 'too large' : head;
}

/**
 * The body's bytes up to the chunk that passes `maxBytes`, the rest cancelled unread: all of a
 * body within the limit, else enough of it to show a reader with that limit that it is over (for
 * a proxy in front of one, which passes it on).
 */
export async function readBodyHead(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | 'failed'> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      chunks.push(value);
      if (length > maxBytes) {
        await reader.cancel().catch(() => {});
        break;
      }
    }
  } catch {
    return 'failed';
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
