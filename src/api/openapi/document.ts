// The API's OpenAPI 3.1 document, generated from the code that answers: paths, parameters (their
// parsing schemas), records and descriptions from the endpoint registry, responses from the record
// and envelope schemas, errors from the error table, the security schemes from the key headers,
// and examples taken from a built store (examples.ts). Nothing here restates a shape or lists an
// endpoint.
import { z } from 'zod';
import * as records from '../../records/schemas.ts';
import type { Caching } from '../caching.ts';
import type { Endpoint } from '../endpoints/endpoint.ts';
import { ERRORS, type ErrorName } from '../errors.ts';
import { KEY_HEADERS } from '../keys.ts';
import { queryFields, type QueryField } from '../params/parse.ts';
import { isPublicPath } from '../public.ts';
import { ENDPOINTS, SECTIONS } from '../registry.ts';
import { BASE_PATH, type Section } from '../routes.ts';
import { Metadata, Pagination, envelopeOf, errorEnvelopeOf } from '../schemas.ts';
import type { Example, Examples } from './examples.ts';
import { INTRODUCTION } from './introduction.ts';
import { jsonSchemaOf, schemasOf, type JsonSchema } from './json-schema.ts';

const JSON_TYPE = 'application/json';
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Each record schema by the name records/schemas.ts exports it under: its name in the description. */
const RECORD_NAMES = new Map<z.ZodType, string>(Object.entries(records).map(([name, schema]) => [schema, name]));

function recordNameOf(endpoint: Endpoint): string {
  const name = RECORD_NAMES.get(endpoint.record);
  if (name === undefined) throw new Error(`${endpoint.name} answers with a record records/schemas.ts does not name`);
  return name;
}

const answerName = (endpoint: Endpoint) => `${recordNameOf(endpoint)}${endpoint.kind === 'one' ? '' : 'List'}Answer`;
const tagOf = (section: Section) => section[0].toUpperCase() + section.slice(1);
/** Endpoints that answer in the envelope: all but files, which go out as they were built. */
const ENVELOPED = ENDPOINTS.filter((e) => e.kind !== 'file');

/** Named schemas: the records, the envelope's parts, each answer's envelope and each error. */
function components() {
  const named = new Map<string, z.ZodType>([
    ['Metadata', Metadata],
    ['Pagination', Pagination],
    ['TitleRef', records.TitleRef],
    ['FightEvent', records.FightEvent],
    ['ExportPart', records.ExportPart],
  ]);
  const about = new Map<string, string>();
  // Each section's record (its first endpoint's), described as the section is.
  for (const {
    about: text,
    endpoints: [first],
  } of SECTIONS) {
    named.set(recordNameOf(first), first.record);
    about.set(recordNameOf(first), text);
  }
  for (const endpoint of ENVELOPED) {
    named.set(recordNameOf(endpoint), endpoint.record);
    named.set(
      answerName(endpoint),
      endpoint.answerSchema ?? envelopeOf(endpoint.kind === 'one' ? endpoint.record : z.array(endpoint.record)),
    );
  }
  for (const [name, { when }] of Object.entries(ERRORS) as Array<[ErrorName, { when: string }]>) {
    named.set(name, errorEnvelopeOf(name));
    about.set(name, when);
  }
  return schemasOf(named, about);
}

/** A field's JSON Schema, and its description apart (OpenAPI gives a parameter's its own place), the default last. */
function describedSchema(field: z.ZodType): { description: string; schema: JsonSchema } {
  const { description, default: fallback, ...schema } = jsonSchemaOf(field);
  return {
    description: String(description ?? ''),
    schema: fallback === undefined ? schema : { ...schema, default: fallback },
  };
}

/** A parameter's example as its schema types it: the text sent, or the number it parses to. */
function exampleOf(name: string, schema: JsonSchema, example: Example | undefined) {
  const value = example?.params[name];
  if (value === undefined) return {};
  return { example: schema.type === 'integer' ? Number(value) : value };
}

function parameterOf(name: string, { schema: field }: QueryField, example: Example | undefined) {
  const { description, schema } = describedSchema(field);
  return { name, in: 'query', required: false, description, schema, ...exampleOf(name, schema, example) };
}

/** The header a 429 comes with. */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer', minimum: 1 } },
};

function errorResponse(names: ErrorName[]) {
  const schema = names.length === 1 ? ref(names[0]) : { oneOf: names.map((n) => ref(n)) };
  return {
    description: names.map((n) => `${n}: ${ERRORS[n].when}`).join('\n\n'),
    ...(names.includes('TooManyRequests') && { headers: RETRY_AFTER }),
    content: { [JSON_TYPE]: { schema } },
  };
}

/** Whether an endpoint is answered without a key (src/api/public.ts says which). */
const isPublic = (endpoint: Endpoint) => isPublicPath(`${BASE_PATH}${endpoint.path}`);

/** Every error an endpoint answers with, by status. */
function errorsOf(endpoint: Endpoint): Map<number, ErrorName[]> {
  const params = [...queryFields(endpoint.params, endpoint.pathNames).values()];
  const names = new Set<ErrorName>(params.length > 0 ? ['InvalidParameter'] : []);
  for (const { rules } of params) if (rules.refuse) names.add(rules.refuse().name);
  for (const name of endpoint.errors) names.add(name);
  if (!isPublic(endpoint))
    names
      .add('ConflictingApiKeys')
      .add('MissingApiKey')
      .add('InvalidApiKey')
      .add('ApiKeyExpired')
      .add('InvalidProxySecret');
  // The per-address rate limit counts every path, before the gate.
  names.add('TooManyRequests');
  // A path whose values name something (an id, a part) may name nothing.
  if (endpoint.pathNames.size > 0) names.add('NotFound');
  // Other methods are answered 405 on every path; OpenAPI has no place for them but here.
  names.add('MethodNotAllowed').add('InternalError').add('ServiceUnavailable');
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of names) byStatus.set(ERRORS[name].status, [...(byStatus.get(ERRORS[name].status) ?? []), name]);
  return byStatus;
}

const VERBS = { list: 'list', one: 'get', schedule: 'schedule', file: 'download' } as const;

/** What the Cache-Control of a success says, as each caching gives it. */
const CACHE_CONTROL: Record<Caching, string> = {
  deploy:
    '`private, max-age=60, must-revalidate` (less, up to the next UTC midnight, for answers that depend on the day).',
  never: "`no-store`: the answer is the moment's, and no cache keeps it.",
  immutable: '`private, max-age=31536000, immutable`: the URL names these bytes, so they never change.',
};

/** A success: the records in the envelope, or a file as it was built (its bytes are the file: no Content-Encoding). */
function successOf(endpoint: Endpoint, example: Example | undefined) {
  const cacheControl = { description: CACHE_CONTROL[endpoint.caching], schema: { type: 'string' } };
  if (endpoint.kind === 'file')
    return {
      description:
        'The file, as it was built: gzip-compressed NDJSON, one record a line. It is sent without Content-Encoding, so its bytes are the file whose SHA-256 the listing gives.',
      headers: {
        ETag: {
          description: "A strong validator: the file's name, the start of its SHA-256. Send it in If-None-Match.",
          schema: { type: 'string' },
        },
        'Cache-Control': cacheControl,
        'Content-Disposition': {
          description: 'attachment, with a file name of the collection and the part.',
          schema: { type: 'string' },
        },
      },
      content: { 'application/gzip': { schema: { type: 'string', contentMediaType: 'application/gzip' } } },
    };
  return {
    description: 'The records in the envelope.',
    headers: {
      ETag: {
        description: 'A weak validator of the answer (not of its timestamp): send it in If-None-Match.',
        schema: { type: 'string' },
      },
      'Cache-Control': cacheControl,
    },
    content: { [JSON_TYPE]: { schema: ref(answerName(endpoint)), ...(example && { example: example.answer }) } },
  };
}

function operationOf(endpoint: Endpoint, example: Example | undefined) {
  const params = [...queryFields(endpoint.params, endpoint.pathNames)];
  const refused = params
    .filter(([, p]) => p.rules.refused)
    .map(([name, p]) => `Not supported: ${name} (a 400 whatever its value, as it ${p.rules.rule}).`);
  const pathParameters = [...endpoint.pathNames].map((name) => {
    const { description, schema } = describedSchema(endpoint.params.shape[name]);
    return { name, in: 'path', required: true, description, schema, ...exampleOf(name, schema, example) };
  });
  return {
    tags: [tagOf(endpoint.section)],
    summary: endpoint.summary,
    description: [endpoint.description, ...refused].join('\n\n'),
    operationId: `${VERBS[endpoint.kind]}${tagOf(endpoint.section)}`,
    // A public path needs no key: it overrides the document's security with none.
    ...(isPublic(endpoint) && { security: [] }),
    parameters: [
      ...pathParameters,
      ...params.filter(([, p]) => !p.rules.refused).map(([name, p]) => parameterOf(name, p, example)),
    ],
    responses: {
      200: successOf(endpoint, example),
      304: { description: 'Not modified: If-None-Match named the current ETag. No body.' },
      ...Object.fromEntries(
        [...errorsOf(endpoint)].sort(([a], [b]) => a - b).map(([status, names]) => [status, errorResponse(names)]),
      ),
    },
  };
}

/**
 * Operations outside the endpoint registry, as path items by path. The MCP endpoint (`POST /mcp`)
 * belongs here: a path item of its own with `servers: [{ url: '/' }]` (it is not under the base
 * path), and examples of its request body and its answer, as every registry endpoint has its
 * examples (see examples.ts and test/integration/openapi-examples.test.ts, which sends each). None yet.
 */
const OTHER_PATHS: Readonly<Record<string, Record<string, unknown>>> = {};

/**
 * The document; with examples (see examples.ts), each parameter and each answer has one, so
 * that requests made from the document alone ask for records that exist.
 */
function openApiDocument(examples: Examples = new Map()) {
  const schemes = Object.fromEntries(
    KEY_HEADERS.map((header) => [
      header,
      {
        type: 'apiKey',
        in: 'header',
        name: header,
        description: `The API key, in the ${header} request header${header === KEY_HEADERS[0] ? '' : ' (as the RapidAPI gateway sends it)'}.`,
      },
    ]),
  );
  return {
    openapi: '3.1.1',
    info: { title: 'Boxing Data API', version: BASE_PATH.slice(2), description: INTRODUCTION },
    // Relative to the document's own address, so it names whichever host serves it.
    servers: [{ url: BASE_PATH }],
    security: KEY_HEADERS.map((header) => ({ [header]: [] })),
    tags: SECTIONS.map(({ section, about }) => ({ name: tagOf(section), description: about })),
    paths: {
      ...Object.fromEntries(
        ENDPOINTS.map((endpoint) => [endpoint.path, { get: operationOf(endpoint, examples.get(endpoint.name)) }]),
      ),
      ...OTHER_PATHS,
    },
    components: { schemas: components(), securitySchemes: schemes },
  };
}

/** The document as served: the same bytes for the same code and examples. */
export function openApiText(examples?: Examples): string {
  return `${JSON.stringify(openApiDocument(examples), null, 2)}\n`;
}
