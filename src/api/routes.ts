// Request path -> route. Only the spec's paths exist; any other spelling is a 404.
import { ID_PATTERN } from '../shared/ids.ts';

export const RESOURCES = ['fights', 'events', 'fighters', 'divisions', 'organizations', 'titles', 'rankings'] as const;
export type Resource = (typeof RESOURCES)[number];
export type Route =
  | { resource: Resource; kind: 'list' }
  | { resource: 'fights' | 'events'; kind: 'schedule' }
  | { resource: Exclude<Resource, 'rankings'>; kind: 'one'; id: string };

const KNOWN = new Set<string>(RESOURCES);
const hasSchedule = (resource: Resource): resource is 'fights' | 'events' => resource === 'fights' || resource === 'events';
const hasOne = (resource: Resource): resource is Exclude<Resource, 'rankings'> => resource !== 'rankings';

/** List paths carry a trailing slash in the spec; every path is also accepted without or with one. */
export function matchRoute(pathname: string): Route | null {
  const m = /^\/v2\/([a-z]+)(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!m || !KNOWN.has(m[1])) return null;
  const resource = m[1] as Resource;
  const segment = m[2] ?? '';
  if (segment === '') return { resource, kind: 'list' };
  if (segment === 'schedule' && hasSchedule(resource)) return { resource, kind: 'schedule' };
  if (!hasOne(resource) || !ID_PATTERN.test(segment)) return null;
  return { resource, kind: 'one', id: segment };
}

/** The base path of every endpoint. */
export const BASE_PATH = '/v2';

/** An endpoint: its route's resource and kind, and its path below BASE_PATH as the spec writes it. */
export interface Endpoint {
  resource: Resource;
  kind: Route['kind'];
  /** `/fights/`, `/fights/{fight_id}`, `/fights/schedule`. */
  path: string;
  /** The name of the id path parameter (get-one endpoints). */
  idName?: string;
}

/** Every endpoint matchRoute answers, in the spec's order. */
export function endpoints(): Endpoint[] {
  return RESOURCES.flatMap((resource): Endpoint[] => {
    const idName = `${resource.slice(0, -1)}_id`;
    return [
      { resource, kind: 'list', path: `/${resource}/` },
      ...(hasOne(resource) ? [{ resource, kind: 'one' as const, path: `/${resource}/{${idName}}`, idName }] : []),
      ...(hasSchedule(resource) ? [{ resource, kind: 'schedule' as const, path: `/${resource}/schedule` }] : []),
    ];
  });
}
