// An MCP client as agents use it (the SDK's own, over Streamable HTTP with the key in a header),
// and one call of every tool beside the API request with the same parameters, for the tests that
// compare the two on each host.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';

export { sampleCalls, type SampleIds } from './sample-calls.ts';

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A connected client of the MCP endpoint at `url`, sending `headers` (the key) with every request. */
export async function mcpClient(url: string, headers: Record<string, string>, fetch?: Fetch): Promise<Client> {
  const client = new Client({ name: 'boxing-data-tests', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch }));
  return client;
}

/** An answer without the moment it was made: a tool's and the API's made apart agree on the rest. */
export const timeless = (answer: unknown) =>
  JSON.parse(JSON.stringify(answer, (k, v) => (k === 'timestamp' ? 'T' : v)));

/** A tool's result holds the API's answer, as structuredContent and as the text after its summary line. */
export function expectAnswer(result: CallToolResult, api: unknown, label: string) {
  expect(timeless(result.structuredContent), label).toEqual(timeless(api));
  expect(result.content, label).toHaveLength(2);
  const [summary, json] = result.content as Array<{ type: string; text: string }>;
  expect(summary.type, label).toBe('text');
  expect(summary.text, label).not.toContain('\n');
  expect(JSON.parse(json.text), label).toEqual(result.structuredContent);
}
