// The preview server (the edge function on Node) over a real socket, for HTTP tests. Every
// answer is checked against the API's OpenAPI document.
import { spawn, type ChildProcess } from 'node:child_process';
import { startServer } from '../../src/hosts/node/serve.ts';
import { TEST_AS_OF } from './as-of.ts';
import { expectDocumented } from './openapi.ts';
import { builtSite } from './site.ts';

export const KEY = 'test-key-1';
export const OTHER_KEY = 'test-key-2';

export async function startPreview(
  env: Record<string, string | undefined> = { API_KEYS: `${KEY}, ${OTHER_KEY}` },
  options: { tryItKey?: string; cdnBytes?: number; perAddressLimit?: number; log?: (line: string) => void } = {},
) {
  const server = await startServer({ distDir: builtSite(), port: 0, env, ...options });
  const base = `http://127.0.0.1:${server.port}`;
  const get = async (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const key = init.key === undefined ? KEY : init.key;
    if (key !== null) headers.set('x-gateway-key', key);
    const response = await fetch(base + path, { ...init, headers });
    expectDocumented(init.method ?? 'GET', path, response.status, await response.clone().text());
    return response;
  };
  const json = async (path: string, init?: RequestInit & { key?: string | null }) => {
    const response = await get(path, init);
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  return { base, get, json, close: server.close };
}

/** One request over a raw socket with exactly the method and headers given (fetch would refuse some). */
export async function rawRequest(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  const { hostname, port } = new URL(base);
  return new Promise<{
    status: number;
    statusMessage: string | undefined;
    headers: Record<string, string | string[] | undefined>;
    text: string;
  }>((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers, setHost: !('host' in headers) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        try {
          expectDocumented(method, path, res.statusCode ?? 0, text);
          resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage, headers: res.headers, text });
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Runs npm start's script (or `script`, another local server's) with `args` until it prints its
 * curl line; returns the process, its output so far and its URL. A variable given as undefined
 * is removed from the script's environment.
 */
export async function runPreviewScript(
  env: Record<string, string | undefined>,
  args: string[] = [],
  script = 'scripts/preview.ts',
): Promise<{ child: ChildProcess; out: string; url: string }> {
  const merged: Record<string, string | undefined> = { ...process.env, PORT: '0', AS_OF: TEST_AS_OF, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, [script, ...args], { env: merged });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('curl')) resolve();
    });
    // Read as it comes, or a long run's messages would fill the pipe and stall the server.
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
  const url = /on (http:\/\/localhost:\d+)/.exec(out)![1].replace('localhost', '127.0.0.1');
  return { child, out, url };
}

/** A port nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
