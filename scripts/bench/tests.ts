// How long the test suite takes on this machine: `npm test` (or one project) run N times, one
// after the other, each timed to its end, with the CPU it and the processes it started used (on
// Linux: the kernel adds a reaped child's times, and those of the children it reaped, to its
// parent's, read here from /proc; a process left to run on its own is not counted). Before each run a fixed loop is timed: on a shared machine its time tells
// how fast the machine was then, so runs of two versions of the code compare fairly.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import config from '../../vitest.config.ts';
import { integer, parseCommandLine, UsageError } from '../../src/cli/args.ts';
import { processCpu } from './proc-cpu.ts';
import { machine } from './report.ts';
import { percentile } from './stats.ts';

const PROJECTS = (config.test?.projects ?? []).map((p) => (p as { test: { name: string } }).test.name);

const USAGE = `Usage: npm run bench:tests -- [--runs 3] [--project NAME]
       (or node scripts/bench/tests.ts [options])

Runs the test suite as npm test does (or one project of it) N times, one after the other, and
prints each run's time, the CPU it used with the processes it started (Linux only), and the time
of a fixed loop just before it (how fast the machine was at that moment), then the median.
A run with a failing test stops the benchmark.

  --runs N         runs of the suite (default 3)
  --project NAME   one project: ${PROJECTS.join(', ')} (default: all)
  -h, --help       print this text`;

const values = parseCommandLine(USAGE, {
  runs: { type: 'string', default: '3', parse: integer(1, 100) },
  project: {
    type: 'string',
    parse: (text: string, name: string) => {
      if (!PROJECTS.includes(text))
        throw new UsageError(`${name} must be one of ${PROJECTS.join(', ')}, got "${text}"`);
      return text;
    },
  },
});

const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));

/** CPU seconds of this process's reaped children, or null off Linux. */
const childrenCpu = () => processCpu('self')?.children ?? null;

/** Seconds a fixed amount of arithmetic takes: the same work every time, so only the machine's speed changes it. */
function loopSeconds(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 3e8; i++) sum += i % 7;
  if (sum < 0) console.log(sum);
  return (performance.now() - started) / 1000;
}

function runSuite(): Promise<{ seconds: number; cpu: number | null; status: number | null; output: string }> {
  const cpuBefore = childrenCpu();
  const started = performance.now();
  const args = [VITEST, 'run', '--reporter=dot', ...(values.project ? ['--project', values.project] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      const cpuAfter = childrenCpu();
      resolve({
        seconds: (performance.now() - started) / 1000,
        cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
        status,
        output,
      });
    });
  });
}

const what = values.project ? `the ${values.project} project` : 'the whole suite';
console.log(`Machine: ${machine()}`);
console.log(`${what}, ${values.runs} run${values.runs === 1 ? '' : 's'}:`);
const times: number[] = [];
for (let run = 1; run <= values.runs; run++) {
  const loop = loopSeconds();
  const result = await runSuite();
  if (result.status !== 0) {
    console.error(`run ${run} failed (exit code ${result.status}):\n${result.output.slice(-4000)}`);
    process.exit(1);
  }
  times.push(result.seconds);
  const cpu = result.cpu === null ? '' : `, ${result.cpu.toFixed(1)} CPU-s`;
  console.log(`  run ${run}: ${result.seconds.toFixed(1)} s${cpu} (fixed loop before it: ${loop.toFixed(2)} s)`);
}
console.log(
  `median: ${percentile(
    [...times].sort((a, b) => a - b),
    50,
  ).toFixed(1)} s`,
);
