// Every endpoint of the API, in the specification's order and then the services', and the router
// over them. This is the one list: the handler routes and parses by it, the OpenAPI document
// describes it, the typed client takes its types from it, and the MCP tools are made by walking it.
//
// Each entry (see endpoints/endpoint.ts) carries a stable `name`, its `path`, its parameters as
// one z.object (`z.toJSONSchema(entry.params)` describes each value: its type, bounds, default
// and meaning; with `{ io: 'input' }` only the path's parameters are required), its record, its
// description, the store lists it reads, and `answerRequest`, which parses a request's
// parameters and answers.
import type { Resource } from '../records/resources.ts';
import { paramOf, type Endpoint } from './endpoints/endpoint.ts';
import { changesService } from './endpoints/changes.ts';
import { divisions } from './endpoints/divisions.ts';
import { events } from './endpoints/events.ts';
import { exportsService } from './endpoints/exports.ts';
import { fighters } from './endpoints/fighters.ts';
import { fights } from './endpoints/fights.ts';
import { healthService } from './endpoints/health.ts';
import { organizations } from './endpoints/organizations.ts';
import { rankings } from './endpoints/rankings.ts';
import { titles } from './endpoints/titles.ts';
import { requestSegments, type Service } from './routes.ts';

/** Each resource: what it is (the API's description says it of the resource and its record), and its endpoints. */
const RESOURCES = [
  fights,
  events,
  fighters,
  divisions,
  organizations,
  titles,
  rankings,
] as const satisfies ReadonlyArray<{
  resource: Resource;
  about: string;
  endpoints: readonly Endpoint[];
}>;

/** The services beside the resources, in the same shape: bulk downloads, the changes feed, and the service's health. */
const SERVICE_SECTIONS = [exportsService, changesService, healthService] as const satisfies ReadonlyArray<{
  service: Service;
  about: string;
  endpoints: readonly Endpoint[];
}>;

/** Every section, resources first, with what the API's description says of it. */
export const SECTIONS: ReadonlyArray<{ section: Resource | Service; about: string; endpoints: readonly Endpoint[] }> = [
  ...RESOURCES.map(({ resource, about, endpoints }) => ({ section: resource, about, endpoints })),
  ...SERVICE_SECTIONS.map(({ service, about, endpoints }) => ({ section: service, about, endpoints })),
];

/** Every endpoint, in the specification's order, then the services', as code that walks them sees each one. */
export const ENDPOINTS: readonly Endpoint[] = SECTIONS.flatMap((s) => s.endpoints);

/** Every endpoint's own type: its name, path, parameters, record and kind as literal types (the typed client reads them). */
export type AnyEndpoint =
  | (typeof RESOURCES)[number]['endpoints'][number]
  | (typeof SERVICE_SECTIONS)[number]['endpoints'][number];

export type EndpointName = AnyEndpoint['name'];
/** The entry of the endpoint named N. */
export type EndpointNamed<N extends EndpointName> = Extract<AnyEndpoint, { name: N }>;

const BY_NAME: ReadonlyMap<string, Endpoint> = new Map(ENDPOINTS.map((e) => [e.name, e]));

/** The entry named `name` (a tool's, a test's), or undefined. */
export function endpointNamed(name: string): Endpoint | undefined {
  return BY_NAME.get(name);
}

/** A request's endpoint, and the values its path gives. */
export interface Routed {
  endpoint: Endpoint;
  path: ReadonlyMap<string, string>;
}

/** The path's values if `segments` are a path of `endpoint`: each literal segment the same, each parameter's value one its schema accepts. */
function match(endpoint: Endpoint, segments: readonly string[]): Map<string, string> | null {
  if (segments.length !== endpoint.segments.length) return null;
  const values = new Map<string, string>();
  for (const [i, segment] of endpoint.segments.entries()) {
    const name = paramOf(segment);
    if (name === undefined) {
      if (segments[i] !== segment) return null;
    } else if (endpoint.params.shape[name].safeParse(segments[i]).success) values.set(name, segments[i]);
    else return null;
  }
  return values;
}

/**
 * The endpoint a request path names, or null. A segment of an endpoint's own (`schedule`) comes
 * before a parameter in the same place; a parameter's value is one only if its schema accepts it,
 * so a value that cannot be an id is no path of the API (404), not a bad parameter.
 */
export function route(pathname: string): Routed | null {
  const segments = requestSegments(pathname);
  if (segments === null) return null;
  let best: (Routed & { literals: number }) | null = null;
  for (const endpoint of ENDPOINTS) {
    const path = match(endpoint, segments);
    const literals = endpoint.segments.length - endpoint.pathNames.size;
    if (path !== null && (best === null || literals > best.literals)) best = { endpoint, path, literals };
  }
  return best && { endpoint: best.endpoint, path: best.path };
}
