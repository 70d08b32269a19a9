// Request path -> route. Only the spec's paths exist; any other spelling is a 404.
import { ID_PATTERN } from '../shared/ids.ts';

export type Resource = 'fights' | 'events' | 'fighters' | 'divisions' | 'organizations' | 'titles' | 'rankings';
export type Route =
  | { resource: Resource; kind: 'list' }
  | { resource: 'fights' | 'events'; kind: 'schedule' }
  | { resource: Exclude<Resource, 'rankings'>; kind: 'one'; id: string };

const RESOURCES = new Set<string>(['fights', 'events', 'fighters', 'divisions', 'organizations', 'titles', 'rankings']);

/** List paths carry a trailing slash in the spec; every path is also accepted without or with one. */
export function matchRoute(pathname: string): Route | null {
  const m = /^\/v2\/([a-z]+)(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!m || !RESOURCES.has(m[1])) return null;
  const resource = m[1] as Resource;
  const segment = m[2] ?? '';
  if (segment === '') return { resource, kind: 'list' };
  if (segment === 'schedule' && (resource === 'fights' || resource === 'events')) return { resource, kind: 'schedule' };
  if (resource === 'rankings' || !ID_PATTERN.test(segment)) return null;
  return { resource, kind: 'one', id: segment };
}
