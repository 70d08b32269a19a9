// Steps of the preview's chain that Netlify has no counterpart of: answers made on one build
// only, while builds are swapped in under a running server, and the documentation page's key.
import type { Step } from '../chain.ts';
import { withTryItKey } from '../../docs/try-it.ts';
import { namedHost } from './bridge.ts';
import { isLoopbackHost } from './loopback-host.ts';

/**
 * An answer made while a new build was swapped in, or a change written, may hold files of both:
 * it is made again (a request sees one build or the other, never a mixture), up to three times.
 * A request with a body (an MCP call) is read by its answer: each attempt but the last gets a copy.
 */
export async function onOneBuild(build: () => number, request: Request, answer: (request: Request) => Promise<Response>): Promise<Response> {
  let answered = build();
  let current = request;
  for (let attempt = 1; ; attempt++) {
    const spare = attempt < 3 && current.body !== null ? current.clone() : current;
    const response = await answer(current);
    const after = build();
    if (after === answered || attempt === 3) return response;
    await response.body?.cancel();
    answered = after;
    current = spare;
  }
}

/** The API's answers made on one build (see onOneBuild). */
export function oneBuild(build: () => number): Step {
  // A GET has no body: the same request is answered again.
  return (request, next) => onOneBuild(build, request, () => next());
}

/**
 * The documentation page with `key` filled into its try-it console, for a request whose Host is
 * one of this machine's loopback names: a page served on any other name could read it.
 */
export function tryItKey(key: string): Step {
  return async (request, next) => {
    const response = await next();
    if (!response.headers.get('content-type')?.startsWith('text/html') || !isLoopbackHost(namedHost(request))) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(withTryItKey(await response.text(), key), { status: response.status, headers });
  };
}
