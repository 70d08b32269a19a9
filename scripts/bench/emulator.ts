// What a request costs under Netlify's emulator (npm run dev:netlify), one at a time: a request
// the gate stops and one the API answers. For each: the time to the whole answer, and the CPU the
// emulator's Deno spent on it (read from /proc, so on Linux only), which is where the edge
// functions' modules are loaded, for every request, in fresh workers.
import { readFileSync } from 'node:fs';
import { existingFolder, integer, parseCommandLine } from '../../src/cli/args.ts';
import { machine } from './report.ts';
import { processCpu } from './proc-cpu.ts';
import { percentile } from './stats.ts';

const USAGE = `Usage: npm run bench:emulator -- --dist DIR [--requests 30]
       (or node scripts/bench/emulator.ts [options])

Starts Netlify's emulator on a built site, as npm run dev:netlify does, and sends it requests one
at a time: GET /v2/divisions/ with a wrong key (the gate stops it) and with a good key (the API
answers it), each N times after 3 of warm-up. Prints the median and the slowest time to the whole
answer, and the CPU of the emulator's Deno per request (Linux only: read from /proc).

  --dist DIR        a built site (npm run build)
  --requests N      timed requests of each kind (default 30)
  -h, --help        print this text`;

const values = parseCommandLine(USAGE, {
  dist: { type: 'string', required: true, parse: existingFolder },
  requests: { type: 'string', default: '30', parse: integer(1, 10_000) },
});

// Loaded once the command line is known to be good: the emulator takes seconds to load.
const { emulatorDeno } = await import('../../src/hosts/emulator/deno.ts');
const { startEmulator } = await import('../../src/hosts/emulator/netlify-dev.ts');
const deno = emulatorDeno();
if (deno === null) {
  console.error("No Deno that Netlify's emulator can run was found (it needs the 2.5 LTS line).");
  process.exit(1);
}

const KEY = 'bench-key';
const emulator = await startEmulator({ distDir: values.dist, keys: KEY, deno, port: 0 });

/** The emulator's Deno: this process's child of that name. */
function denoPid(): number | null {
  try {
    const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return Number(children.find((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'deno') ?? NaN) || null;
  } catch {
    return null;
  }
}
/** CPU seconds a process has used. */
function cpuOf(pid: number): number {
  const cpu = processCpu(pid);
  if (cpu === null) throw new Error(`the emulator's Deno (process ${pid}) is gone`);
  return cpu.own;
}

async function measure(key: string, status: number) {
  const send = async () => {
    const started = performance.now();
    const response = await fetch(`${emulator.url}/v2/divisions/`, { headers: { 'x-gateway-key': key } });
    await response.arrayBuffer();
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await send();
  const pid = denoPid();
  const cpuBefore = pid === null ? 0 : cpuOf(pid);
  const times: number[] = [];
  for (let i = 0; i < values.requests; i++) times.push(await send());
  const cpu = pid === null ? null : ((cpuOf(pid) - cpuBefore) * 1000) / values.requests;
  return { times: times.sort((a, b) => a - b), cpu };
}

try {
  const rows: string[] = [];
  for (const [label, key, status] of [
    ['stopped by the gate (a wrong key)', 'wrong-key', 403],
    ['answered (GET /v2/divisions/)', KEY, 200],
  ] as const) {
    const { times, cpu } = await measure(key, status);
    rows.push(
      `| ${label} | ${percentile(times, 50).toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms | ${cpu === null ? 'n/a' : `${cpu.toFixed(0)} ms`} |`,
    );
  }
  console.log(`\nMachine: ${machine()}\nSite: ${values.dist}\n`);
  console.log(`Netlify's emulator, one request at a time (${values.requests} of each after 3 of warm-up):\n`);
  console.log("| request | median | slowest | Deno's CPU per request |\n|---|--:|--:|--:|");
  for (const row of rows) console.log(row);
} finally {
  await emulator.close();
}
// The emulator leaves timers behind that would keep the process alive for seconds.
process.exit(0);
