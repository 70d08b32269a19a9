// What one POST to the MCP endpoint may cost: a body is read up to its limit and no further (a
// declared length over it is refused unread); one request is one JSON-RPC message (a batch is
// refused before any of it runs); and a tool's arguments nested past any use are invalid params,
// refused before they reach the API. The endpoint's handler over a store in memory, its reads counted.
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveDataset } from '../../../src/content/resolve.ts';
import { createMcpHandler, MAX_BODY_BYTES } from '../../../src/mcp/server.ts';
import type { Store } from '../../../src/store/store.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { minimalContent } from '../../helpers/fixture.ts';
import { memoryStore } from '../../helpers/memory-store.ts';

const KEY = 'mcp-key';
const mcp = createMcpHandler({ keys: [KEY] });
const HEADERS = {
  'x-gateway-key': KEY,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

let store: Store;
let reads = 0;
beforeAll(async () => {
  const inner = await memoryStore(resolveDataset(minimalContent(), TEST_AS_OF));
  store = {
    read: (p) => (reads++, inner.read(p)),
    readBytes: (p) => (reads++, inner.readBytes(p)),
  };
});

/** The answer to one POST, with the store's reads it took. */
async function post(body: BodyInit, headers: Record<string, string> = {}) {
  const before = reads;
  const request = new Request('http://api.test/mcp', {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  const response = await mcp(request, store);
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text),
    cache: response.headers.get('cache-control'),
    reads: reads - before,
  };
}

const CHUNK = 16 * 1024;

/**
 * A body that sends CHUNK spaces at each pull, counted, and fails once it has sent `failAfter`
 * bytes: a server that reads it to its end fails instead of reading for ever.
 */
function spaces(failAfter: number) {
  const sent = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent.bytes >= failAfter) return controller.error(new Error(`the body was read past ${failAfter} bytes`));
        sent.bytes += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, sent };
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const toolCall = (id: number, name: string, args: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('the body limit', () => {
  it('refuses a body whose Content-Length is over the limit without reading any of it', async () => {
    const { stream, sent } = spaces(0);
    const started = performance.now();
    const answer = await post(stream, { 'content-length': String(200 * 1024 * 1024) });
    expect([answer.status, answer.body.error.code, answer.body.id, answer.cache]).toEqual([
      413,
      -32600,
      null,
      'no-store',
    ]);
    expect(answer.body.error.message).toBe(`Invalid Request: the body is over ${MAX_BODY_BYTES} bytes`);
    expect(sent.bytes).toBe(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a body without a length as soon as it passes the limit, having taken little more than the limit', async () => {
    const { stream, sent } = spaces(64 * MAX_BODY_BYTES);
    const answer = await post(stream);
    expect([answer.status, answer.body.error.code, answer.body.id]).toEqual([413, -32600, null]);
    expect(sent.bytes).toBeGreaterThan(MAX_BODY_BYTES);
    expect(sent.bytes).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  });

  it('answers a body that fails on its way (its client went away) as an invalid request, not a failure of its own', async () => {
    const { stream } = spaces(2 * CHUNK);
    const answer = await post(stream);
    expect([answer.status, answer.body.error.code, answer.body.error.message]).toEqual([
      400,
      -32600,
      'Invalid Request: the body could not be read',
    ]);
  });

  const message = JSON.stringify(ping(1));
  const exact = message + ' '.repeat(MAX_BODY_BYTES - message.length);

  it('takes a body of exactly the limit', async () => {
    expect(new TextEncoder().encode(exact).byteLength).toBe(MAX_BODY_BYTES);
    const taken = await post(exact);
    expect([taken.status, taken.body.id, taken.body.result]).toEqual([200, 1, {}]);
  });

  it('refuses one byte more, counted in bytes rather than characters', async () => {
    const over = `${message}${' '.repeat(MAX_BODY_BYTES - message.length - 1)}é`;
    expect([(await post(over)).status, (await post(`${exact} `)).status]).toEqual([413, 413]);
  });
});

describe('batches', () => {
  it('are refused with one JSON-RPC error, none of their calls run', async () => {
    const calls = Array.from({ length: 100 }, (_, i) => toolCall(i + 1, 'list_fights', { page_size: 100 }));
    const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
    for (const batch of [calls, calls.slice(0, 1), [ping(1), ping(2)], [initialized]]) {
      const answer = await post(JSON.stringify(batch));
      expect(
        [answer.status, answer.body.error?.code, answer.body.id, answer.cache, answer.reads],
        `${batch.length}`,
      ).toEqual([400, -32600, null, 'no-store', 0]);
      expect(answer.body.error.message).toBe(
        'Invalid Request: batches are not supported: send each JSON-RPC message in a request of its own',
      );
    }
  });

  it('leave a single call answered as before', async () => {
    const answer = await post(JSON.stringify(toolCall(7, 'list_fights', { page_size: 100 })));
    expect([answer.status, answer.body.id, answer.body.result.isError]).toEqual([200, 7, undefined]);
    expect(answer.body.result.structuredContent.pagination).toMatchObject({ page: 1 });
    expect(answer.reads).toBeGreaterThan(0);
  });
});

describe('nested arguments', () => {
  /** A call of list_fights whose division_id is `value`, the JSON text given as it is. */
  const nestedCall = (value: string) =>
    `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_fights","arguments":{"division_id":${value}}}}`;

  it('nested past any use are invalid params, refused before any read', async () => {
    const objects = nestedCall(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`);
    const arrays = nestedCall(`${'['.repeat(30_000)}${']'.repeat(30_000)}`);
    const inList = nestedCall(`["heavyweight", ${'['.repeat(30_000)}${']'.repeat(30_000)}]`);
    for (const body of [objects, arrays, inList]) {
      expect(body.length).toBeLessThan(MAX_BODY_BYTES);
      const answer = await post(body);
      expect([answer.status, answer.body.id, answer.body.error?.code, answer.reads], body.slice(90, 110)).toEqual([
        200, 3, -32602, 0,
      ]);
      expect(answer.body.error.message).toMatch(/: The arguments nest deeper than 16 levels of arrays and objects$/);
    }
  });

  it("up to 16 levels, the arguments object the first, are the API's to refuse, as before", async () => {
    for (const value of ['{"a":[{"b":1}]}', `${'['.repeat(15)}1${']'.repeat(15)}`]) {
      const answer = await post(nestedCall(value));
      expect(
        [answer.status, answer.body.result.isError, answer.body.result.structuredContent.error.name],
        value,
      ).toEqual([200, true, 'InvalidParameter']);
    }
    expect((await post(nestedCall(`${'['.repeat(16)}1${']'.repeat(16)}`))).body.error.code).toBe(-32602);
  });
});

describe('behind the RapidAPI gateway', () => {
  const SECRET = 'mcp-proxy-secret';
  const proxied = createMcpHandler({ keys: [KEY], proxySecret: SECRET });
  const call = (headers: Record<string, string>) =>
    proxied(
      new Request('http://api.test/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(toolCall(9, 'list_divisions', {})),
      }),
      store,
    );

  it("answers a tool call with the gateway's secret and no key of ours, its API request carrying the secret", async () => {
    // The subscriber's key for the gateway is none of ours: the secret lets the call on, and its API request too.
    const response = await call({ 'x-rapidapi-proxy-secret': SECRET, 'x-rapidapi-key': 'a-subscriber-key' });
    const answer = await response.json();
    expect([response.status, answer.id, answer.result.isError]).toEqual([200, 9, undefined]);
    expect(answer.result.structuredContent.data.length).toBeGreaterThan(0);
  });

  it('refuses a wrong secret before reading the call', async () => {
    const response = await call({ 'x-rapidapi-proxy-secret': 'wrong', 'x-gateway-key': KEY });
    expect([response.status, (await response.json()).error.name]).toEqual([403, 'InvalidProxySecret']);
  });
});
