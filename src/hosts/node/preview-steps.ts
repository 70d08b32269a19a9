// Steps of the preview's chain that Netlify has no counterpart of: answers made on one build
// only, while builds are swapped in under a running server, and the documentation page's key.
import type { Step } from '../chain.ts';
import { withTryItKey } from '../../docs/try-it.ts';
import { namedHost } from './bridge.ts';
import { isLoopbackHost } from './loopback-host.ts';

/**
 * An answer made while a new build was swapped in, or a change written, may hold files of both:
 * it is made again (a request sees one build or the other, never a mixture), up to three times.
 * `answer` makes each attempt from what it needs: a body is never copied here, since a copy of a
 * stream keeps all that its first reader reads (an MCP call's body is read once, within its
 * limit, by the caller).
 */
export async function onOneBuild(build: () => number, answer: () => Promise<Response>): Promise<Response> {
  let answered = build();
  for (let attempt = 1; ; attempt++) {
    const response = await answer();
    const after = build();
    if (after === answered || attempt === 3) return response;
    await response.body?.cancel();
    answered = after;
  }
}

/** The API's answers made on one build (see onOneBuild). */
export function oneBuild(build: () => number): Step {
  // A GET has no body: the same request is answered again.
  return (_request, next) => onOneBuild(build, next);
}

/**
 * The documentation page with `key` filled into its try-it console, for a request whose Host is
 * one of this machine's loopback names: a page served on any other name could read it.
 */
export function tryItKey(key: string): Step {
  return async (request, next) => {
    const response = await next();
    if (!response.headers.get('content-type')?.startsWith('text/html') || !isLoopbackHost(namedHost(request)))
      return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(withTryItKey(await response.text(), key), { status: response.status, headers });
  };
}
