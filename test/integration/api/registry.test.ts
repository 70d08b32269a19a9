// The endpoint registry: one entry per endpoint of the specification, each with a stable name,
// routed by its path, its parameters one z.object that JSON Schema describes fully, and answers
// made whole by the endpoint itself.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isFileAnswer, type Answer } from '../../../src/api/endpoints/endpoint.ts';
import { bodyText } from '../../../src/api/envelope.ts';
import { queryFields } from '../../../src/api/params/parse.ts';
import { ENDPOINTS, endpointNamed, route } from '../../../src/api/registry.ts';
import { BASE_PATH } from '../../../src/api/routes.ts';
import { distStore } from '../../helpers/handler.ts';
import { builtSite } from '../../helpers/site.ts';

describe('the registry', () => {
  it("names every endpoint once, in the specification's order, by a stable name", () => {
    expect(ENDPOINTS.map((e) => [e.name, e.path])).toEqual([
      ['list_fights', '/fights/'],
      ['get_fight', '/fights/{fight_id}'],
      ['fights_schedule', '/fights/schedule'],
      ['list_events', '/events/'],
      ['get_event', '/events/{event_id}'],
      ['events_schedule', '/events/schedule'],
      ['list_fighters', '/fighters/'],
      ['get_fighter', '/fighters/{fighter_id}'],
      ['list_divisions', '/divisions/'],
      ['get_division', '/divisions/{division_id}'],
      ['list_organizations', '/organizations/'],
      ['get_organization', '/organizations/{organization_id}'],
      ['list_titles', '/titles/'],
      ['get_title', '/titles/{title_id}'],
      ['rankings', '/rankings/'],
      ['list_exports', '/exports/'],
      ['get_export_part', '/exports/{collection}/{part}'],
      ['list_changes', '/changes/'],
      ['health', '/health'],
    ]);
    for (const e of ENDPOINTS) expect(endpointNamed(e.name)).toBe(e);
    expect(endpointNamed('constructor')).toBeUndefined();
  });

  it('routes each path to its endpoint, an id only where its schema takes it, with or without the trailing slash', () => {
    // A value each path parameter takes: an id, but for an export part's.
    const sample: Record<string, string> = { collection: 'fights', part: '0123456789abcdef.ndjson.gz' };
    const valueOf = (name: string) => sample[name] ?? 'some-id_1';
    for (const e of ENDPOINTS) {
      const path = `${BASE_PATH}${e.path.replace(/\{(\w+)\}/g, (_, name: string) => valueOf(name))}`;
      for (const variant of [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`]) {
        const routed = route(variant);
        expect(routed?.endpoint.name, variant).toBe(e.name);
        expect([...(routed?.path ?? [])]).toEqual([...e.pathNames].map((n) => [n, valueOf(n)]));
      }
    }
    // An export part's collection and name are exactly theirs; anything else is no path.
    for (const none of [
      '/v2/exports/nope/0123456789abcdef.ndjson.gz',
      '/v2/exports/fights/0123456789ABCDEF.ndjson.gz',
      '/v2/exports/fights/0123456789abcdef.ndjson',
      '/v2/exports/fights/',
      '/v2/exports/fights/a/b',
      '/v2/health/x',
    ])
      expect(route(none), none).toBeNull();
    // A segment of the endpoint's own comes first; elsewhere it may be an id.
    expect(route('/v2/fights/schedule')?.endpoint.name).toBe('fights_schedule');
    expect(route('/v2/fighters/schedule')?.endpoint.name).toBe('get_fighter');
    for (const none of [
      '/v2/fights/Not-An-Id',
      '/v2/rankings/heavyweight',
      '/v2/rankings/schedule',
      '/v2/nope/',
      '/v2/fights/a/b',
      '/fights/',
      '/v2/constructor/',
    ])
      expect(route(none), none).toBeNull();
  });

  it("gives every parameter a JSON Schema with its meaning; only the path's are required of a caller", () => {
    for (const e of ENDPOINTS) {
      const output = z.toJSONSchema(e.params) as {
        properties: Record<string, { description?: string; type?: string; not?: unknown }>;
      };
      const input = z.toJSONSchema(e.params, { io: 'input' }) as { required?: string[] };
      expect(Object.keys(output.properties), e.name).toEqual(Object.keys(e.params.shape));
      for (const [name, schema] of Object.entries(output.properties)) {
        expect(schema.description, `${e.name} ${name}`).toMatch(/\w+\./);
        expect(schema.type !== undefined || schema.not !== undefined, `${e.name} ${name}`).toBe(true);
      }
      expect(input.required ?? [], e.name).toEqual([...e.pathNames]);
      // Every query parameter carries the rules its parsing follows.
      expect([...queryFields(e.params, e.pathNames).keys()]).toEqual(
        Object.keys(e.params.shape).filter((n) => !e.pathNames.has(n)),
      );
    }
    const fights = z.toJSONSchema(endpointNamed('list_fights')!.params) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(fights.properties.page_size).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    expect(fights.properties.date_sort).toMatchObject({ type: 'string', enum: ['ASC', 'DESC'], default: 'DESC' });
  });

  it("names the store lists each endpoint reads under the store's own folders (or one file of its own)", () => {
    for (const e of ENDPOINTS) {
      expect(e.reads.length, e.name).toBeGreaterThan(0);
      for (const list of e.reads) expect(list, e.name).toMatch(/^\/store\/[a-z]+(\/|\.json$)/);
    }
  });
});

/** An answer in the envelope, as text (a file answer is none). */
function textOf(answer: Answer): string {
  if (isFileAnswer(answer)) throw new Error('a file, not an answer in the envelope');
  return bodyText(answer);
}

describe('answers are made whole by their endpoint', () => {
  it("next_page is the whole URL on the request's origin as the fights list writes it", async () => {
    const listFights = endpointNamed('list_fights')!;
    const ctx = { store: distStore(builtSite()), today: () => '2026-11-21', origin: 'https://o.example:8443' };
    const text = textOf(
      await listFights.answerRequest(new Map(), new URLSearchParams('page_size=2&division_id=welterweight'), ctx),
    );
    const next = new URL(JSON.parse(text).pagination.next_page);
    expect(next.origin + next.pathname).toBe('https://o.example:8443/v2/fights/');
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      division_id: 'welterweight',
      page_size: '2',
      date_sort: 'DESC',
    });
  });
});
