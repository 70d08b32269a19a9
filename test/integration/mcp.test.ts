// The MCP endpoint in process: the SDK's own client against the endpoint's handler over the test
// build. One tool per endpoint, made from the registry; every call answered by the API's handler,
// so a tool's answer is the API's for the same parameters; the API's key gate in front.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { jsonSchemaOf } from '../../src/api/openapi/json-schema.ts';
import { ENDPOINTS } from '../../src/api/registry.ts';
import { createMcpHandler } from '../../src/mcp/server.ts';
import { directClient, distStore, KEY } from '../helpers/handler.ts';
import { expectAnswer, mcpClient, sampleCalls, timeless, type SampleIds } from '../helpers/mcp.ts';

const NOW_MS = Date.parse('2026-11-21T12:00:00Z');
const store = distStore();
const mcp = createMcpHandler({ keys: [KEY, 'other-key'], now: () => NOW_MS * 1000 });
const api = directClient(NOW_MS, store);
const URL_OF_MCP = 'http://api.test/mcp';
const inProcess = (url: string | URL, init?: RequestInit) => mcp(new Request(url, init), store);

/** One POST to the endpoint as a client would send it, with `headers` (the key) and `body`. */
const post = (body: string, headers: Record<string, string> = { 'x-gateway-key': KEY }) =>
  inProcess(URL_OF_MCP, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
});

let client: Client;
let ids: SampleIds;
beforeAll(async () => {
  client = await mcpClient(URL_OF_MCP, { 'x-gateway-key': KEY }, inProcess);
  const first = async (path: string) => (await api(path)).body.data[0].id as string;
  ids = {
    fight: await first('/v2/fights/'),
    event: await first('/v2/events/'),
    fighter: await first('/v2/fighters/'),
    title: await first('/v2/titles/'),
  };
});
afterAll(() => client?.close());

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const summaryOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** The endpoints that are tools: all but a file's download and the service's health. */
const TOOL_ENDPOINTS = ENDPOINTS.filter((e) => e.tool);

describe('tools/list', () => {
  it('gives one read-only tool per endpoint, named as the registry names it, its parameters as its input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_ENDPOINTS.map((e) => e.name));
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['list_fights', 'get_fighter', 'fights_schedule', 'rankings', 'list_exports']),
    );
    // A compressed file is no answer for a model, and the health is for monitors.
    expect(ENDPOINTS.filter((e) => !e.tool).map((e) => e.name)).toEqual(['get_export_part', 'health']);
    for (const [i, tool] of tools.entries()) {
      const endpoint = TOOL_ENDPOINTS[i];
      expect(tool.title).toBe(endpoint.summary);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tool.inputSchema.required).toEqual([...endpoint.pathNames]);
      // Every parameter the API takes, as the API's description gives it (page_size on rankings, refused whatever its value, is none).
      const taken = Object.keys(endpoint.params.shape).filter(
        (n) => !(endpoint.name === 'rankings' && n === 'page_size'),
      );
      expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toEqual(taken);
      for (const name of taken)
        expect(tool.inputSchema.properties![name]).toEqual(jsonSchemaOf(endpoint.params.shape[name] as z.ZodType));
      expect(tool.description, tool.name).toContain(endpoint.description);
      expect(tool.description, tool.name).toMatch(/Ids are 1-64 characters/);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('list_fights')!.description).toMatch(/`cursor` from pagination\.next_page/);
    expect(byName.get('list_fighters')!.description).toMatch(/page_num one higher/);
    expect(byName.get('list_fighters')!.description).toMatch(/division_id from list_divisions/);
    expect(byName.get('list_divisions')!.description).toMatch(/whole list, in one page/);
    expect(byName.get('get_fighter')!.description).toMatch(/fighter_id from list_fighters/);
    expect(byName.get('list_fights')!.inputSchema.properties!.page_size).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 25,
    });
  });

  it('initialize names the server and its tools capability; ping answers', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'boxing-data', version: '2' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    expect(client.getInstructions()).toMatch(/Read-only data about professional boxing/);
    expect(await client.ping()).toEqual({});
  });
});

describe('tools/call', () => {
  it("answers every tool with the API's answer for the same parameters", async () => {
    const calls = sampleCalls(ids);
    expect(calls.map((c) => c.tool)).toEqual(TOOL_ENDPOINTS.map((e) => e.name));
    for (const { tool, args, path } of calls) {
      const [result, answer] = await Promise.all([call(tool, args), api(path)]);
      expect(answer.status, path).toBe(200);
      expect(result.isError, tool).toBeFalsy();
      expectAnswer(result, answer.body, tool);
    }
  });

  it("says in one line what a page holds and which call gives the next; that call gives the API's next page", async () => {
    const first = await call('list_fights', { division_id: 'welterweight', page_size: 3 });
    const api1 = (await api('/v2/fights/?division_id=welterweight&page_size=3')).body;
    const next = /Next page: list_fights (\{.*\})\.$/.exec(summaryOf(first));
    expect(summaryOf(first)).toMatch(
      new RegExp(`^3 of ${api1.pagination.total_items} fights, page 1 of ${api1.pagination.total_pages}\\. `),
    );
    const args = JSON.parse(next![1]);
    expect(args).toMatchObject({
      division_id: 'welterweight',
      page_size: 3,
      date_sort: 'DESC',
      cursor: expect.any(String),
    });
    const second = await call('list_fights', args);
    const api2 = (await api(new URL(api1.pagination.next_page).pathname + new URL(api1.pagination.next_page).search))
      .body;
    expect(timeless(second.structuredContent)).toEqual(timeless(api2));

    const fighters = await call('list_fighters', { division_id: 'heavyweight', page_size: 10 });
    expect(summaryOf(fighters)).toMatch(
      /^10 of \d+ fighters, page 1 of \d+\. Next page: list_fighters \{"division_id":"heavyweight","page_size":10,"page_num":2\}\.$/,
    );
    const divisions = await call('list_divisions', {});
    expect(summaryOf(divisions)).toBe('17 of 17 divisions, page 1 of 1. This is the last page.');
    expect(summaryOf(await call('get_division', { division_id: 'heavyweight' }))).toBe('One division: heavyweight.');
    expect(summaryOf(await call('list_exports', {}))).toBe('7 of 7 exports, page 1 of 1. This is the last page.');
  });

  it("answers the API's errors as tool errors: its name and message, and its envelope", async () => {
    const cases = [
      { tool: 'list_fights', args: { page_size: 0 }, path: '/v2/fights/?page_size=0' },
      { tool: 'list_fights', args: { page_num: 500 }, path: '/v2/fights/?page_num=500' },
      { tool: 'list_fights', args: { cursor: 'abcdefghijkl' }, path: '/v2/fights/?cursor=abcdefghijkl' },
      { tool: 'list_fights', args: { division_id: ['a', 'b'] }, path: '/v2/fights/?division_id=a&division_id=b' },
      { tool: 'get_fighter', args: { fighter_id: 'fighter-999999999' }, path: '/v2/fighters/fighter-999999999' },
      { tool: 'rankings', args: { page_size: 4 }, path: '/v2/rankings/?page_size=4' },
    ];
    for (const { tool, args, path } of cases) {
      const [result, answer] = await Promise.all([call(tool, args), api(path)]);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(result.isError, path).toBe(true);
      expectAnswer(result, answer.body, path);
      expect(summaryOf(result)).toBe(`${answer.body.error.name}: ${answer.body.error.message}`);
    }
  });

  it('refuses a missing id, and answers NotFound for one that cannot be an id (it never reaches another path)', async () => {
    const missing = await call('get_fighter', {});
    expect([missing.isError, summaryOf(missing)]).toEqual([
      true,
      expect.stringMatching(/^InvalidParameter: Invalid value for parameter "fighter_id": must be an id/),
    ]);
    for (const id of ['.', '..', 'a/b', 'Not-An-Id', '../../store/divisions/all']) {
      const result = await call('get_fighter', { fighter_id: id });
      expect([result.isError, summaryOf(result)], id).toEqual([true, `NotFound: Fighter "${id}" was not found.`]);
      expect(result.structuredContent, id).toMatchObject({ error: { name: 'NotFound', status: 404 }, data: null });
    }
    // Null is an argument not given; numbers and booleans are spelled as a query spells them.
    expect(timeless((await call('list_fighters', { name: null, page_size: 2 })).structuredContent)).toEqual(
      timeless((await api('/v2/fighters/?page_size=2')).body),
    );
    expect(summaryOf(await call('list_fights', { page_size: true }))).toMatch(/^InvalidParameter: .*"page_size"/);
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'constructor', arguments: {} })).rejects.toThrow(
      /-32602.*Unknown tool: constructor/,
    );
  });
});

describe('HTTP', () => {
  const rpc = async (response: Response) => ({
    status: response.status,
    body: await response.json(),
    cache: response.headers.get('cache-control'),
  });

  it('takes the key in x-gateway-key, x-rapidapi-key or as a bearer token; refuses none (401), a wrong one (403) and two (400)', async () => {
    const accepted: Array<Record<string, string>> = [
      { 'x-gateway-key': KEY },
      { 'x-rapidapi-key': KEY },
      { authorization: `Bearer ${KEY}` },
      { authorization: `bearer  ${KEY} ` },
      { authorization: `Bearer ${KEY}`, 'x-gateway-key': KEY },
    ];
    for (const headers of accepted) {
      const { status, body, cache } = await rpc(await post(INITIALIZE, headers));
      expect([status, body.result?.serverInfo?.name, cache], JSON.stringify(headers)).toEqual([
        200,
        'boxing-data',
        'no-store',
      ]);
    }
    const refused = [
      [{}, 401, 'MissingApiKey'],
      [{ authorization: `Basic ${KEY}` }, 401, 'MissingApiKey'],
      [{ authorization: 'Bearer ' }, 401, 'MissingApiKey'],
      [{ authorization: 'Bearer not-a-key' }, 403, 'InvalidApiKey'],
      [{ 'x-gateway-key': 'not-a-key' }, 403, 'InvalidApiKey'],
      [{ authorization: `Bearer ${KEY}`, 'x-gateway-key': 'other-key' }, 400, 'ConflictingApiKeys'],
    ] as const;
    for (const [headers, status, name] of refused) {
      const answer = await rpc(await post(INITIALIZE, headers));
      expect([answer.status, answer.body.error.name, answer.cache], JSON.stringify(headers)).toEqual([
        status,
        name,
        'no-store',
      ]);
    }
    expect((await rpc(await post(INITIALIZE, {}))).body.error.message).toMatch(
      /x-gateway-key .*or as Authorization: Bearer <key>/,
    );
    // The SDK's client with a wrong key fails to connect.
    await expect(mcpClient(URL_OF_MCP, { authorization: 'Bearer not-a-key' }, inProcess)).rejects.toThrow(/403/);
  });

  it('the API itself takes no bearer token: its answers are cached by the key headers alone', async () => {
    const answer = await api('/v2/divisions/', { headers: { authorization: `Bearer ${KEY}`, 'x-gateway-key': '' } });
    expect([answer.status, answer.body.error.name]).toEqual([401, 'MissingApiKey']);
    expect(answer.body.error.message).not.toMatch(/Bearer/);
  });

  it('answers GET, DELETE and other methods 405, and a preflight for POST with the MCP headers', async () => {
    for (const method of ['GET', 'DELETE', 'PUT', 'HEAD']) {
      const response = await inProcess(URL_OF_MCP, {
        method,
        headers: { 'x-gateway-key': KEY, accept: 'text/event-stream' },
      });
      expect([response.status, response.headers.get('allow'), response.headers.get('cache-control')], method).toEqual([
        405,
        'POST, OPTIONS',
        'no-store',
      ]);
      if (method !== 'HEAD')
        expect((await response.json()).error.message).toBe(
          `Method ${method} is not allowed: the MCP endpoint answers POST and OPTIONS.`,
        );
    }
    const preflight = await inProcess(URL_OF_MCP, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(
      /x-gateway-key, x-rapidapi-key, authorization, content-type, mcp-protocol-version/,
    );
    // The API's paths are as they were: no POST, no bearer token in their preflight.
    const apiPreflight = await inProcess('http://api.test/v2/fights/', { method: 'OPTIONS' });
    expect(apiPreflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(apiPreflight.headers.get('access-control-allow-headers')).toBe(
      'x-gateway-key, x-rapidapi-key, if-none-match',
    );
  });

  it('answers a body that is not JSON with a parse error, and JSON that is no JSON-RPC message with an invalid request, never a 5xx', async () => {
    const cases = [
      ['{"jsonrpc": "2.0", "method": ', -32700],
      ['', -32700],
      ['not json', -32700],
      ['{}', -32600],
      ['[]', -32600],
      ['42', -32600],
      ['{"jsonrpc":"1.0","id":1,"method":"ping"}', -32600],
      ['[{"jsonrpc":"2.0","id":1,"method":"ping"}, 7]', -32600],
    ] as const;
    for (const [body, code] of cases) {
      const answer = await rpc(await post(body));
      expect([answer.status, answer.body.error?.code, answer.body.id, answer.cache], body.slice(0, 40)).toEqual([
        400,
        code,
        null,
        'no-store',
      ]);
    }
    // A body over the limit is too large, whatever it holds.
    const large = await rpc(
      await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', pad: 'x'.repeat(70_000) })),
    );
    expect([large.status, large.body.error?.code, large.body.id, large.cache]).toEqual([413, -32600, null, 'no-store']);
    // An unknown method is the protocol's own error, answered to its request.
    const unknown = await rpc(
      await post('{"jsonrpc":"2.0","id":7,"method":"resources/list"}', {
        'x-gateway-key': KEY,
        'mcp-protocol-version': '2025-06-18',
      }),
    );
    expect([unknown.status, unknown.body.id, unknown.body.error.code]).toEqual([200, 7, -32601]);
  });

  it('is the same endpoint with a trailing slash, as Netlify routes it', async () => {
    const response = await inProcess(`${URL_OF_MCP}/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: INITIALIZE,
    });
    expect([response.status, (await response.json()).result.serverInfo.name]).toEqual([200, 'boxing-data']);
    expect(
      (await inProcess(`${URL_OF_MCP}/`, { method: 'GET', headers: { authorization: `Bearer ${KEY}` } })).status,
    ).toBe(405);
  });

  it('is stateless: a tools/call needs no initialize before it, and answers JSON', async () => {
    const response = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'a',
        method: 'tools/call',
        params: { name: 'get_division', arguments: { division_id: 'heavyweight' } },
      }),
    );
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const body = await response.json();
    expect(body.result.structuredContent.data.id).toBe('heavyweight');
  });
});
