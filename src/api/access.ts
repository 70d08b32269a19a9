// What a path takes before anything answers it: the methods it answers and where its key may be
// sent. The API's paths answer GET and HEAD with the key in its key headers; the MCP endpoint
// answers POST (JSON-RPC) and takes the key as a bearer token too, as MCP clients send it. The
// key gate, the preflight and every 405 read this one table.
import { AUTHORIZATION_HEADER, KEY_HEADERS } from './keys.ts';
import { isMcpPath } from './routes.ts';

export interface Access {
  /** What the path is, as a 405 names it. */
  what: string;
  /** The methods it answers besides OPTIONS (the CORS preflight, answered on every path). */
  methods: readonly string[];
  /** Whether `Authorization: Bearer <key>` carries the key. */
  bearer: boolean;
  /** The request headers a browser may send it (the preflight's Access-Control-Allow-Headers). */
  headers: readonly string[];
}

const API: Access = {
  what: 'this API',
  methods: ['GET', 'HEAD'],
  bearer: false,
  headers: [...KEY_HEADERS, 'if-none-match'],
};

/**
 * Streamable HTTP, stateless, with JSON answers: a GET would open an event stream, and an edge
 * function cannot keep one open; there is no session for a DELETE to end.
 */
const MCP: Access = {
  what: 'the MCP endpoint',
  methods: ['POST'],
  bearer: true,
  headers: [...KEY_HEADERS, AUTHORIZATION_HEADER, 'content-type', 'mcp-protocol-version'],
};

export function accessOf(pathname: string): Access {
  return isMcpPath(pathname) ? MCP : API;
}

/** The Allow header of a path: its methods and the preflight. */
export const allowOf = (access: Access) => [...access.methods, 'OPTIONS'].join(', ');
