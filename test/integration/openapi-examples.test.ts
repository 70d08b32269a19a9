// Requests made from the API's description alone, as tools that generate requests from an
// OpenAPI document make them (contract-test generators, consoles): for every operation, the
// path's parameters and the query's from their examples, and the key in the header its security
// scheme names. Sent to the preview on the test build, each must answer 2xx, JSON with records in
// the shape the operation's response schema gives (or, for a file, the file in the media type the
// document gives); with every parameter sent, the answer is the one the document shows, but for
// the host its URLs name.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ORIGIN } from '../../src/api/openapi/examples.ts';
import { apiDocument, expectDocumented } from '../helpers/openapi.ts';
import { KEY, startPreview } from '../helpers/server.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  example?: unknown;
}
interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, { example?: unknown }> };
  parameters: Parameter[];
  responses: Record<string, { content: Record<string, { example?: { data: unknown; pagination?: unknown } }> }>;
}
interface Described {
  servers: Array<{ url: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, { get: Operation; servers?: Array<{ url: string }> } & Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const document = () => apiDocument() as unknown as Described;
const JSON_TYPE = 'application/json';
/** The media type of an operation's success: JSON, or a file's (an export part's gzip). */
const mediaTypeOf = (operation: Operation) => Object.keys(operation.responses['200'].content)[0];
const METHODS = ['get', 'post'] as const;
/** Every operation: its method, path and server (the path item's own, else the document's). */
const operations = () =>
  Object.entries(document().paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((method) => ({
      method,
      path,
      server: (item.servers ?? document().servers)[0].url,
      operation: item[method],
    })),
  );

/** The request a tool makes from the document: `every` sends each parameter that has an example, else only the required ones. */
function requestOf(
  path: string,
  operation: Operation,
  every: boolean,
  server = document().servers[0].url,
): { target: string; headers: Record<string, string> } {
  const { security, components } = document();
  let target = `${server.replace(/\/$/, '')}${path}`;
  const query = new URLSearchParams();
  for (const p of operation.parameters ?? []) {
    if (p.in === 'path') target = target.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
    else if (p.example !== undefined && (every || p.required)) query.set(p.name, String(p.example));
  }
  const scheme = components.securitySchemes[Object.keys(security[0])[0]];
  expect(scheme).toMatchObject({ type: 'apiKey', in: 'header' });
  return { target: query.size > 0 ? `${target}?${query}` : target, headers: { [scheme.name]: KEY } };
}

/** Answers that read today's date: the preview's day is the calendar's, the document's the build's. */
const READS_TODAY = new Set(['/fights/schedule', '/events/schedule']);

let preview: Awaited<ReturnType<typeof startPreview>>;
beforeAll(async () => {
  preview = await startPreview();
});
afterAll(() => preview.close());

describe("the document's examples", () => {
  it('give every parameter and every answer in JSON an example (a file is bytes: its media type says what it is)', () => {
    for (const { path, operation } of operations()) {
      for (const p of operation.parameters ?? []) expect(p.example, `${path} ${p.name}`).toBeDefined();
      if (mediaTypeOf(operation) === JSON_TYPE)
        expect(operation.responses['200'].content[JSON_TYPE].example, path).toBeDefined();
      else expect(mediaTypeOf(operation), path).toBe('application/gzip');
    }
  });

  it("are answers of the API: each documented answer matches its operation's schema", () => {
    for (const { path, operation } of operations().filter(
      (o) => o.method === 'get' && mediaTypeOf(o.operation) === JSON_TYPE,
    )) {
      const example = operation.responses['200'].content[JSON_TYPE].example;
      expectDocumented('GET', requestOf(path, operation, true).target, 200, JSON.stringify(example));
    }
  });

  for (const every of [true, false])
    it(`make requests that succeed with records, ${every ? 'every parameter sent' : "only the required ones sent (a generator's default)"}`, async () => {
      const failures: string[] = [];
      for (const { method, path, server, operation } of operations()) {
        const { target, headers } = requestOf(path, operation, every, server);
        // An operation with a body (POST /mcp) is sent its example body.
        const body = operation.requestBody?.content['application/json'].example;
        const init =
          body === undefined
            ? { headers }
            : {
                method: method.toUpperCase(),
                headers: { ...headers, 'content-type': 'application/json' },
                body: JSON.stringify(body),
              };
        const response = await fetch(`${preview.base}${target}`, init);
        if (response.status < 200 || response.status > 299) {
          failures.push(`${target}: ${response.status} ${await response.text()}`);
          continue;
        }
        if (mediaTypeOf(operation) !== JSON_TYPE) {
          // A file: the media type documented, and records in it.
          expect(response.headers.get('content-type'), target).toBe(mediaTypeOf(operation));
          const lines = gunzipSync(new Uint8Array(await response.arrayBuffer()))
            .toString('utf8')
            .split('\n')
            .filter((l) => l !== '');
          expect(lines.length, `${target} has records`).toBeGreaterThan(0);
          continue;
        }
        const text = await response.text();
        expect(response.headers.get('content-type'), target).toMatch(/^application\/json\b/);
        const answer = JSON.parse(text) as { data: unknown; pagination: unknown };
        if (method !== 'get') continue;
        expectDocumented('GET', target, response.status, text);
        // The changes feed of a build that begins its history has no change to show.
        if (!target.startsWith('/v2/changes/'))
          expect(
            Array.isArray(answer.data) ? answer.data.length : answer.data === null ? 0 : 1,
            `${target} has records`,
          ).toBeGreaterThan(0);
        if (every && !READS_TODAY.has(path)) {
          const example = operation.responses['200'].content[JSON_TYPE].example!;
          // URLs in an answer name the host asked (the examples were asked on a placeholder one).
          const here = JSON.parse(
            JSON.stringify({ data: answer.data, pagination: answer.pagination }).replaceAll(
              preview.base,
              EXAMPLE_ORIGIN,
            ),
          );
          expect(here, target).toEqual({ data: example.data, pagination: example.pagination });
        }
      }
      expect(failures).toEqual([]);
    });

  it('send every filter of the fights list together, a cursor included, and find the fight they describe', () => {
    const fights = document().paths['/fights/'].get;
    const example = new Map(fights.parameters.map((p) => [p.name, p.example]));
    for (const name of ['cursor', 'data_from', 'date_from', 'event_id', 'fighter_id', 'division_id'])
      expect(example.get(name), name).toBeDefined();
    const [fight] = fights.responses['200'].content[JSON_TYPE].example!.data as Array<{
      id: string;
      event: { id: string };
    }>;
    expect(fight.event.id).toBe(example.get('event_id'));
    expect(document().paths['/fights/{fight_id}'].get.parameters[0].example).toBe(fight.id);
  });
});
