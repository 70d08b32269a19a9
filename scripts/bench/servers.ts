// Starts the servers of the throughput comparison as child processes on 127.0.0.1 and stops
// them. Each child also exits when its stdin closes (see server-child.ts), and every child still
// running when this process exits is killed, so no run leaves a server behind.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RunningServer {
  name: string;
  base: string;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function spawnChild(nodeArgs: string[], args: string[], cwd: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [...nodeArgs, CHILD, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  live.add(child);
  child.on('exit', () => live.delete(child));
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Resolves when ready() does, rejects when the child exits first or the time runs out. */
async function whenReady(
  name: string,
  child: ChildProcess,
  output: () => string,
  ready: () => Promise<number | null>,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited before it was ready:\n${output()}`);
    const port = await ready();
    if (port !== null) return port;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s:\n${output()}`);
}

async function startChild(
  name: string,
  nodeArgs: string[],
  args: string[],
  cwd: string,
  ready: (output: () => string) => Promise<number | null>,
  timeoutMs: number,
): Promise<RunningServer> {
  const { child, output } = spawnChild(nodeArgs, args, cwd);
  try {
    const port = await whenReady(name, child, output, () => ready(output), timeoutMs);
    return { name, base: `http://127.0.0.1:${port}`, close: () => stop(child) };
  } catch (e) {
    await stop(child);
    throw e;
  }
}

const printedPort = async (output: () => string) => {
  const m = /port (\d+)/.exec(output());
  return m ? Number(m[1]) : null;
};

/** The project's preview server (the edge function on Node) over distDir; it accepts the key `bench`. */
/** The preview; with `cdnBytes` 0, without its CDN stand-in, so that every answer is computed. */
export const startPreview = (distDir: string, cdnBytes?: number) =>
  startChild(
    cdnBytes === 0 ? 'computed' : 'preview',
    [],
    ['preview', path.resolve(distDir), ...(cdnBytes === undefined ? [] : [String(cdnBytes)])],
    process.cwd(),
    printedPort,
    60_000,
  );

/** A server that answers anything with the same body of `bytes` bytes. */
export const startBare = (bytes: number) =>
  startChild('bare server', [], ['bare', String(bytes)], process.cwd(), printedPort, 60_000);

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * json-server 0.17 over dbFile (its folder is the working directory, for its snapshots), read
 * only, without request logging or compression. It loads the whole file first: ready is when it
 * answers.
 */
export async function startJsonServer(dbFile: string, heapMb: number): Promise<RunningServer> {
  const port = await freePort();
  const args = [
    'json-server',
    dbFile,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--quiet',
    '--read-only',
    '--no-gzip',
  ];
  const answers = async () => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/fights?_limit=1`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      return response.ok ? port : null;
    } catch {
      return null;
    }
  };
  return startChild('json-server', [`--max-old-space-size=${heapMb}`], args, path.dirname(dbFile), answers, 300_000);
}
