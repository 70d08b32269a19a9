// Paths anyone may read without an API key: the API's own description and its documentation.
// Everything else, the built store above all, answers only to a valid key. One list, read by
// every host, so the key gate and the answering function can never disagree.
import { BASE_PATH } from './routes.ts';

/** The API's OpenAPI document. */
export const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;
/** The documentation page, with its try-it console. */
export const DOCS_PAGES = ['/', '/docs'] as const;
/** The page's renderer: the API reference's browser bundle, served from the site itself. */
export const REFERENCE_SCRIPT = '/assets/api-reference.js';

/** Exact public paths: static files of the site, served as built. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set<string>([OPENAPI_PATH, ...DOCS_PAGES, REFERENCE_SCRIPT]);

/** Whether a request for this path is served without a key. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}

/** Whether a request is for a public file as built: GET or HEAD of a public path (any other method is the API's 405). */
export function isPublicRead(method: string, pathname: string): boolean {
  return (method === 'GET' || method === 'HEAD') && isPublicPath(pathname);
}
