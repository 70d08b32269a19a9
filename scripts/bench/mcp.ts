// What the MCP endpoint costs on the edge: the edge functions' bundle as Netlify bundles it,
// without and with the MCP function; the MCP function's cold start beside the answering
// function's (a fresh process each: load, first answer, second answer); and the CPU of each kind
// of MCP request beside the API request that answers the same tool call.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundle } from '@netlify/edge-bundler';
import { build } from 'esbuild';
import { createHandler } from '../../src/api/handler.ts';
import { createMcpHandler } from '../../src/mcp/server.ts';
import { originStore } from '../../src/store/origin.ts';
import type { Store } from '../../src/store/store.ts';
import { existingFolder, integer, parseCommandLine } from '../../src/cli/args.ts';
import { folderOrigin } from '../../src/hosts/node/folder-origin.ts';
import { emulatorDeno } from '../../src/hosts/emulator/deno.ts';
import { sampleCalls } from '../../test/helpers/sample-calls.ts';
import { machine } from './report.ts';
import { percentile, tail } from './stats.ts';

const USAGE = `Usage: npm run bench:mcp -- --dist DIR [--rounds 200] [--cold-starts 10]
       (or node scripts/bench/mcp.ts [options])

Measures the MCP endpoint (POST /mcp) against the API it answers with, and prints three tables:
  bundle      the edge functions bundled as netlify build bundles them (Netlify's edge bundler,
              with Deno), without and with the MCP function: bytes, and gzipped
  cold start  each function bundled alone (esbuild) and started in a fresh process, Deno (the
              edge's runtime) and Node: the bundle's load, its first answer (the MCP endpoint's
              is an initialize) and its second (a tools/call of get_division; the API's get-one)
  CPU         per request, in this process, with every built file in memory (as on the edge,
              where a read is a wait, not CPU): initialize, tools/list and a tools/call of each
              tool, beside the API request with the same parameters

  --dist DIR          a built site (npm run build)
  --rounds N          timed rounds of each request, after 20 of warm-up (default 200)
  --cold-starts N     fresh processes per function and runtime (default 10)
  -h, --help          print this text`;

const values = parseCommandLine(USAGE, {
  dist: { type: 'string', required: true, parse: existingFolder },
  rounds: { type: 'string', default: '200', parse: integer(1, 100_000) },
  'cold-starts': { type: 'string', default: '10', parse: integer(1, 1_000) },
});

const ROOT = path.resolve(import.meta.dirname, '../..');
const FUNCTIONS = path.join(ROOT, 'netlify/edge-functions');
const dist = path.resolve(values.dist);
const work = mkdtempSync(path.join(tmpdir(), 'bench-mcp-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (n: number) => `${n.toFixed(n < 1 ? 2 : 1)} ms`;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** The functions named, bundled by Netlify's edge bundler as netlify build runs it: the bundle's bytes. */
async function netlifyBundle(names: string[]): Promise<number> {
  const dir = path.join(work, names.join('-'));
  const source = path.join(dir, 'functions');
  mkdirSync(source, { recursive: true });
  for (const name of names)
    writeFileSync(
      path.join(source, `${name}.ts`),
      `export { default } from '${path.join(FUNCTIONS, `${name}.ts`)}';\n`,
    );
  const out = path.join(dir, 'out');
  const declarations = names.map((name) => ({
    function: name,
    path: name === 'mcp' ? ('/mcp' as const) : ('/*' as const),
  }));
  await bundle([source], out, declarations, { basePath: ROOT, userLogger: () => {}, systemLogger: () => {} });
  const [eszip] = readdirSync(out).filter((f) => f.endsWith('.eszip'));
  return statSync(path.join(out, eszip)).size;
}

console.error('bundling the edge functions as netlify build does (Deno)...');
const bundles: Array<[string, string[]]> = [
  ['gate + api', ['gate', 'api']],
  ['gate + api + mcp', ['gate', 'api', 'mcp']],
];
const bundleRows: string[] = [];
let before = 0;
for (const [label, names] of bundles) {
  const bytes = await netlifyBundle(names);
  const eszip = readdirSync(path.join(work, names.join('-'), 'out')).find((f) => f.endsWith('.eszip'))!;
  const gzipped = gzipSync(readFileSync(path.join(work, names.join('-'), 'out', eszip))).length;
  bundleRows.push(`| ${label} | ${kb(bytes)} | ${kb(gzipped)} | ${before === 0 ? '' : `+${kb(bytes - before)}`} |`);
  before = bytes;
}

console.error('bundling each function alone (esbuild) and starting it cold...');
/** Each function as its Netlify adapter loads it (src/hosts/), alone in one file; the runner calls it as the adapter does. */
const HOSTED = { api: ['apiFunction', 'functions.ts'], mcp: ['mcpFunction', 'mcp.ts'] } as const;
const single = async (name: keyof typeof HOSTED) => {
  const [exported, file] = HOSTED[name];
  const entry = path.join(work, `${name}-entry.ts`);
  writeFileSync(entry, `export { ${exported} } from '${path.join(ROOT, 'src/hosts', file)}';\n`);
  const outfile = path.join(work, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    outfile,
    logLevel: 'error',
    absWorkingDir: ROOT,
  });
  return outfile;
};
const deno = emulatorDeno();
const runtimes: Array<[string, string, string[]]> = [
  ...(deno === null
    ? []
    : [
        ['Deno', path.join(deno, 'deno'), ['run', '--allow-read', '--allow-env', '--no-lock']] as [
          string,
          string,
          string[],
        ],
      ]),
  ['Node', process.execPath, []],
];
const coldRows: string[] = [];
for (const name of ['api', 'mcp'] as const) {
  const file = await single(name);
  for (const [runtime, binary, args] of runtimes) {
    const runs = Array.from({ length: values['cold-starts'] }, () => {
      const result = spawnSync(binary, [...args, path.join(import.meta.dirname, 'cold-start.ts'), file, name, dist], {
        encoding: 'utf8',
        env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' },
      });
      if (result.status !== 0) throw new Error(`cold start of ${name} on ${runtime} failed: ${result.stderr}`);
      return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { load: number; first: number; second: number };
    });
    coldRows.push(
      `| ${name} | ${runtime} | ${kb(statSync(file).size)} | ${ms(median(runs.map((r) => r.load)))} | ${ms(median(runs.map((r) => r.first)))} | ${ms(median(runs.map((r) => r.second)))} |`,
    );
  }
}

console.error('timing requests...');
const KEY = 'bench-key';
// Every file read once stays in memory: the timed rounds read none from disk.
const files = folderOrigin(dist, { cacheBytes: 1 << 30 });
const store: Store = originStore(
  (file, signal) => files.next(new Request(new URL(file, 'http://local'), { signal })),
  5_000,
);
const api = createHandler({ keys: [KEY] });
const mcp = createMcpHandler({ keys: [KEY] });
const first = async (list: string) => {
  const response = await api(new Request(`https://bench.example${list}`, { headers: { 'x-gateway-key': KEY } }), store);
  return ((await response.json()) as { data: Array<{ id: string }> }).data[0].id;
};
const ids = {
  fight: await first('/v2/fights/'),
  event: await first('/v2/events/'),
  fighter: await first('/v2/fighters/'),
  title: await first('/v2/titles/'),
};
const post = (message: unknown) =>
  new Request('https://bench.example/mcp', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify(message),
  });
const rpc = (method: string, params: unknown) => ({ jsonrpc: '2.0', id: 1, method, params });

/** Milliseconds per request (its answer's body read whole), sorted; the answer must be a 200. */
async function time(
  make: () => Request,
  handle: (request: Request, store: Store) => Promise<Response>,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = -20; i < values.rounds; i++) {
    const request = make();
    const t = performance.now();
    const response = await handle(request, store);
    await response.arrayBuffer();
    const elapsed = performance.now() - t;
    if (response.status !== 200) throw new Error(`${request.url}: ${response.status}`);
    if (i >= 0) samples.push(elapsed);
  }
  return samples.sort((a, b) => a - b);
}
const cell = (sorted: number[]) => `${ms(percentile(sorted, 50))} / ${ms(tail(sorted).value)}`;

const cpuRows: string[] = [];
const initialize = rpc('initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'bench', version: '1' },
});
cpuRows.push(`| initialize | ${cell(await time(() => post(initialize), mcp))} | | |`);
cpuRows.push(`| tools/list | ${cell(await time(() => post(rpc('tools/list', {})), mcp))} | | |`);
const overheads: number[] = [];
for (const { tool, args, path: apiPath } of sampleCalls(ids)) {
  const viaMcp = await time(() => post(rpc('tools/call', { name: tool, arguments: args })), mcp);
  const viaApi = await time(
    () => new Request(`https://bench.example${apiPath}`, { headers: { 'x-gateway-key': KEY } }),
    api,
  );
  overheads.push(percentile(viaMcp, 50) - percentile(viaApi, 50));
  cpuRows.push(
    `| tools/call ${tool} | ${cell(viaMcp)} | ${cell(viaApi)} | +${ms(percentile(viaMcp, 50) - percentile(viaApi, 50))} |`,
  );
}

console.log(
  `\nMachine: ${machine()}${deno === null ? '' : `, Deno ${spawnSync(path.join(deno, 'deno'), ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0].split(' ')[1]}`}\nSite: ${dist}\n`,
);
console.log("Bundle (Netlify's edge bundler, as netlify build runs it):\n");
console.log('| edge functions | bundle | gzipped | MCP adds |\n|---|--:|--:|--:|');
for (const row of bundleRows) console.log(row);
console.log(
  `\nCold start (median of ${values['cold-starts']} fresh processes; each function bundled alone by esbuild):\n`,
);
console.log('| function | runtime | bundle | load | first answer | second answer |\n|---|---|--:|--:|--:|--:|');
for (const row of coldRows) console.log(row);
console.log(
  `\nCPU per request (p50 / ${values.rounds >= 100 ? 'p99' : 'max'} of ${values.rounds} after 20 of warm-up, built files in memory):\n`,
);
console.log('| request | MCP endpoint | API, same parameters | MCP adds (p50) |\n|---|--:|--:|--:|');
for (const row of cpuRows) console.log(row);
console.log(`\nA tool call costs the API's answer plus ${ms(median(overheads))} (median over the tools).`);
