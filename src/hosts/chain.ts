// Web-standard steps a host chains in front of the answering function, each Request -> Response.
// A step answers a request itself or calls next() to hand it on unchanged: the shape of Netlify's
// edge functions (`context.next()`) and of srvx's middleware, so one step runs on every host.

/** Answers a request: the end of a chain, or a whole chain. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** One step of a chain: answers the request itself, or hands it on with next(). */
export type Step = (request: Request, next: () => Promise<Response>) => Promise<Response>;

/** The steps in order, then `last`: each step's next() runs the rest of the chain. */
export function chain(steps: readonly Step[], last: FetchHandler): FetchHandler {
  return steps.reduceRight<FetchHandler>((rest, step) => (request) => step(request, () => rest(request)), last);
}
