// The API's OpenAPI document as built, and the one check every answer in the tests goes through:
// given the request's method and target, the status and the body, the status is one the document
// gives for that path and the body validates against the document's schema for it (JSON Schema
// 2020-12, OpenAPI 3.1's dialect).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { isPublicPath, OPENAPI_PATH } from '../../src/api/public.ts';
import { route } from '../../src/api/registry.ts';
import { BASE_PATH } from '../../src/api/routes.ts';
import { builtSite } from './site.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
export interface ApiDocument {
  paths: Record<string, { get: Operation }>;
  components: {
    schemas: Record<string, { properties?: { error?: { properties?: { status?: { const?: number } } } } }>;
  };
  [key: string]: unknown;
}

const DOCUMENT_ID = 'openapi.json';
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;

let loaded: { document: ApiDocument; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;

/** The document the test build serves. */
export function apiDocument(): ApiDocument {
  return validator().document;
}

function validator() {
  if (loaded) return loaded;
  const document = JSON.parse(readFileSync(path.join(builtSite(), OPENAPI_PATH), 'utf8')) as ApiDocument;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // The document's own members are not schema keywords: named so, strict mode lets them be.
  ajv.addVocabulary(Object.keys(document));
  ajv.addSchema(document, DOCUMENT_ID);
  loaded = { document, ajv, compiled: new Map() };
  return loaded;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function compiled(ref: string): ValidateFunction {
  const { ajv, compiled: cache } = validator();
  let validate = cache.get(ref);
  if (!validate) cache.set(ref, (validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${ref}` })));
  return validate;
}

/** The document's path for a request path, or null when the API has no such path. */
function documentPath(pathname: string): string | null {
  return route(pathname)?.endpoint.path ?? null;
}

/**
 * Throws unless the answer is one the document describes: its status is among the responses of
 * the path's operation (an unknown path answers only key errors, 404 or 405) and its body, when
 * it has one, validates against that response's schema (a file's is not JSON: its media type is
 * its description). Public files are not API answers.
 */
export function expectDocumented(method: string, target: string, status: number, text: string): void {
  // Joined as text, as the clients join it: a target starting with // stays a path.
  const { pathname } = new URL(`http://any${target}`);
  const label = `${method} ${target} ${status}`;
  if (method === 'OPTIONS' || isPublicPath(pathname)) return;
  const hasBody = method !== 'HEAD' && status !== 304;
  if (!hasBody && text !== '') throw new Error(`${label}: a body where none belongs`);
  const apiPath = documentPath(pathname);
  let ref: string;
  if (apiPath === null) {
    const { schemas } = validator().document.components;
    const names = Object.keys(schemas).filter(
      (n) => schemas[n].properties?.error?.properties?.status?.const === status,
    );
    if (![401, 403, 404, 405].includes(status) || names.length === 0)
      throw new Error(`${label}: not an answer the API gives for a path it does not have`);
    if (!hasBody) return;
    const body = JSON.parse(text) as { error?: { name?: string } };
    ref = pointer('components', 'schemas', names.includes(body.error?.name ?? '') ? body.error!.name! : names[0]);
  } else {
    const operation = validator().document.paths[apiPath].get;
    const response = operation.responses[String(status)];
    if (response === undefined) throw new Error(`${label}: status not documented for ${BASE_PATH}${apiPath}`);
    if (!hasBody) return;
    if (response.content === undefined) throw new Error(`${label}: a body where the document has none`);
    // A file (an export part) is bytes of its own media type, not JSON to validate.
    if (!('application/json' in response.content)) return;
    ref = pointer('paths', apiPath, 'get', 'responses', String(status), 'content', 'application/json', 'schema');
  }
  const validate = compiled(ref);
  if (!validate(JSON.parse(text)))
    throw new Error(
      `${label} does not match ${ref}: ${validate.errors!.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`,
    );
}
