// The API's OpenAPI 3.1 document, generated from the code that answers: paths from the routes,
// parameters from their parsing schemas, responses from the record and envelope schemas, errors
// from the error table, the security schemes from the key headers. Nothing here restates a shape.
import { z } from 'zod';
import { FightEvent, TitleRef } from '../../records/schemas.ts';
import { ERRORS, type ErrorName } from '../errors.ts';
import { KEY_HEADERS } from '../keys.ts';
import { ENDPOINT_PARAMS, QUERY_DEFAULTS, type Param } from '../params.ts';
import { BASE_PATH, endpoints, type Endpoint } from '../routes.ts';
import { Metadata, Pagination, envelopeOf, errorEnvelopeOf } from '../schemas.ts';
import { Id } from '../../records/common.ts';
import { endpointDoc, RESOURCE_DOCS } from './endpoints.ts';
import { INTRODUCTION } from './introduction.ts';
import { jsonSchemaOf, schemasOf } from './json-schema.ts';

const JSON_TYPE = 'application/json';
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Named schemas: the records, the envelope's parts, each answer's envelope and each error. */
function components() {
  const named = new Map<string, z.ZodType>([
    ['Metadata', Metadata],
    ['Pagination', Pagination],
    ['TitleRef', TitleRef],
    ['FightEvent', FightEvent],
  ]);
  const about = new Map<string, string>();
  for (const { record, about: text } of Object.values(RESOURCE_DOCS)) {
    named.set(record.name, record.schema);
    about.set(record.name, text);
  }
  for (const endpoint of endpoints()) {
    const { name, schema } = recordOf(endpoint);
    named.set(name, schema);
    named.set(answerName(endpoint), envelopeOf(endpoint.kind === 'one' ? schema : z.array(schema)));
  }
  for (const [name, { when }] of Object.entries(ERRORS) as Array<[ErrorName, { when: string }]>) {
    named.set(name, errorEnvelopeOf(name));
    about.set(name, when);
  }
  return schemasOf(named, about);
}

const recordOf = (endpoint: Endpoint) => endpointDoc(endpoint).record ?? RESOURCE_DOCS[endpoint.resource].record;
const answerName = (endpoint: Endpoint) => `${recordOf(endpoint).name}${endpoint.kind === 'one' ? '' : 'List'}Answer`;

function parameterOf(name: string, param: Param) {
  const notes = [
    param.about ?? '',
    `The value ${param.rule}.`,
    param.notWith ? `Giving it with ${param.notWith.name} is a 400 (${param.notWith.rule}).` : '',
    param.ignoredWith ? `Ignored, and not checked, when ${param.ignoredWith} is given.` : '',
  ];
  const fallback = (QUERY_DEFAULTS as Record<string, unknown>)[name];
  return {
    name,
    in: 'query',
    required: false,
    description: notes.filter((n) => n !== '').join(' '),
    schema: { ...jsonSchemaOf(param.schema), ...(fallback === undefined ? {} : { default: fallback }) },
  };
}

function errorResponse(names: ErrorName[]) {
  const schema = names.length === 1 ? ref(names[0]) : { oneOf: names.map((n) => ref(n)) };
  return { description: names.map((n) => `${n}: ${ERRORS[n].when}`).join('\n\n'), content: { [JSON_TYPE]: { schema } } };
}

/** Every error an endpoint answers with, by status. */
function errorsOf(endpoint: Endpoint): Map<number, ErrorName[]> {
  const params = [...(ENDPOINT_PARAMS.get(`${endpoint.resource}/${endpoint.kind}`)?.values() ?? [])];
  const names = new Set<ErrorName>(params.length > 0 ? ['InvalidParameter'] : []);
  for (const p of params) if (p.refuse) names.add(p.refuse().name);
  for (const name of endpointDoc(endpoint).errors ?? []) names.add(name);
  names.add('ConflictingApiKeys').add('MissingApiKey').add('InvalidApiKey');
  if (endpoint.kind === 'one') names.add('NotFound');
  // Other methods are answered 405 on every path; OpenAPI has no place for them but here.
  names.add('MethodNotAllowed').add('InternalError').add('ServiceUnavailable');
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of names) byStatus.set(ERRORS[name].status, [...(byStatus.get(ERRORS[name].status) ?? []), name]);
  return byStatus;
}

function operationOf(endpoint: Endpoint) {
  const doc = endpointDoc(endpoint);
  const resource = RESOURCE_DOCS[endpoint.resource];
  const params = [...(ENDPOINT_PARAMS.get(`${endpoint.resource}/${endpoint.kind}`) ?? [])];
  const refused = params.filter(([, p]) => p.refused).map(([name, p]) => `Not supported: ${name} (a 400 whatever its value, as it ${p.rule}).`);
  const idParameter = endpoint.idName === undefined ? [] : [{
    name: endpoint.idName,
    in: 'path',
    required: true,
    description: `${resource.record.name} identifier. An id that no record has, or that cannot be an id, is a 404.`,
    schema: jsonSchemaOf(Id),
  }];
  return {
    tags: [resource.tag],
    summary: doc.summary,
    description: [doc.description, ...refused].join('\n\n'),
    operationId: `${endpoint.kind === 'list' ? 'list' : endpoint.kind === 'one' ? 'get' : 'schedule'}${resource.tag}`,
    parameters: [...idParameter, ...params.filter(([, p]) => !p.refused).map(([name, p]) => parameterOf(name, p))],
    responses: {
      200: {
        description: 'The records in the envelope.',
        headers: {
          ETag: { description: 'A weak validator of the answer (not of its timestamp): send it in If-None-Match.', schema: { type: 'string' } },
          'Cache-Control': { description: '`private, max-age=60, must-revalidate` (less, up to the next UTC midnight, for answers that depend on the day).', schema: { type: 'string' } },
        },
        content: { [JSON_TYPE]: { schema: ref(answerName(endpoint)) } },
      },
      304: { description: 'Not modified: If-None-Match named the current ETag. No body.' },
      ...Object.fromEntries([...errorsOf(endpoint)].sort(([a], [b]) => a - b).map(([status, names]) => [status, errorResponse(names)])),
    },
  };
}

export function openApiDocument() {
  const schemes = Object.fromEntries(KEY_HEADERS.map((header) => [header, {
    type: 'apiKey', in: 'header', name: header, description: `The API key, in the ${header} request header${header === KEY_HEADERS[0] ? '' : ' (as the RapidAPI gateway sends it)'}.`,
  }]));
  return {
    openapi: '3.1.1',
    info: { title: 'Boxing Data API', version: BASE_PATH.slice(2), description: INTRODUCTION },
    // Relative to the document's own address, so it names whichever host serves it.
    servers: [{ url: BASE_PATH }],
    security: KEY_HEADERS.map((header) => ({ [header]: [] })),
    tags: Object.values(RESOURCE_DOCS).map(({ tag, about }) => ({ name: tag, description: about })),
    paths: Object.fromEntries(endpoints().map((endpoint) => [endpoint.path, { get: operationOf(endpoint) }])),
    components: { schemas: components(), securitySchemes: schemes },
  };
}

/** The document as served: the same bytes for the same code. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
