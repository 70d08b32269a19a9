// Netlify edge function, last on every path and cached by the CDN (`cache = "manual"`): the
// answering function (src/hosts/functions.ts). Its context is the static origin: from the last
// function of the chain, context.next(request) reads a built file without running edge functions again.
import type { Context } from '@netlify/edge-functions';
import { apiFunction } from '../../src/hosts/functions.ts';

// Made at the first request: Netlify.env is the platform's, there when a request runs.
let api: ReturnType<typeof apiFunction> | undefined;

export default (request: Request, context: Context) => (api ??= apiFunction(Netlify.env))(request, context);
