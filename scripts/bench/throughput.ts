// HTTP throughput of the preview server against json-server 0.17 over the same fights, and
// against a bare Node server that answers every request with one fixed 30 KB body (the ceiling
// for any Node server on the machine). One load at a time; every server on 127.0.0.1, each in its
// own process, all stopped when done or on error.
//   node scripts/bench/throughput.ts --dist DIR --content DIR [--seconds 10] [--connections 10] (--help says more)
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { silentProgress, type Progress } from '../../src/pipeline/progress.ts';
import { existingFolder, integer, parseCommandLine, refuse } from '../../src/cli/args.ts';
import { commandProgress, progressEnv } from '../../src/cli/progress.ts';
import { writeJsonServerDb } from './json-server-db.ts';
import { jsonServerPath } from './json-server-path.ts';
import { load, settle } from './load.ts';
import { formatThroughput, type Load, machine, type ThroughputQuery, type ThroughputRow } from './report.ts';
import { type RunningServer, startBare, startJsonServer, startPreview } from './servers.ts';

export { formatThroughput, machine, TARGETS, targetOf } from './report.ts';
export type { Load, QueryKind, ThroughputQuery, ThroughputRow } from './report.ts';

export interface ThroughputOptions {
  /** The built site. */
  distDir: string;
  /** The content it was built from: its fights must all be in distDir. */
  contentDir: string;
  /** Measured seconds per query per server (default 10), after warmupSeconds (default 2). */
  seconds?: number;
  warmupSeconds?: number;
  /** Concurrent connections (default 10). */
  connections?: number;
  queries: ThroughputQuery[];
  /** Size of the bare server's body (default 30 KB, about a page of 25 fights). */
  bareBytes?: number;
  /** json-server's heap (default 4096 MB: 100,000 fights take well over Node's default). */
  jsonServerHeapMb?: number;
  /** Lines on each measurement (default: standard error). */
  log?: (line: string) => void;
  /** Measurements done of all (every query on every server); default none. */
  progress?: Progress;
}

const KEY_HEADER = { 'x-gateway-key': 'bench' };

/** Sample API requests of each kind; `fightId` must exist. */
export function defaultQueries(fightId: string, divisionId = 'welterweight'): ThroughputQuery[] {
  return [
    {
      name: 'fights of a division, page 2',
      path: `/v2/fights/?division_id=${divisionId}&page_num=2`,
      kind: 'filtered',
    },
    { name: 'fights, first page', path: '/v2/fights/', kind: 'default' },
    { name: 'fight by id', path: `/v2/fights/${fightId}`, kind: 'one' },
  ];
}

/** Fight records in a content folder (one file each). */
export async function contentFights(contentDir: string): Promise<string[]> {
  const files = await fg('fights/**/*.json', { cwd: contentDir });
  return files.map((f) => path.basename(f, '.json')).sort();
}

/** Refuses to measure a query whose two answers differ: the comparison must ask both the same. */
async function checkSameAnswer(preview: RunningServer, jsonServer: RunningServer, q: Required<ThroughputQuery>) {
  const get = async (url: string, headers?: Record<string, string>) => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return response.json();
  };
  const api = (await get(preview.base + q.path, KEY_HEADER)).data;
  const theirs = await get(jsonServer.base + q.jsonServerPath);
  const dates = (v: unknown) =>
    [v]
      .flat()
      .map((r) => `${(r as { date: string }).date}`)
      .sort()
      .join();
  const ids = (v: unknown) =>
    [v]
      .flat()
      .map((r) => (r as { id: string }).id)
      .sort()
      .join();
  const same = q.kind === 'one' ? ids(api) === ids(theirs) : dates(api) === dates(theirs);
  if (!same || [api].flat().length === 0)
    throw new Error(`${q.name}: the API and json-server disagree or return nothing (${q.path} vs ${q.jsonServerPath})`);
}

export async function measureThroughput(opts: ThroughputOptions): Promise<ThroughputRow[]> {
  const seconds = opts.seconds ?? 10;
  const warmupSeconds = opts.warmupSeconds ?? 2;
  const connections = opts.connections ?? 10;
  const log = opts.log ?? ((line: string) => console.error(line));
  const progress = opts.progress ?? silentProgress;
  const queries = opts.queries.map((q) => ({ ...q, jsonServerPath: q.jsonServerPath ?? jsonServerPath(q.path) }));
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-json-server-'));
  // The database copy goes even when the process exits mid-run (e.g. interrupted).
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  process.on('exit', removeWork);
  const servers: RunningServer[] = [];
  try {
    const dbFile = path.join(work, 'db.json');
    const fights = await writeJsonServerDb(opts.distDir, dbFile);
    const inContent = (await contentFights(opts.contentDir)).length;
    if (fights !== inContent)
      throw new Error(
        `${opts.distDir} holds ${fights} fights, ${opts.contentDir} ${inContent}: rebuild the site from that content`,
      );
    log(`json-server database: ${fights} fights`);
    const preview = await startPreview(opts.distDir);
    servers.push(preview);
    const computed = await startPreview(opts.distDir, 0);
    servers.push(computed);
    const jsonServer = await startJsonServer(dbFile, opts.jsonServerHeapMb ?? 4096);
    servers.push(jsonServer);
    const bare = await startBare(opts.bareBytes ?? 30 * 1024);
    servers.push(bare);
    for (const q of queries) await checkSameAnswer(preview, jsonServer, q);

    const measure = async (
      server: RunningServer,
      p: string,
      q: ThroughputQuery,
      headers?: Record<string, string>,
    ): Promise<Load> => {
      const url = server.base + p;
      if (warmupSeconds > 0) {
        await load(url, { seconds: warmupSeconds, connections, headers });
        await settle(server.base);
      }
      const result = await load(url, { seconds, connections, headers });
      await settle(server.base);
      log(
        `${q.name.padEnd(32)} ${server.name.padEnd(12)} ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`,
      );
      measured.tick();
      return result;
    };
    const rows: ThroughputRow[] = [];
    const measured = progress.phase('measuring throughput (queries on servers)', queries.length * 4);
    for (const q of queries) {
      const p = await measure(preview, q.path, q, KEY_HEADER);
      const c = await measure(computed, q.path, q, KEY_HEADER);
      const j = await measure(jsonServer, q.jsonServerPath, q);
      const b = await measure(bare, q.path, q);
      rows.push({
        name: q.name,
        kind: q.kind,
        path: q.path,
        jsonServerPath: q.jsonServerPath,
        preview: p,
        computed: c,
        jsonServer: j,
        bare: b,
        previewOverJsonServer: p.requestsPerSecond / j.requestsPerSecond,
        previewOverBare: p.requestsPerSecond / b.requestsPerSecond,
      });
    }
    measured.done();
    return rows;
  } finally {
    await Promise.allSettled(servers.map((s) => s.close()));
    process.off('exit', removeWork);
    removeWork();
  }
}

const USAGE = `Usage: npm run bench:throughput -- --dist DIR --content DIR [--seconds N] [--connections N]
       (or node scripts/bench/throughput.ts [options])

Measures, on a built site, the HTTP throughput of the preview (as it serves, and with every
answer computed) against json-server 0.17 over the same fights, and against a bare Node server
that answers every request with one fixed 30 KB body. One load at a time, after 2 s of warm-up;
every server on 127.0.0.1, each in its own process.

  --dist DIR          the built site (required)
  --content DIR       the content it was built from (required)
  --seconds N         seconds measured per query and server, 1 to 3600 (default 10)
  --connections N     concurrent connections, 1 to 1000 (default 10)
  -h, --help          print this text

Environment:
${progressEnv(22)}`;

async function main() {
  const values = parseCommandLine(USAGE, {
    dist: { type: 'string', required: true, parse: existingFolder },
    content: { type: 'string', required: true, parse: existingFolder },
    seconds: { type: 'string', default: '10', parse: integer(1, 3600) },
    connections: { type: 'string', default: '10', parse: integer(1, 1000) },
  });
  // Interrupted runs leave nothing behind: exiting stops every server (see servers.ts).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  const progress = commandProgress(USAGE);
  const fights = await contentFights(values.content);
  if (fights.length === 0) refuse(USAGE, `--content ${values.content} holds no fights`);
  const { seconds, connections } = values;
  const rows = await measureThroughput({
    distDir: values.dist,
    contentDir: values.content,
    seconds,
    connections,
    queries: defaultQueries(fights[Math.floor(fights.length / 2)]!),
    progress,
    log: (line) => progress.log(line),
  });
  console.log(formatThroughput(rows, { machine: machine(), seconds, connections, fights: fights.length }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
