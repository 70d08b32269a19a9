// npm run bench: handler CPU per request over a fixed query mix, at several dataset sizes, plus
// the edge module's start time and bundle size.
//   node scripts/bench.ts [--sizes 10000,100000] [--rounds 20]
// Datasets are generated and built under bench-data/<fights>/ when missing. Files are read from
// disk once and then served from memory, so the figures are the handler's own CPU (parsing,
// filtering, serializing), as on the edge, where file reads are network waits, not CPU.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { createHandler } from '../src/http/handler.ts';
import { StoreUnavailable, type Store } from '../src/core/query/store.ts';
import { isNoSuchFile } from './lib/dist-context.ts';
import { paths } from '../src/core/layout.ts';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '10000,100000' }, rounds: { type: 'string', default: '20' } },
});
const sizes = values.sizes!.split(',').map(Number);
const rounds = Number(values.rounds);
const node = process.execPath;

function run(args: string[]) {
  const r = spawnSync(node, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`failed: node ${args.join(' ')}`);
}

function prepare(fights: number): string {
  const dir = path.resolve('bench-data', String(fights));
  const content = path.join(dir, 'content');
  const dist = path.join(dir, 'dist');
  if (!existsSync(path.join(content, 'fights'))) {
    console.error(`generating ${fights} fights...`);
    run(['scripts/generate.ts', '--fights', String(fights), '--out', content]);
  }
  if (!existsSync(path.join(dist, 'store', 'divisions', 'all.json'))) {
    console.error(`building ${fights} fights...`);
    run(['scripts/build-stats.ts', '--content', content, '--out', dist]);
  }
  return dist;
}

function memoryStore(dist: string): Store {
  const cache = new Map<string, Promise<string | null>>();
  return {
    read: (p) => {
      let hit = cache.get(p);
      if (!hit) {
        // Only a missing file is "none": any other failure must fail the request, as on the edge.
        hit = readFile(path.join(dist, p), 'utf8').catch((e) => {
          if (isNoSuchFile(e)) return null;
          throw new StoreUnavailable(p, String(e));
        });
        cache.set(p, hit);
      }
      return hit;
    },
  };
}

const json = (dist: string, p: string) => JSON.parse(readFileSync(path.join(dist, p), 'utf8'));

/** The query mix: default page and get-one of each resource, each filter, deep pages, a cursor step, schedules, searches. */
function queryMix(dist: string): Array<[string, string]> {
  const fight = json(dist, paths.page('fights', 1)).data[3];
  const fighter = json(dist, paths.page('fighters', 2)).data[0];
  const event = json(dist, paths.page('events', 3)).data[0];
  const title = json(dist, paths.all('titles')).data[0];
  const busy = fight.fighters.fighter_1.fighter_id;
  const mix: Array<[string, string]> = [];
  for (const r of ['fights', 'events', 'fighters', 'divisions', 'organizations', 'titles', 'rankings']) mix.push([`${r} list`, `/v2/${r}/`]);
  mix.push(
    ['fight by id', `/v2/fights/${fight.id}`],
    ['event by id', `/v2/events/${event.id}`],
    ['fighter by id', `/v2/fighters/${fighter.id}`],
    ['division by id', '/v2/divisions/welterweight'],
    ['organization by id', '/v2/organizations/wbc'],
    ['title by id', `/v2/titles/${title.id}`],
    ['fights date', `/v2/fights/?date=${fight.date.slice(0, 10)}`],
    ['fights date range', '/v2/fights/?data_from=2015-01-01&date_to=2019-12-31'],
    ['fights ASC, page_size 100', '/v2/fights/?date_sort=ASC&page_size=100'],
    ['fights division', '/v2/fights/?division_id=welterweight'],
    ['fights division + range', '/v2/fights/?division_id=middleweight&data_from=2010-01-01&date_to=2020-12-31&page_num=3'],
    ['fights event', `/v2/fights/?event_id=${fight.event.id}`],
    ['fights fighter', `/v2/fights/?fighter_id=${busy}`],
    ['fights deepest built page', `/v2/fights/?page_num=${Math.min(400, Math.ceil(json(dist, paths.count('fights')).total_items / 25))}`],
    ['fights deep page, filtered', '/v2/fights/?division_id=lightweight&page_size=100&page_num=40'],
    ['events status', '/v2/events/?status=FINISHED&page_num=20'],
    ['events date range', '/v2/events/?date_from=2020-01-01&date_to=2020-12-31'],
    ['fighters division', '/v2/fighters/?division_id=welterweight&page_num=5'],
    ['fighters title', `/v2/fighters/?title_id=${title.id}`],
    ['fighters name (long)', '/v2/fighters/?name=alvarez'],
    ['fighters name (1 letter)', '/v2/fighters/?name=a&page_num=10'],
    ['fighters name + division', '/v2/fighters/?name=ez&division_id=lightweight'],
    ['fighters last page', `/v2/fighters/?page_num=${Math.ceil(json(dist, paths.count('fighters')).total_items / 25)}`],
    ['titles filter', '/v2/titles/?organization_id=wba&division_id=heavyweight'],
    ['rankings page', '/v2/rankings/?page_num=9&organization_id=ibf'],
    ['rankings division', '/v2/rankings/?division_id=middleweight'],
    ['fights schedule', '/v2/fights/schedule'],
    ['fights schedule 10 years, ASC', '/v2/fights/schedule?days=3650&date_sort=ASC&page_num=4'],
    ['events schedule', '/v2/events/schedule'],
  );
  return mix;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(fights: number) {
  const dist = prepare(fights);
  const handle = createHandler({ keys: ['bench'] });
  const store = memoryStore(dist);
  const request = (p: string) => new Request(`https://api.example${p}`, { headers: { 'x-gateway-key': 'bench' } });
  const cpuOf = async (p: string) => {
    const before = process.cpuUsage();
    const response = await handle(request(p), store);
    const body = await response.text();
    const used = process.cpuUsage(before);
    if (response.status !== 200) throw new Error(`${p}: ${response.status} ${body.slice(0, 200)}`);
    return { ms: (used.user + used.system) / 1000, body };
  };
  const mix = queryMix(dist);
  // The cursor step: the request behind next_page of a deep default page.
  const deepest = Math.min(400, Math.ceil(json(dist, paths.count('fights')).total_items / 25) - 1);
  const deep = JSON.parse((await cpuOf(`/v2/fights/?page_num=${deepest}`)).body);
  mix.push(['fights cursor step (beyond 10,000)', new URL(deep.pagination.next_page).pathname + new URL(deep.pagination.next_page).search]);
  for (const [, p] of mix) await cpuOf(p); // warm: files in memory, code optimized
  const all: number[] = [];
  const perQuery = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++)
    for (const [name, p] of mix) {
      const { ms } = await cpuOf(p);
      all.push(ms);
      perQuery.set(name, [...(perQuery.get(name) ?? []), ms]);
    }
  all.sort((a, b) => a - b);
  const worst = [...perQuery].map(([name, v]) => [name, v.sort((a, b) => a - b)[Math.floor(v.length / 2)]] as const).sort((a, b) => b[1] - a[1]);
  const counts = { fights: json(dist, paths.count('fights')).total_items, fighters: json(dist, paths.count('fighters')).total_items, events: json(dist, paths.count('events')).total_items };
  return { fights, counts, p50: percentile(all, 50), p99: percentile(all, 99), max: all[all.length - 1], worst: worst.slice(0, 3), requests: all.length, perQuery };
}

function moduleStart(): { deno: number; node: number } {
  const probe = (runtime: string, args: string[]) => {
    const r = spawnSync(runtime, args, { encoding: 'utf8', env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' } });
    if (r.status !== 0) throw new Error(r.stderr);
    const samples = r.stdout.trim().split('\n').map(Number);
    return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  };
  const deno = path.resolve('node_modules/.bin/deno');
  const times = Array.from({ length: 5 }, () => probe(deno, ['run', '--allow-read', 'scripts/lib/import-time.ts']));
  const nodeTimes = Array.from({ length: 5 }, () => probe(node, ['scripts/lib/import-time.ts']));
  const median = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
  return { deno: median(times), node: median(nodeTimes) };
}

function bundleSize(): { raw: number; gzip: number } {
  const esbuild = path.resolve('node_modules/.bin/esbuild');
  const r = spawnSync(esbuild, ['netlify/edge-functions/api.ts', '--bundle', '--format=esm', '--minify', '--platform=neutral'], { maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(String(r.stderr));
  return { raw: r.stdout.length, gzip: gzipSync(r.stdout).length };
}

const results = [];
for (const size of sizes) results.push(await measure(size));
const start = moduleStart();
const bundle = bundleSize();

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
console.log(`\nMachine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
console.log(`Handler CPU per request, ${results[0]?.requests ?? 0} requests per size (${rounds} rounds of the mix)\n`);
console.log('| dataset | p50 | p99 | max | slowest queries (median) |');
console.log('|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.counts.fights.toLocaleString('en-US')} fights / ${r.counts.fighters.toLocaleString('en-US')} fighters / ${r.counts.events.toLocaleString('en-US')} events | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.worst.map(([n, v]) => `${n} ${fmt(v)}`).join('; ')} |`,
  );
console.log(`\nEdge module start (import of netlify/edge-functions/api.ts, median of 5): Deno ${fmt(start.deno)}, Node ${fmt(start.node)}`);
console.log(`Edge bundle (esbuild, minified): ${(bundle.raw / 1024).toFixed(1)} KB, ${(bundle.gzip / 1024).toFixed(1)} KB gzipped (Netlify limit: 20 MB compressed)`);
if (process.env.BENCH_DETAIL) for (const r of results) for (const [n, v] of r.perQuery) console.log(r.fights, n, fmt(v[Math.floor(v.length / 2)]));
