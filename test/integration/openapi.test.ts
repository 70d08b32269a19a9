// The API's OpenAPI document: a valid OpenAPI 3.1 document, built with the site byte for byte as
// the code generates it, describing the specification's endpoints, parameters, defaults and
// errors as the API behaves; and the answer check that the other tests rely on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validate } from '@scalar/openapi-parser';
import { describe, expect, it } from 'vitest';
import { openApiText } from '../../src/api/openapi/document.ts';
import { parseParams, queryFields } from '../../src/api/params/parse.ts';
import { OPENAPI_PATH } from '../../src/api/public.ts';
import { ENDPOINTS } from '../../src/api/registry.ts';
import { apiDocumentText } from '../../src/astro/api-document.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { apiDocument, expectDocumented } from '../helpers/openapi.ts';
import { builtSite } from '../helpers/site.ts';

/** The specification's endpoints (section 4), as it writes them. */
const SPEC_ENDPOINTS = [
  '/v2/fights/',
  '/v2/fights/<fight_id>',
  '/v2/fights/schedule',
  '/v2/events/',
  '/v2/events/<event_id>',
  '/v2/events/schedule',
  '/v2/fighters/',
  '/v2/fighters/<fighter_id>',
  '/v2/divisions/',
  '/v2/divisions/<division_id>',
  '/v2/organizations/',
  '/v2/organizations/<organization_id>',
  '/v2/titles/',
  '/v2/titles/<title_id>',
  '/v2/rankings/',
];
/** The services beside them: the exports' listing and parts, and the health. */
const SERVICE_ENDPOINTS = ['/v2/exports/', '/v2/exports/<collection>/<part>', '/v2/changes/', '/v2/health'];
const asDocumentPath = (spec: string) => spec.replace(/^\/v2/, '').replace(/<(\w+)>/g, '{$1}');

/** The specification's query parameters with their defaults (none: undefined). */
const SPEC_PARAMS: Record<string, Record<string, unknown>> = {
  '/fights/': {
    date: undefined,
    data_from: undefined,
    date_to: undefined,
    date_sort: 'DESC',
    division_id: undefined,
    event_id: undefined,
    fighter_id: undefined,
    page_size: 25,
    page_num: 1,
    cursor: undefined,
  },
  '/fights/schedule': { days: 30, date_sort: 'DESC', page_size: 25, page_num: 1 },
  '/events/': {
    status: undefined,
    date: undefined,
    date_from: undefined,
    date_to: undefined,
    date_sort: 'DESC',
    page_size: 25,
    page_num: 1,
  },
  '/events/schedule': { days: 30, date_sort: 'DESC', page_size: 25, page_num: 1 },
  '/fighters/': { name: undefined, division_id: undefined, title_id: undefined, page_num: 1, page_size: 25 },
  '/titles/': { organization_id: undefined, division_id: undefined },
  '/rankings/': { page_num: 1, organization_id: undefined, division_id: undefined },
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
const document = () =>
  apiDocument() as unknown as {
    openapi: string;
    servers: Array<{ url: string }>;
    security: unknown[];
    paths: Record<
      string,
      Record<string, { parameters: Parameter[]; responses: Record<string, unknown>; security?: unknown }>
    >;
    components: { securitySchemes: Record<string, unknown> };
  };

describe('the document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(readFileSync(path.join(builtSite(), OPENAPI_PATH), 'utf8'));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.version).toBe('3.1');
  });

  it('is built with the site exactly as generated from its store and day, and the same every time', async () => {
    const built = readFileSync(path.join(builtSite(), OPENAPI_PATH), 'utf8');
    const generated = await apiDocumentText(builtSite(), TEST_AS_OF);
    expect(built === generated).toBe(true);
    expect(generated === (await apiDocumentText(builtSite(), TEST_AS_OF))).toBe(true);
  });

  it('without examples, describes the same API: the built document is the bare one with examples added', () => {
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([k]) => k !== 'example')
                .map(([k, v]) => [k, strip(v)]),
            )
          : value;
    expect(strip(apiDocument())).toEqual(JSON.parse(openApiText()));
  });

  it('names a relative server under the base path and each key header as a security scheme, any one sufficing', () => {
    const doc = document();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: '/v2' }]);
    expect(doc.components.securitySchemes).toEqual({
      'x-gateway-key': expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-gateway-key' }),
      'x-rapidapi-key': expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-rapidapi-key' }),
    });
    expect(doc.security).toEqual([{ 'x-gateway-key': [] }, { 'x-rapidapi-key': [] }]);
  });

  it('says what each record and each error is', () => {
    const { schemas } = (
      apiDocument() as unknown as { components: { schemas: Record<string, { description?: string }> } }
    ).components;
    for (const name of [
      'Fight',
      'Event',
      'Fighter',
      'Division',
      'Organization',
      'Title',
      'Ranking',
      'NotFound',
      'InvalidParameter',
    ])
      expect(schemas[name].description, name).toMatch(/\w+/);
    // What zod refines in code, the schema states where JSON Schema can: one country per broadcaster entry.
    expect(JSON.stringify(schemas.Event)).toContain('"minProperties":1,"maxProperties":1');
  });

  it("has exactly the specification's endpoints and the services', each a GET", () => {
    const { paths } = document();
    expect(Object.keys(paths).sort()).toEqual([...SPEC_ENDPOINTS, ...SERVICE_ENDPOINTS].map(asDocumentPath).sort());
    for (const [p, item] of Object.entries(paths)) expect(Object.keys(item), p).toEqual(['get']);
  });

  it("lists the specification's parameters with their defaults, and the id in the path", () => {
    const { paths } = document();
    for (const [p, expected] of Object.entries(SPEC_PARAMS)) {
      const params = new Map(paths[p].get.parameters.map((q) => [q.name, q]));
      for (const [name, fallback] of Object.entries(expected)) {
        expect(params.get(name)?.in, `${p} ${name}`).toBe('query');
        expect(params.get(name)?.schema.default, `${p} ${name}`).toEqual(fallback);
      }
    }
    for (const p of Object.keys(paths).filter((x) => x.includes('{'))) {
      const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const inPath = paths[p].get.parameters.slice(0, names.length);
      expect(
        inPath.map((q) => q.name),
        p,
      ).toEqual(names);
      for (const q of inPath) expect(q).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
    }
    expect(paths['/divisions/'].get.parameters).toEqual([]);
    expect(paths['/rankings/'].get.parameters.map((q) => q.name)).not.toContain('page_size');
  });

  it("gives every endpoint its errors: keys (two different keys a 400), method, failures; 404 for an id; parameters' 400s where there are parameters", () => {
    const { paths } = document();
    for (const [p, { get }] of Object.entries(paths)) {
      const statuses = Object.keys(get.responses);
      expect(statuses, p).toEqual(expect.arrayContaining(['200', '304', '405', '500', '503']));
      expect(statuses.includes('404'), p).toBe(p.includes('{'));
      // The health needs no key: no key errors, and no security asked of it.
      if (p === '/health') {
        expect(get.security, p).toEqual([]);
        expect(
          statuses.filter((s) => ['400', '401', '403'].includes(s)),
          p,
        ).toEqual([]);
        continue;
      }
      expect(get.security, p).toBeUndefined();
      expect(statuses, p).toEqual(expect.arrayContaining(['400', '401', '403']));
      const bad = JSON.stringify(get.responses['400']);
      expect(bad, p).toContain('#/components/schemas/ConflictingApiKeys');
      expect(bad.includes('#/components/schemas/InvalidParameter'), p).toBe(
        get.parameters.some((q) => q.in === 'query') || p === '/rankings/',
      );
    }
    const fights400 = JSON.stringify(paths['/fights/'].get.responses['400']);
    for (const name of ['InvalidParameter', 'InvalidCursor', 'PageLimitExceeded'])
      expect(fights400).toContain(`#/components/schemas/${name}`);
  });

  it('describes an export part as a file, gzip as it was built, and the listing and health as records in the envelope', () => {
    const { paths } = document();
    const ok = (p: string) =>
      paths[p].get.responses['200'] as {
        content: Record<string, { schema: Record<string, unknown> }>;
        headers: Record<string, { description: string }>;
      };
    const part = ok('/exports/{collection}/{part}');
    expect(Object.keys(part.content)).toEqual(['application/gzip']);
    expect(part.content['application/gzip'].schema).toEqual({ type: 'string', contentMediaType: 'application/gzip' });
    expect(part.headers['Cache-Control'].description).toContain('immutable');
    expect(ok('/exports/').content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ExportListAnswer',
    });
    expect(ok('/health').content['application/json'].schema).toEqual({ $ref: '#/components/schemas/HealthAnswer' });
    expect(ok('/health').headers['Cache-Control'].description).toContain('no-store');
    const collection = paths['/exports/{collection}/{part}'].get.parameters[0].schema;
    expect(collection.enum).toEqual([
      'fights',
      'events',
      'fighters',
      'divisions',
      'organizations',
      'titles',
      'rankings',
    ]);
  });
});

describe('parameter schemas say what parsing accepts', () => {
  const cases = ENDPOINTS.flatMap((endpoint) =>
    [...queryFields(endpoint.params, endpoint.pathNames)].map(
      ([name, field]) => [endpoint.name, name, endpoint, field] as const,
    ),
  );

  it.each(cases)('%s %s', (_, name, endpoint, field) => {
    const parameter = document().paths[endpoint.path].get.parameters.find((q) => q.name === name);
    const path = new Map([...endpoint.pathNames].map((n) => [n, 'x']));
    const parses = (value: string) => {
      try {
        parseParams(endpoint.params, path, new URLSearchParams([[name, value]]));
        return true;
      } catch {
        return false;
      }
    };
    if (parameter === undefined) {
      // Not described as a parameter: refused whatever its value.
      expect(field.rules.refused).toBe(true);
      expect(['1', 'x'].some(parses)).toBe(false);
      return;
    }
    const {
      type,
      minimum,
      maximum,
      enum: values,
      pattern,
      minLength,
      maxLength,
    } = parameter.schema as {
      type: string;
      minimum?: number;
      maximum?: number;
      enum?: string[];
      pattern?: string;
      minLength?: number;
      maxLength?: number;
    };
    if (type === 'integer') {
      expect([minimum, maximum].map((n) => parses(String(n)))).toEqual([true, true]);
      expect([minimum! - 1, maximum! + 1].map((n) => parses(String(n)))).toEqual([false, false]);
    } else if (values !== undefined) {
      expect(values.every(parses)).toBe(true);
      expect(parses('NOT_ONE_OF_THEM')).toBe(false);
    } else if (pattern !== undefined) {
      const samples = [
        '2024-02-29',
        '2023-02-29',
        'welterweight',
        'fight-000001',
        'A b',
        'x'.repeat(70),
        'AAAAAAAAAAAA',
        '   ',
        ' a ',
        'x'.repeat(100),
        'x'.repeat(101),
      ];
      const fits = (s: string) =>
        new RegExp(pattern).test(s) && s.length >= (minLength ?? 0) && s.length <= (maxLength ?? Infinity);
      const mismatches = samples.filter((s) => fits(s) !== parses(s));
      // A pattern cannot say which dates are real: 2023-02-29 has the form and is refused (the rule says so).
      expect(mismatches).toEqual(pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? ['2023-02-29'] : []);
    } else {
      expect(parameter.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
      // No pattern: any text of 1 to 100 characters, spaces included, is what may be sent.
      expect(['a', '   ', ' a ', 'a'.repeat(100), 'a'.repeat(101)].map(parses)).toEqual([
        true,
        true,
        true,
        true,
        false,
      ]);
    }
  });
});

describe('the answer check', () => {
  const answer = (data: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      metadata: { timestamp: '2026-11-21T12:00:00.000000+00:00' },
      pagination: { page: 1, items: 1, total_pages: 1, total_items: 1 },
      error: {},
      data,
      ...extra,
    });
  const division = { id: 'heavyweight', name: 'Heavyweight', weight_lb: null, weight_kg: null };
  const notFound = JSON.stringify({
    metadata: { timestamp: '2026-11-21T12:00:00.000000+00:00' },
    error: { name: 'NotFound', code: 'NotFound', message: 'm', status: 404 },
    data: null,
  });

  it('accepts an answer the document describes', () => {
    expectDocumented('GET', '/v2/divisions/heavyweight', 200, answer(division));
    expectDocumented('GET', '/v2/divisions/?x=1', 200, answer([division]));
    expectDocumented('GET', '/v2/divisions/nope', 404, notFound);
    expectDocumented('GET', '/v2/nope', 404, notFound);
    expectDocumented('HEAD', '/v2/divisions/', 200, '');
  });

  it('refuses a body off the schema, a status the path does not give, and a body where none belongs', () => {
    expect(() => expectDocumented('GET', '/v2/divisions/heavyweight', 200, answer({ ...division, extra: 1 }))).toThrow(
      /does not match/,
    );
    expect(() => expectDocumented('GET', '/v2/divisions/heavyweight', 200, answer([division]))).toThrow(
      /does not match/,
    );
    expect(() => expectDocumented('GET', '/v2/divisions/', 200, answer([division], { surplus: true }))).toThrow(
      /does not match/,
    );
    expect(() => expectDocumented('GET', '/v2/divisions/', 404, notFound)).toThrow(/not documented/);
    expect(() => expectDocumented('GET', '/v2/divisions/', 402, notFound)).toThrow(/not documented/);
    expect(() => expectDocumented('GET', '/v2/divisions/', 400, notFound)).toThrow(/does not match/);
    expect(() => expectDocumented('GET', '/v2/nope', 200, answer([]))).toThrow(/does not have/);
    expect(() => expectDocumented('GET', '/v2/divisions/', 304, answer([]))).toThrow(/body where none belongs/);
  });
});
