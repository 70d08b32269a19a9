// Paths anyone may ask without an API key: the API's own description and its documentation,
// which are files served as built, and the service's health, which the API answers. Everything
// else, the built store above all, answers only to a valid key. One list, read by every host, so
// the key gate and the answering function can never disagree.
import { BASE_PATH } from './routes.ts';

/** The API's OpenAPI document. */
export const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;
/** The documentation page, with its try-it console. */
export const DOCS_PAGES = ['/', '/docs'] as const;
/** The page's renderer: the API reference's browser bundle, served from the site itself. */
export const REFERENCE_SCRIPT = '/assets/api-reference.js';
/** The service's health, below the base path (the endpoint's path: src/api/endpoints/health.ts). */
export const HEALTH_PATH = '/health';

/** Exact public paths of static files of the site, served as built. */
const PUBLIC_FILES: ReadonlySet<string> = new Set<string>([OPENAPI_PATH, ...DOCS_PAGES, REFERENCE_SCRIPT]);

/** Public paths the API answers: a monitor needs no key. With the trailing slash every API path may take. */
const PUBLIC_ANSWERS: ReadonlySet<string> = new Set<string>([
  `${BASE_PATH}${HEALTH_PATH}`,
  `${BASE_PATH}${HEALTH_PATH}/`,
]);

/** Whether a request for this path is served without a key. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_FILES.has(pathname) || PUBLIC_ANSWERS.has(pathname);
}

/** Whether a request is for a public file as built: GET or HEAD of a public file's path (any other method is the API's 405). */
export function isPublicRead(method: string, pathname: string): boolean {
  return (method === 'GET' || method === 'HEAD') && PUBLIC_FILES.has(pathname);
}
