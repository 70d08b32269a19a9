// The preview's MCP endpoint over real HTTP, on a store in memory whose builds the test swaps: a
// body over the limit is answered while its client is still sending it (a declared length at
// once, a chunked body as soon as it passes the limit), and a call answered again on a new build
// gets its body again.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDataset } from '../../../../src/content/resolve.ts';
import { startServer } from '../../../../src/hosts/node/serve.ts';
import { MAX_BODY_BYTES } from '../../../../src/mcp/server.ts';
import { TEST_AS_OF } from '../../../helpers/as-of.ts';
import { minimalContent } from '../../../helpers/fixture.ts';
import { memoryContext, memoryStore } from '../../../helpers/memory-store.ts';

const KEY = 'preview-key';
const HEADERS = {
  'x-gateway-key': KEY,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

let server: Awaited<ReturnType<typeof startServer>>;
let build = 1;
/** Builds to swap in while the store is read: each read moves the build on while it is above 0. */
let swaps = 0;
beforeAll(async () => {
  const { files } = await memoryStore(resolveDataset(minimalContent(), TEST_AS_OF));
  const inner = memoryContext(files);
  const context = {
    build: () => build,
    next: (request: Request) => {
      if (swaps > 0) swaps--, build++;
      return inner.next(request);
    },
  };
  server = await startServer({ context, port: 0, env: { API_KEYS: KEY } });
});
afterAll(() => {
  // A connection whose body was refused unread stays paused until its keep-alive timeout (5 s).
  server?.server.closeAllConnections();
  return server?.close();
});

type Sent = { status: number | 'no answer'; body: string; sentBytes: number; ms: number };

/**
 * A POST to /mcp whose body is chunks of spaces written as fast as the server takes them, until it
 * answers or `sendBytes` are sent (then the request ends); `waitMs` after the last write without
 * an answer is no answer.
 */
function postSpaces(headers: Record<string, string>, sendBytes: number, waitMs = 3000): Promise<Sent> {
  const chunk = Buffer.alloc(16 * 1024, 0x20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (sent: Sent) => {
      clearTimeout(timer);
      req.destroy();
      resolve(sent);
    };
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: '/mcp', headers: { ...HEADERS, ...headers } },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => done({ status: res.statusCode!, body, sentBytes, ms: performance.now() - started }));
      },
    );
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const write = () => {
      while (!answered && sentBytes < sendBytes) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered && !headers['content-length']) req.end();
      timer = setTimeout(
        () => done({ status: 'no answer', body: '', sentBytes, ms: performance.now() - started }),
        waitMs,
      );
    };
    write();
  });
}

describe("the preview's MCP endpoint", () => {
  it('refuses a body whose Content-Length is over the limit at once, having been sent a chunk of it', async () => {
    const answer = await postSpaces({ 'content-length': String(200 * 1024 * 1024) }, 16 * 1024);
    expect([answer.status, JSON.parse(answer.body || 'null')?.error?.code]).toEqual([413, -32600]);
    expect(answer.ms).toBeLessThan(1000);
  });

  it('refuses a chunked body as soon as it passes the limit, while its client is still sending', async () => {
    const cap = 64 * 1024 * 1024;
    const answer = await postSpaces({}, cap);
    expect([
      answer.status,
      JSON.parse(answer.body || 'null')?.error?.code,
      `sent ${answer.sentBytes < cap ? 'less than' : 'all of'} ${cap} bytes`,
    ]).toEqual([413, -32600, `sent less than ${cap} bytes`]);
  });

  it('answers a call of exactly the limit, made again on the new build with its body', async () => {
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'list_divisions', arguments: {} },
    });
    const body = call + ' '.repeat(MAX_BODY_BYTES - call.length);
    const before = build;
    swaps = 1;
    const response = await fetch(`http://127.0.0.1:${server.port}/mcp`, { method: 'POST', headers: HEADERS, body });
    swaps = 0;
    expect(build).toBe(before + 1);
    const answer = await response.json();
    expect([response.status, answer.id, answer.result?.isError]).toEqual([200, 5, undefined]);
    expect(answer.result.structuredContent.data.length).toBeGreaterThan(0);
  });
});
