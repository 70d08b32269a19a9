// npm run dev:netlify (scripts/dev-netlify.ts): Netlify's emulator as a command, on the address its
// options name, under a long run of requests: every one is answered by the edge functions, and
// the emulator's Deno does not gain a thread per request (it once kept each request's config
// worker alive until it could spawn no more threads, then failed every request). One command
// started for both: an emulator takes some 3 CPU-seconds to start.
// EMULATOR_SOAK_REQUESTS sets the length of the run (CI runs 5,000; by default 24, each of which
// would leave a thread behind without the fix: three times the few the checks below allow).
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emulatorDeno } from '../../src/hosts/emulator/deno.ts';
import { freePort, KEY, runPreviewScript } from '../helpers/server.ts';
import { builtSite } from '../helpers/site.ts';

const REQUESTS = Number(process.env.EMULATOR_SOAK_REQUESTS ?? 24);
const IN_FLIGHT = 8;

const deno = emulatorDeno();
const canCount = existsSync('/proc/self/task');
if (deno === null)
  console.warn("Skipping npm run dev:netlify's tests: no Deno that Netlify's emulator accepts (2.5 LTS) is installed.");
else if (!canCount)
  console.warn('Skipping the emulator soak test: threads are counted from /proc, which this system does not have.');

/** The process ids under `root` (its children, theirs, ...), read from /proc. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the parent id follows the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const [child, parent] of parentOf) if (parent === pid) found.push(child), visit(child);
  };
  visit(root);
  return found;
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};
const threadsOf = (pid: number) => readdirSync(`/proc/${pid}/task`).length;

/**
 * A count once it holds still (the same over 250 ms) and is at most `enough`, or as it stands
 * after `ms`: threads of finished requests take a moment to end.
 */
async function settled(count: () => number, ms: number, enough = Infinity): Promise<number> {
  let last = count();
  for (let waited = 0; waited < ms; waited += 250) {
    await sleep(250);
    const now = count();
    if (now === last && now <= enough) return now;
    last = now;
  }
  return count();
}

let child: ChildProcess;
let url: string;
let port: number;

beforeAll(async () => {
  if (deno === null) return;
  port = await freePort();
  // HOST is an address of no machine here, so an emulator that took it could not start.
  ({ child, url } = await runPreviewScript(
    { API_KEYS: KEY, DIST_DIR: builtSite(), SKIP_BUILD: '1', PORT: '1', HOST: '192.0.2.1' },
    ['--port', String(port), '--host', '127.0.0.1'],
    'scripts/dev-netlify.ts',
  ));
});

/** The emulator's Deno: started with the emulator, or at the latest by its first request. */
function findDeno(): number {
  const pid = descendants(child.pid!).find((p) => commandOf(p).some((arg) => arg.includes('edge-functions-dev')));
  if (pid === undefined) throw new Error("the emulator's Deno process was not found");
  return pid;
}

afterAll(async () => {
  // Already ended (by a signal, it has no exit code): there is no exit left to wait for.
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

it.skipIf(deno === null)('--port and --host win over PORT and HOST', async () => {
  expect(new URL(url).port).toBe(String(port));
  expect((await fetch(`${url}/v2/divisions/`, { headers: { 'x-gateway-key': KEY } })).status).toBe(200);
});

it.skipIf(deno === null || !canCount)(
  `answers ${REQUESTS} requests, ${IN_FLIGHT} in flight, every one through the edge functions, with the thread count flat`,
  async () => {
    const paths = ['/v2/divisions/', '/v2/fights/?page_size=2', '/v2/nope/', '/v2/organizations/wbc'];
    const keyed = (i: number): Record<string, string> => (i % 5 === 4 ? {} : { 'x-gateway-key': KEY });
    // Warm-up: as many requests at once as the run keeps in flight, so the runtime's own pools
    // are started, and have settled, before the count is taken.
    const warm = (i: number) =>
      fetch(url + paths[i % paths.length], { headers: keyed(i) }).then((r) => r.arrayBuffer());
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, i) => warm(i)));
    const denoPid = findDeno();
    const before = await settled(() => threadsOf(denoPid), 1000);
    const statuses = new Map<number, number>();
    const samples: number[] = [];
    let sent = 0;
    let refused = 0;
    const worker = async () => {
      while (sent < REQUESTS) {
        const i = sent++;
        const response = await fetch(url + paths[i % paths.length], { headers: keyed(i) });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        // Every answer of the functions names them; the front door's own 503 does not.
        if (response.headers.get('x-nf-edge-functions') === null) refused++;
        if (i % 20 === 0) samples.push(threadsOf(denoPid));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    // Workers still stopping after their last answer are given a moment.
    const after = await settled(() => threadsOf(denoPid), 3000, before + 8);

    expect(refused, JSON.stringify([...statuses])).toBe(0);
    expect([...statuses.keys()].sort()).toEqual([200, 401, 404]);
    // Threads for the requests in flight come and go: each in flight holds two workers, and the
    // runtime's pools grow with the load and shrink when idle (some 60 more at 8 in flight on two
    // cores). One left per request would be thousands by the end of a long run.
    expect(Math.max(...samples), `threads during the run: ${samples.join(' ')}`).toBeLessThan(before + 16 * IN_FLIGHT);
    expect(after, `threads before ${before}, after ${after}`).toBeLessThanOrEqual(before + 8);
  },
  // The emulator starts two Deno workers per request: some ten requests a second on two cores.
  60_000 + REQUESTS * 300,
);
