// npm run bench: what each request costs and what the build costs, per dataset size.
//   node scripts/bench.ts [--sizes 100000,1000000] [--rounds 200] [--throughput-seconds 10] [--rebuild] (--help says more)
// Datasets are generated and built under bench-data/<fights>/ when missing (the build's figures
// are kept beside it, so a later run reports them without building again). Per query of the mix:
// reads, sequential rounds and KB read (a counting store), and the handler's CPU p50 and p99 (the maximum, and called so, under 100 rounds) on its
// own thread with files served from memory, as on the edge, where reads are network waits, not CPU. Then the preview's
// HTTP throughput beside json-server and a bare Node server, at the first size.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Store } from '../src/store/store.ts';
import type { DeployHash } from './bench/deploy-hash.ts';
import { writeSection } from './bench/doc-section.ts';
import type { MixQuery } from '../test/helpers/query-mix.ts';
import { integer, parseCommandLine, UsageError } from '../src/cli/args.ts';
import { commandProgress, progressEnv } from '../src/cli/progress.ts';
import { grouped } from '../src/shared/numbers.ts';

const USAGE = `Usage: npm run bench -- [--sizes N,N...] [--rounds N] [--throughput-seconds N] [--rebuild] [--out FILE]
       (or node scripts/bench.ts [options])

Measures what each request costs and what the build costs, per dataset size: for every query of
the benchmark's mix, the reads, sequential rounds and KB read, and the handler's CPU time p50
and p99; each build's time, peak memory and output; then, at the first size, the preview's HTTP
throughput beside json-server 0.17 and a bare Node server (as npm run bench:throughput). Datasets
are generated (npm run data:generate) and built (npm run build:stats) under bench-data/<fights>/
when missing, and kept for the next run.

  --sizes N,N...           dataset sizes in fights, comma-separated, each from 1 to 2000000
                           (default 100000)
  --rounds N               rounds of the mix timed for CPU, 1 to 100000 (default 200; under 100
                           the tail column is the maximum, not a p99)
  --throughput-seconds N   seconds measured per query and server, 0 to 3600; 0 skips the
                           throughput comparison (default 10)
  --rebuild                build every dataset again, even one already built
  --out FILE               also write the report into FILE (Markdown), between its two marker
                           lines for this command, with the command line, the date and the load
                           average (docs/performance.md holds one): the rest of FILE is kept
  -h, --help               print this text

Progress goes to standard error: which step is running, the generator's and the builds' own
progress, and the measurements done of all with the time left.

Environment:
  AS_OF                    read by the builds (see npm run build -- --help)
${progressEnv(27)}`;

/** Fight counts, comma-separated, each one the generator takes. */
function sizeList(text: string, name: string): number[] {
  const size = integer(1, 2_000_000);
  try {
    return text.split(',').map((part) => size(part, name));
  } catch {
    throw new UsageError(`${name} must be fight counts from 1 to 2000000 separated by commas, got "${text}"`);
  }
}

/** A file the report can be written into: its folder must be there before minutes of measuring. */
function outFile(text: string, name: string): string {
  if (!existsSync(path.dirname(path.resolve(text))))
    throw new UsageError(`${name} must be a file in a folder that exists, got "${text}"`);
  return text;
}

const values = parseCommandLine(USAGE, {
  sizes: { type: 'string', default: '100000', parse: sizeList },
  rounds: { type: 'string', default: '200', parse: integer(1, 100_000) },
  'throughput-seconds': { type: 'string', default: '10', parse: integer(0, 3600) },
  rebuild: { type: 'boolean' },
  out: { type: 'string', parse: outFile },
});
// Step lines, and a live line under them, on standard error; the report's tables on standard output.
const progress = commandProgress(USAGE);
// What measures is loaded once the command line is known to be good.
const { createHandler } = await import('../src/api/handler.ts');
const { folderStore } = await import('../src/hosts/node/folder-store.ts');
const { paths } = await import('../src/store/layout.ts');
const { budgetOf, queryMix } = await import('../test/helpers/query-mix.ts');
const { countingStore, overBudget } = await import('../test/helpers/counting-store.ts');
const { percentile, tail } = await import('./bench/stats.ts');
const { defaultQueries, formatThroughput, machine, measureThroughput } = await import('./bench/throughput.ts');
const { builtFights } = await import('./bench/json-server-db.ts');
const { hashDeploy } = await import('./bench/deploy-hash.ts');
const sizes = values.sizes;
const rounds = values.rounds;
const throughputSeconds = values['throughput-seconds'];
const node = process.execPath;

interface BuildStats {
  seconds: number;
  peakMb: number;
  files: number;
  folders: number;
  largest: { dir: string; entries: number };
  bytes: number;
}

/**
 * The generator's heap: it holds the whole dataset it makes (a million fights need some 2 GB),
 * and the heap NODE_OPTIONS sets is meant for the builds being measured, not for it.
 */
const GENERATOR_HEAP = '--max-old-space-size=4096';

function run(args: string[]): string {
  const r = spawnSync(node, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 26 });
  // The script has said what went wrong (on standard error, shown as it is).
  if (r.status !== 0) {
    progress.log(`bench: stopped, as node ${args.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

function prepare(fights: number): { content: string; dist: string; build: BuildStats } {
  const dir = path.resolve('bench-data', String(fights));
  const content = path.join(dir, 'content');
  const dist = path.join(dir, 'dist');
  const statsFile = path.join(dir, 'build-stats.json');
  if (!existsSync(path.join(content, 'fights'))) {
    progress.log(`generating ${grouped(fights)} fights into ${path.relative(process.cwd(), content)}...`);
    run([GENERATOR_HEAP, 'scripts/generate.ts', '--fights', String(fights), '--out', content]);
  }
  if (values.rebuild || !existsSync(statsFile) || !existsSync(path.join(dist, paths.all('divisions').slice(1)))) {
    progress.log(`building ${grouped(fights)} fights into ${path.relative(process.cwd(), dist)}...`);
    const out = run(['scripts/build-stats.ts', '--content', content, '--out', dist, '--json']);
    writeFileSync(statsFile, out.trim().split('\n').pop()!);
  }
  return { content, dist, build: JSON.parse(readFileSync(statsFile, 'utf8')) as BuildStats };
}

interface QueryResult {
  query: MixQuery;
  reads: number;
  rounds: number;
  kb: number;
  items: number;
  over: string | null;
  cpu: number[];
}

/** Rounds of the mix run before measuring. */
const WARM_UP_ROUNDS = 5;

const fmt = (ms: number) => ms.toFixed(2);
/** A budget as the report's table shows it: reads / rounds. */
const budgetLabel = (budget: { reads: number; rounds: number }) => `${budget.reads} / ${budget.rounds}`;

async function measure(dist: string, fights: number) {
  const handle = createHandler({ keys: ['bench'] });
  const memory = folderStore(dist, { keep: true });
  const counting = countingStore(memory);
  const request = (p: string) => new Request(`https://api.example${p}`, { headers: { 'x-gateway-key': 'bench' } });
  const call = async (store: Store, p: string) => {
    const response = await handle(request(p), store);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${p}: ${response.status} ${body.slice(0, 200)}`);
    return JSON.parse(body);
  };
  progress.log(`measuring queries at ${grouped(fights)} fights...`);
  const mix = await queryMix(memory, (p) => call(memory, p));
  const calls = progress.phase('measuring queries (calls)', mix.length * (1 + WARM_UP_ROUNDS + rounds));
  const results: QueryResult[] = [];
  for (const query of mix) {
    counting.take();
    const body = await call(counting.store, query.path);
    const stats = counting.take();
    const items = Array.isArray(body.data) ? body.data.length : 1;
    results.push({
      query,
      reads: stats.reads,
      rounds: stats.rounds,
      kb: stats.bytes / 1024,
      items,
      over: overBudget(budgetOf(query), stats),
      cpu: [],
    });
    calls.tick();
  }
  // The handler's time from the Request given to the Response returned, on the thread that runs
  // it. Every read resolves from memory, so no wait is in it: it is that thread's CPU time,
  // garbage collection on it included; the body is consumed after the clock stops, as the host
  // (not the handler) sends it. Warm-up rounds first, so that code is measured once optimized.
  const cpuOf = async (p: string) => {
    const req = request(p);
    const started = performance.now();
    const response = await handle(req, memory);
    const elapsed = performance.now() - started;
    await response.arrayBuffer();
    calls.tick();
    return elapsed;
  };
  for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const r of results) await cpuOf(r.query.path);
  for (let round = 0; round < rounds; round++) for (const r of results) r.cpu.push(await cpuOf(r.query.path));
  calls.done();
  for (const r of results) r.cpu.sort((a, b) => a - b);
  const all = results.flatMap((r) => r.cpu).sort((a, b) => a - b);
  return { results, p50: percentile(all, 50), p99: percentile(all, 99), max: all[all.length - 1] };
}

/** The report: printed, and kept for --out. */
const report: string[] = [];
const say = (text = '') => {
  console.log(text);
  report.push(text);
};
const loadAtStart = loadavg()[0];
say(`\nMachine: ${machine()}\n`);
const builds: Array<[number, BuildStats]> = [];
const deploys: Array<[number, DeployHash]> = [];
let throughputAt: { content: string; dist: string; fights: number } | undefined;
for (const size of sizes) {
  const { content, dist, build } = prepare(size);
  builds.push([size, build]);
  throughputAt ??= { content, dist, fights: size };
  const m = await measure(dist, size);
  say(`### ${grouped(size)} fights: reads, rounds and handler CPU per request (${rounds} rounds of the mix)\n`);
  say(
    `| query | budget (reads / rounds) | reads | rounds | KB read | CPU p50 ms | CPU ${tail(m.results[0].cpu).name} ms | within budget |`,
  );
  say('|---|---|---|---|---|---|---|---|');
  for (const r of m.results)
    say(
      `| ${r.query.name} | ${budgetLabel(budgetOf(r.query))} | ${r.reads} | ${r.rounds} | ${r.kb.toFixed(1)} | ${fmt(percentile(r.cpu, 50))} | ${fmt(tail(r.cpu).value)} | ${r.over ?? 'yes'} |`,
    );
  const over = m.results.filter((r) => r.over !== null).length;
  const kb = m.results.map((r) => r.kb).sort((a, b) => a - b);
  say(
    `\nAll requests: CPU p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, max ${fmt(m.max)} ms; KB read p50 ${percentile(kb, 50).toFixed(1)}, max ${kb[kb.length - 1].toFixed(1)}; ${over} of ${m.results.length} queries over budget.\n`,
  );
  progress.log(`hashing the ${grouped(size)}-fight build as netlify deploy does...`);
  deploys.push([size, await hashDeploy(dist)]);
}

say("### What a deploy of each build sends before its uploads (netlify-cli's hashFiles: see npm run bench:deploy)\n");
say('| fights | files | the deploy request | hashing | largest folder | largest file |');
say('|---|---|---|---|---|---|');
for (const [size, d] of deploys)
  say(
    `| ${grouped(size)} | ${grouped(Object.keys(d.manifest.files).length)} | ${(d.requestBytes / 2 ** 20).toFixed(2)} MB | ${d.seconds.toFixed(1)} s | ${d.largestFolder.dir} (${grouped(d.largestFolder.entries)}) | ${d.largestFile.path} (${(d.largestFile.bytes / 2 ** 20).toFixed(2)} MB) |`,
  );

say('\n### Builds\n');
say('| fights | build time | peak RSS | files | folders | largest folder | size |');
say('|---|---|---|---|---|---|---|');
for (const [size, b] of builds)
  say(
    `| ${grouped(size)} | ${b.seconds.toFixed(1)} s | ${grouped(Math.round(b.peakMb))} MB | ${grouped(b.files)} | ${grouped(b.folders)} | ${b.largest.dir} (${grouped(b.largest.entries)}) | ${(b.bytes / 2 ** 30).toFixed(2)} GB |`,
  );

if (throughputAt && throughputSeconds > 0) {
  // A fight of the build's to ask for by id: its oldest.
  const { value: fight } = await builtFights(throughputAt.dist).next();
  if (!fight) throw new Error(`${throughputAt.dist} holds no fight`);
  progress.log(
    `measuring throughput at ${grouped(throughputAt.fights)} fights, ${throughputSeconds} s per query and server...`,
  );
  const rows = await measureThroughput({
    distDir: throughputAt.dist,
    contentDir: throughputAt.content,
    seconds: throughputSeconds,
    queries: defaultQueries(fight.id),
    progress,
    log: (line) => progress.log(line),
  });
  say(`\n### Preview throughput at ${grouped(throughputAt.fights)} fights\n`);
  say(
    formatThroughput(rows, {
      machine: machine(),
      seconds: throughputSeconds,
      connections: 10,
      fights: throughputAt.fights,
    }),
  );
}

if (values.out !== undefined) {
  // The settings that change the figures, as they were given.
  const settings = ['AS_OF', 'NODE_OPTIONS'].flatMap((name) =>
    process.env[name] ? [`${name}=${process.env[name]}`] : [],
  );
  const command = [...settings, 'npm run bench --', ...process.argv.slice(2)].join(' ');
  const when = `${new Date().toISOString().slice(0, 10)}, load average ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0].toFixed(2)} at the end`;
  writeSection(values.out, 'npm run bench', `Written by \`${command}\` (${when}).\n${report.join('\n')}`);
  progress.log(`the report is in ${values.out}`);
}
