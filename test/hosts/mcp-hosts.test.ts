// The MCP endpoint on the hosts: the Node preview (npm start) and Netlify's emulator (the edge
// functions as netlify.toml declares them, in Deno). The SDK's own client, with the key in a
// header, lists the tools and calls them; each answer is the API's over the same host for the
// same parameters. The emulator is slow (each request a new Worker): its part is small.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/registry.ts';
import { emulatorDeno } from '../../src/hosts/emulator/deno.ts';
import { startEmulator, type Emulator } from '../../src/hosts/emulator/netlify-dev.ts';
import { expectAnswer, mcpClient, sampleCalls, type SampleIds } from '../helpers/mcp.ts';
import { KEY, OTHER_KEY, startPreview } from '../helpers/server.ts';
import { builtSite } from '../helpers/site.ts';

/** A host's API over HTTP: the parsed answer to a GET with the key. */
const apiOf = (base: string) => async (path: string) => {
  const response = await fetch(base + path, { headers: { 'x-gateway-key': KEY } });
  return { status: response.status, body: await response.json() };
};

/** The same host's MCP endpoint refuses what the API's gate refuses, and what is no JSON-RPC. */
async function expectRefusals(base: string) {
  const post = (headers: Record<string, string>, body = '{"jsonrpc":"2.0","id":1,"method":"ping"}') =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
  const none = await post({});
  expect([none.status, (await none.json()).error.name, none.headers.get('cache-control')]).toEqual([
    401,
    'MissingApiKey',
    'no-store',
  ]);
  const wrong = await post({ authorization: 'Bearer not-a-key' });
  expect([wrong.status, (await wrong.json()).error.name]).toEqual([403, 'InvalidApiKey']);
  for (const method of ['GET', 'DELETE']) {
    const response = await fetch(`${base}/mcp`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, accept: 'text/event-stream' },
    });
    expect([response.status, response.headers.get('allow')], method).toEqual([405, 'POST, OPTIONS']);
    await response.body?.cancel();
  }
  const malformed = await post({ 'x-gateway-key': KEY }, '{"jsonrpc":');
  expect([malformed.status, (await malformed.json()).error.code]).toEqual([400, -32700]);
  const invalid = await post({ 'x-gateway-key': KEY }, '{"id":1}');
  expect([invalid.status, (await invalid.json()).error.code]).toEqual([400, -32600]);
}

describe('under npm start (the Node preview)', () => {
  let preview: Awaited<ReturnType<typeof startPreview>>;
  let client: Client;
  let ids: SampleIds;
  beforeAll(async () => {
    preview = await startPreview();
    client = await mcpClient(`${preview.base}/mcp`, { 'x-gateway-key': OTHER_KEY });
    const first = async (path: string) => (await apiOf(preview.base)(path)).body.data[0].id as string;
    ids = {
      fight: await first('/v2/fights/'),
      event: await first('/v2/events/'),
      fighter: await first('/v2/fighters/'),
      title: await first('/v2/titles/'),
    };
  });
  afterAll(async () => {
    await client?.close();
    await preview?.close();
  });

  it("lists a tool per endpoint and answers each with the API's answer on this host", async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(
      ENDPOINTS.filter((e) => e.tool).map((e) => e.name),
    );
    for (const { tool, args, path } of sampleCalls(ids)) {
      const [result, answer] = await Promise.all([
        client.callTool({ name: tool, arguments: args }),
        apiOf(preview.base)(path),
      ]);
      expect(answer.status, path).toBe(200);
      expectAnswer(result as CallToolResult, answer.body, tool);
    }
    // next_page names this host, as the API's does.
    const fights = (await client.callTool({ name: 'list_fights', arguments: {} })) as CallToolResult;
    expect((fights.structuredContent as { pagination: { next_page: string } }).pagination.next_page).toMatch(
      new RegExp(`^${preview.base}/v2/fights/\\?`),
    );
  });

  it('takes a bearer token, refuses a missing or wrong key, GET and DELETE, and malformed JSON-RPC', async () => {
    const bearer = await mcpClient(`${preview.base}/mcp`, { authorization: `Bearer ${KEY}` });
    expect(await bearer.ping()).toEqual({});
    await bearer.close();
    await expectRefusals(preview.base);
  });
});

const deno = emulatorDeno();

describe.skipIf(deno === null)("under Netlify's emulator", () => {
  let emulator: Emulator;
  let client: Client;
  beforeAll(async () => {
    emulator = await startEmulator({ distDir: builtSite(), keys: `${KEY}, ${OTHER_KEY}`, deno: deno!, port: 0 });
    client = await mcpClient(`${emulator.url}/mcp`, { authorization: `Bearer ${KEY}` });
  });
  afterAll(async () => {
    await client?.close();
    await emulator?.close();
  });

  it('runs the MCP function after the gate, and answers tools as the API does on the same host', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(
      ENDPOINTS.filter((e) => e.tool).map((e) => e.name),
    );
    const calls = [
      {
        tool: 'list_fights',
        args: { division_id: 'welterweight', date_sort: 'ASC', page_size: 7 },
        path: '/v2/fights/?division_id=welterweight&date_sort=ASC&page_size=7',
      },
      { tool: 'get_division', args: { division_id: 'heavyweight' }, path: '/v2/divisions/heavyweight' },
      { tool: 'get_fighter', args: { fighter_id: 'fighter-999999999' }, path: '/v2/fighters/fighter-999999999' },
    ];
    for (const { tool, args, path } of calls) {
      const [result, answer] = await Promise.all([
        client.callTool({ name: tool, arguments: args }),
        apiOf(emulator.url)(path),
      ]);
      expectAnswer(result as CallToolResult, answer.body, tool);
      expect(result.isError ?? false, tool).toBe(answer.status !== 200);
    }
    const response = await fetch(`${emulator.url}/mcp`, {
      method: 'POST',
      headers: {
        'x-gateway-key': KEY,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect([
      response.status,
      response.headers.get('x-nf-edge-functions'),
      response.headers.get('cache-control'),
    ]).toEqual([200, 'gate,mcp', 'no-store']);
    await response.body?.cancel();
  });

  it('refuses a missing or wrong key, GET and DELETE, and malformed JSON-RPC', async () => {
    await expectRefusals(emulator.url);
  });
});
