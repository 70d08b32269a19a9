// What a Node request carries after its headers, for the web Request the edge functions take: a
// POST's JSON-RPC message to the MCP endpoint. GET and HEAD carry nothing.
import type http from 'node:http';

export async function requestBody(req: http.IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : new Uint8Array(Buffer.concat(chunks));
}
