// The MCP endpoint as one web-standard handler, Request -> Response, like the API's: the Model
// Context Protocol's Streamable HTTP transport from its official SDK, stateless (no session: each
// POST stands alone, as an edge function does) and answering JSON rather than an event stream.
// It runs the API's key gate first (the key may also come as a bearer token here), then answers
// initialize, ping, tools/list and tools/call; every tool call is answered by the API's handler.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { createGate } from '../api/gate.ts';
import { createHandler, type HandlerOptions } from '../api/handler.ts';
import { PROXY_SECRET_HEADER } from '../api/gateway.ts';
import { KEY_HEADER, presentedKey } from '../api/keys.ts';
import { BASE_PATH } from '../api/routes.ts';
import { systemClock } from '../shared/dates.ts';
import type { Store } from '../store/store.ts';
import { readBody } from './body.ts';
import { callTool, type Arguments } from './call.ts';
import { MAX_ARGUMENT_DEPTH, nestsDeeperThan } from './nesting.ts';
import { toolList, toolNamed } from './tools.ts';

/** What the server tells a model about itself when a client connects. */
const INSTRUCTIONS =
  'Read-only data about professional boxing: fights, events, fighters, divisions, organizations, titles and rankings. ' +
  'Each tool is one endpoint of the Boxing Data API and answers with its JSON envelope {metadata, pagination, error, data}. ' +
  'Dates are UTC; lists page by page_num or, on list_fights, by the cursor in pagination.next_page.';

/** The largest request body read: a JSON-RPC call to a tool is a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The server validates no client answers against a schema (it asks clients for nothing), so the
 * SDK's default validator, which compiles a JSON Schema library's formats per server, is not made.
 */
const NO_VALIDATION: jsonSchemaValidator = {
  getValidator: () => {
    throw new Error('this server validates no client answers');
  },
};

/** Every answer of the endpoint: never kept by any cache, readable by a browser's client. */
const HEADERS = { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' };

function withHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

/** A JSON-RPC error answering no request in particular (the body could not be read as one). */
function jsonRpcError(code: ErrorCode, message: string, status = 400): Response {
  return withHeaders(
    new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

/** The body's bytes, read no further than the limit, or the refusal of a body over it or that never arrived whole. */
async function readBytes(request: Request): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { refused: Response }> {
  const bytes = await readBody(request, MAX_BODY_BYTES);
  if (bytes === 'too large')
    return {
      refused: jsonRpcError(ErrorCode.InvalidRequest, `Invalid Request: the body is over ${MAX_BODY_BYTES} bytes`, 413),
    };
  if (bytes === 'failed')
    return { refused: jsonRpcError(ErrorCode.InvalidRequest, 'Invalid Request: the body could not be read') };
  return { bytes };
}

/**
 * For a host that may answer one request more than once (the preview, while a build is swapped
 * in): its body read once, within the limit, and a request of its own over those bytes for each
 * answer; or the refusal of its body.
 */
export async function replayable(request: Request): Promise<{ copy: () => Request } | { refused: Response }> {
  if (request.body === null) return { copy: () => request };
  const read = await readBytes(request);
  if ('refused' in read) return read;
  // Made from its parts: a host's request (srvx's on Node) need not be a Request that Request copies.
  return {
    copy: () => new Request(request.url, { method: request.method, headers: request.headers, body: read.bytes }),
  };
}

/**
 * The request's JSON-RPC message, or the error that says why it is none: not JSON is a parse
 * error, JSON that is no JSON-RPC message an invalid request (the SDK's transport calls both a
 * parse error), and so is a batch: one request is one message, so that it costs at most one
 * tool call (see docs/decisions.md).
 */
async function readMessage(request: Request): Promise<{ message: unknown } | { refused: Response }> {
  const read = await readBytes(request);
  if ('refused' in read) return read;
  let message: unknown;
  try {
    message = JSON.parse(new TextDecoder().decode(read.bytes));
  } catch {
    return { refused: jsonRpcError(ErrorCode.ParseError, 'Parse error: the body is not JSON') };
  }
  if (Array.isArray(message))
    return {
      refused: jsonRpcError(
        ErrorCode.InvalidRequest,
        'Invalid Request: batches are not supported: send each JSON-RPC message in a request of its own',
      ),
    };
  if (!JSONRPCMessageSchema.safeParse(message).success)
    return {
      refused: jsonRpcError(ErrorCode.InvalidRequest, 'Invalid Request: the body is not a JSON-RPC 2.0 message'),
    };
  return { message };
}

/** Answers one request to the MCP endpoint, reading built files from `store`. */
export type McpHandler = (request: Request, store: Store) => Promise<Response>;

export function createMcpHandler(options: HandlerOptions): McpHandler {
  const now = options.now ?? systemClock;
  const gate = createGate({ ...options, now });
  const api = createHandler({ ...options, now });

  return async (request, store) => {
    const { stopped } = gate(request);
    if (stopped !== null) return stopped;
    const read = await readMessage(request);
    if ('refused' in read) return read.refused;
    // The gate has checked it: the API requests of tool calls carry the same key, or the gateway's same secret.
    const secret = options.proxySecret ? request.headers.get(PROXY_SECRET_HEADER) : null;
    const credentials: Record<string, string> = secret
      ? { [PROXY_SECRET_HEADER]: secret }
      : { [KEY_HEADER]: presentedKey(request.headers, true)! };
    const origin = new URL(request.url).origin;

    // A server and a transport per request: a stateless transport serves one request only.
    const server = new Server(
      { name: 'boxing-data', title: 'Boxing Data API', version: BASE_PATH.slice(2) },
      {
        capabilities: { tools: { listChanged: false } },
        instructions: INSTRUCTIONS,
        jsonSchemaValidator: NO_VALIDATION,
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
    server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
      const tool = toolNamed(params.name);
      if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
      const args = (params.arguments ?? {}) as Arguments;
      // Refused before any work: an argument is a value or a list of values, and the API's query could not spell one nested so deep.
      if (nestsDeeperThan(args, MAX_ARGUMENT_DEPTH))
        throw new McpError(
          ErrorCode.InvalidParams,
          `The arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels of arrays and objects`,
        );
      return callTool(tool, args, { handler: api, store, credentials, origin, now });
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return withHeaders(await transport.handleRequest(request, { parsedBody: read.message }));
    } finally {
      await server.close();
    }
  };
}
