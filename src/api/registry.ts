// Every endpoint of the API, in the specification's order, and the router over them. This is the
// one list: the handler routes and parses by it, the OpenAPI document describes it, the typed
// client takes its types from it, and a tool per endpoint can be made by walking it.
//
// Each entry (see endpoints/endpoint.ts) carries a stable `name`, its `path`, its parameters as
// one z.object (`z.toJSONSchema(entry.params)` describes each value: its type, bounds, default
// and meaning; with `{ io: 'input' }` only the path's parameters are required), its record, its
// description, the store lists it reads, and `answerRequest`, which parses a request's
// parameters and answers.
import type { Resource } from '../records/resources.ts';
import type { Endpoint } from './endpoints/endpoint.ts';
import { divisions } from './endpoints/divisions.ts';
import { events } from './endpoints/events.ts';
import { fighters } from './endpoints/fighters.ts';
import { fights } from './endpoints/fights.ts';
import { organizations } from './endpoints/organizations.ts';
import { rankings } from './endpoints/rankings.ts';
import { titles } from './endpoints/titles.ts';
import { splitPath } from './routes.ts';

/** Each resource: what it is (the API's description says it of the resource and its record), and its endpoints. */
export const RESOURCES = [fights, events, fighters, divisions, organizations, titles, rankings] as const satisfies ReadonlyArray<{
  resource: Resource;
  about: string;
  endpoints: readonly Endpoint[];
}>;

/** Every endpoint, in the specification's order, as code that walks them sees each one. */
export const ENDPOINTS: readonly Endpoint[] = RESOURCES.flatMap((r): readonly Endpoint[] => r.endpoints);

/** Every endpoint's own type: its name, path, parameters and record as literal types (the typed client reads them). */
export type AnyEndpoint = (typeof RESOURCES)[number]['endpoints'][number];

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

/**
 * The endpoint a request path names, or null. A segment after the resource is an endpoint's own
 * (`schedule`) before it is an id; it is an id only if the id's schema accepts it, so a value
 * that cannot be an id is no path of the API (404), not a bad parameter.
 */
export function route(pathname: string): Routed | null {
  const parts = splitPath(pathname);
  if (parts === null) return null;
  const candidates = ENDPOINTS.filter((e) => e.resource === parts.resource);
  const literal = candidates.find((e) => e.pathNames.size === 0 && e.path === `/${parts.resource}/${parts.segment}`);
  if (literal !== undefined) return { endpoint: literal, path: new Map() };
  for (const endpoint of candidates)
    for (const name of endpoint.pathNames)
      if (endpoint.params.shape[name].safeParse(parts.segment).success) return { endpoint, path: new Map([[name, parts.segment]]) };
  return null;
}
