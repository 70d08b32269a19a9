// Paths: the API's base path, and how a request's path and an endpoint's path template split
// into a resource and what follows it. Only the specification's paths exist: the registry
// matches the one against the others, and any other spelling is a 404.
import { SINGULAR, type Resource } from '../records/resources.ts';

/** The base path of every endpoint. */
export const BASE_PATH = '/v2';

/** The Model Context Protocol endpoint: one tool per endpoint, for AI agents (see src/mcp/). */
export const MCP_PATH = '/mcp';

/** Whether a request path is the MCP endpoint's: with a trailing slash too, as every path (and Netlify's route to it) takes one. */
export const isMcpPath = (pathname: string) => pathname === MCP_PATH || pathname === `${MCP_PATH}/`;

const isResource = (name: string): name is Resource => Object.hasOwn(SINGULAR, name);
const PATH = new RegExp(`^${BASE_PATH}/([a-z]+)(?:/([^/]*))?/?$`);

/**
 * A request path's resource and the one segment after it ('' for a list). List paths carry a
 * trailing slash in the spec; every path is also accepted without or with one.
 */
export function splitPath(pathname: string): { resource: Resource; segment: string } | null {
  const m = PATH.exec(pathname);
  if (!m || !isResource(m[1])) return null;
  return { resource: m[1], segment: m[2] ?? '' };
}

/** An endpoint's path template below the base path (`/fights/{fight_id}`): its resource and last segment. */
export function templateOf(path: string): { resource: Resource; segment: string } {
  const parts = splitPath(`${BASE_PATH}${path}`);
  if (parts === null) throw new Error(`not an endpoint path: ${path}`);
  return parts;
}
