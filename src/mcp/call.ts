// A tool call is the API request its arguments describe, answered by the API's own handler over
// the same store: the answer is the API's, byte for byte (its timestamp aside), and an error is
// the API's error. The tool's result carries the answer as structuredContent and as JSON text,
// after a line that says what the page holds and which call gives the next one.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorBody } from '../api/envelope.ts';
import { ApiError, invalidParameter, notFound, recordNotFound } from '../api/errors.ts';
import { pathWith } from '../api/endpoints/endpoint.ts';
import { kinds } from '../api/params/kinds.ts';
import type { Handler } from '../api/handler.ts';
import { BASE_PATH, isResource } from '../api/routes.ts';
import type { Pagination } from '../api/schemas.ts';
import type { Store } from '../store/store.ts';
import { SINGULAR } from '../records/resources.ts';
import type { Tool } from './tools.ts';

/** What a call needs besides its arguments: the API's handler, its store, and the request it came in. */
export interface CallContext {
  handler: Handler;
  store: Store;
  /** What let the MCP request through the gate (its key, or the gateway's secret): the API request carries it too. */
  credentials: Record<string, string>;
  /** The MCP request's origin: next_page URLs are made on it, as for the API's own clients. */
  origin: string;
  /** Epoch microseconds, for an error found before the API is asked. */
  now(): number;
}

export type Arguments = Record<string, unknown>;

/** An argument as a query value: text as it is, numbers and booleans spelled, anything else as JSON (which the API refuses with its rule). */
const queryValue = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * The API request URL for a tool's arguments. The path's id must be an id: the router would read
 * a missing one as the list, and `.` or `..` as another path. Null is an argument not given; a
 * list is the parameter repeated (which the API refuses, saying so).
 */
function apiUrl(tool: Tool, args: Arguments, origin: string): URL {
  const { endpoint } = tool;
  const ids: Record<string, string> = {};
  for (const name of endpoint.pathNames) {
    const value = args[name];
    if (value === undefined || value === null || value === '') throw invalidParameter(name, kinds.id.rule);
    const id = queryValue(value);
    if (!endpoint.params.shape[name].safeParse(id).success)
      throw isResource(endpoint.section)
        ? recordNotFound(endpoint.section, id)
        : notFound(`${endpoint.section} "${id}"`);
    ids[name] = id;
  }
  const url = new URL(`${BASE_PATH}${pathWith(endpoint, ids)}`, origin);
  for (const [name, value] of Object.entries(args)) {
    if (endpoint.pathNames.has(name) || value === undefined || value === null) continue;
    for (const each of Array.isArray(value) ? value : [value]) url.searchParams.append(name, queryValue(each));
  }
  return url;
}

/** The arguments of the call that gives the page after this one, or null on the last page. */
function nextCall(tool: Tool, args: Arguments, pagination: Pagination): Arguments | null {
  if (pagination.next_page !== undefined) {
    if (pagination.next_page === null) return null;
    // next_page repeats every argument the next page needs; numbers go back as numbers.
    const next: Arguments = {};
    for (const [name, value] of new URL(pagination.next_page).searchParams)
      next[name] = tool.inputSchema.properties[name]?.type === 'integer' ? Number(value) : value;
    return next;
  }
  if (!('page_num' in tool.inputSchema.properties) || pagination.page >= pagination.total_pages) return null;
  return { ...args, page_num: pagination.page + 1 };
}

/** The envelope as a tool reads it: a success has its pagination, an error its name and message. */
type Answer = {
  pagination?: Pagination;
  error: { name?: string; message?: string };
  data: { id?: string } | unknown[] | null;
};

/** One line for a model: what a success holds, and the call for the next page. */
function summaryOf(tool: Tool, args: Arguments, answer: Answer, p: Pagination): string {
  const { endpoint } = tool;
  if (!Array.isArray(answer.data))
    return `One ${isResource(endpoint.section) ? SINGULAR[endpoint.section] : endpoint.section}: ${answer.data?.id}.`;
  const of = p.total_items > 0 ? ` of ${p.total_items}` : '';
  const page = p.total_pages > 0 ? `page ${p.page} of ${p.total_pages}` : `page ${p.page}`;
  const next = nextCall(tool, args, p);
  const then = next === null ? 'This is the last page.' : `Next page: ${tool.name} ${JSON.stringify(next)}.`;
  return `${p.items}${of} ${endpoint.section}, ${page}. ${then}`;
}

function result(text: string, answer: Answer, summary: string, isError: boolean): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text },
    ],
    structuredContent: answer,
    ...(isError ? { isError: true } : {}),
  };
}

/** An error as a tool error: the API's envelope, and its name and message for the model. */
function failure(text: string, answer: Answer): CallToolResult {
  return result(text, answer, `${answer.error.name}: ${answer.error.message}`, true);
}

export async function callTool(tool: Tool, args: Arguments, ctx: CallContext): Promise<CallToolResult> {
  let url: URL;
  try {
    url = apiUrl(tool, args, ctx.origin);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const text = errorBody(e, ctx.now());
    return failure(text, JSON.parse(text));
  }
  const response = await ctx.handler(new Request(url, { headers: ctx.credentials }), ctx.store);
  const text = await response.text();
  const answer = JSON.parse(text) as Answer;
  // Every success has its pagination (src/api/schemas.ts): an answer without is no success.
  return response.ok && answer.pagination
    ? result(text, answer, summaryOf(tool, args, answer, answer.pagination), false)
    : failure(text, answer);
}
