// Paths: the API's base path, its sections (the resources, and the services beside them), and
// how a request's path and an endpoint's path template split into segments. Only the paths of
// the endpoint registry exist: the router matches a request's segments against theirs, and any
// other spelling is a 404.
import { SINGULAR, type Resource } from '../records/resources.ts';

/** The base path of every endpoint. */
export const BASE_PATH = '/v2';

/** The Model Context Protocol endpoint: one tool per endpoint, for AI agents (see src/mcp/). */
export const MCP_PATH = '/mcp';

/** Whether a request path is the MCP endpoint's: with a trailing slash too, as every path (and Netlify's route to it) takes one. */
export const isMcpPath = (pathname: string) => pathname === MCP_PATH || pathname === `${MCP_PATH}/`;

/** The exports' listing, below the base path: where a mirror starts (the changes feed names it too). */
export const EXPORTS_PATH = '/exports/';

/** The services beside the resources: bulk downloads of every collection, the changes since a build, and the service's health. */
export const SERVICES = ['exports', 'changes', 'health'] as const;
export type Service = (typeof SERVICES)[number];

/** What an endpoint's path begins with: a resource (`fights`) or a service (`exports`). The API's description groups endpoints by it. */
export type Section = Resource | Service;

export const isResource = (section: string): section is Resource => Object.hasOwn(SINGULAR, section);

export const isSection = (section: string): section is Section =>
  isResource(section) || (SERVICES as readonly string[]).includes(section);

/** The section of a path template below the base path, as a type: `/fights/{fight_id}` -> `fights`. */
export type SectionOf<Path extends string> = Path extends `/${infer S}/${string}`
  ? S
  : Path extends `/${infer S}`
    ? S
    : never;

/**
 * The segments of a path below the base path, without the trailing slash every path may have or
 * not: `/fights/` and `/fights` are ['fights'], `/exports/fights/x.ndjson.gz` three segments.
 */
export function segmentsOf(path: string): string[] {
  return (path.endsWith('/') ? path.slice(1, -1) : path.slice(1)).split('/');
}

/** A request path's segments below the base path, or null for a path outside it. */
export function requestSegments(pathname: string): string[] | null {
  return pathname.startsWith(`${BASE_PATH}/`) ? segmentsOf(pathname.slice(BASE_PATH.length)) : null;
}
