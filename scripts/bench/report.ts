// What the throughput comparison reports, and its Markdown table.
import os from 'node:os';
import { count } from '../../src/progress/lines.ts';

export type QueryKind = 'filtered' | 'default' | 'one';

export interface ThroughputQuery {
  name: string;
  /** The API request, e.g. `/v2/fights/?division_id=welterweight&page_num=2`. */
  path: string;
  kind: QueryKind;
  /** The same question to json-server; derived from `path` when left out. */
  jsonServerPath?: string;
}

/** One server under load on one query. */
export interface Load {
  requestsPerSecond: number;
  /** 99th percentile latency, milliseconds. */
  p99Ms: number;
  /** Responses other than 2xx, connection errors and timeouts: a figure with any is suspect. */
  failures: number;
}

export interface ThroughputRow {
  name: string;
  kind: QueryKind;
  path: string;
  jsonServerPath: string;
  /** The preview as it serves: its CDN stand-in answers repeated requests. */
  preview: Load;
  /** The preview with no CDN stand-in: every answer computed by the answering function. */
  computed: Load;
  jsonServer: Load;
  bare: Load;
  /** preview req/s ÷ json-server req/s. */
  previewOverJsonServer: number;
  /** preview req/s ÷ bare server req/s. */
  previewOverBare: number;
}

/** The targets: filtered pages in req/s and against json-server, the rest against the bare server's ceiling. */
export const TARGETS = { filtered: 3000, filteredOverJsonServer: 400, previewOverBare: 0.5 } as const;

/** The row's target for one way of serving, met only when that server answered every request well. */
export function targetOf(row: ThroughputRow, served: Load = row.preview): { text: string; met: boolean } {
  const clean = served.failures === 0;
  const rps = served.requestsPerSecond;
  if (row.kind === 'filtered')
    return {
      text: `≥ ${count(TARGETS.filtered)} req/s and ≥ ${TARGETS.filteredOverJsonServer}× json-server`,
      met: clean && rps >= TARGETS.filtered && rps / row.jsonServer.requestsPerSecond >= TARGETS.filteredOverJsonServer,
    };
  return {
    text: `≥ ${TARGETS.previewOverBare * 100}% of bare`,
    met: clean && rps / row.bare.requestsPerSecond >= TARGETS.previewOverBare,
  };
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
}

const rate = (load: Load) =>
  `${count(load.requestsPerSecond)}${load.failures ? ` (${count(load.failures)} failed)` : ''}`;
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : count(n)} ms`;
const times = (r: number) => (Number.isFinite(r) ? `${r < 10 ? r.toFixed(1) : count(r)}×` : '∞');
const percent = (r: number) => `${Math.round(r * 100)}%`;

export function formatThroughput(
  rows: ThroughputRow[],
  header: { machine: string; seconds: number; connections: number; fights?: number },
): string {
  const lines = [
    `Machine: ${header.machine}`,
    `HTTP throughput, ${header.connections} connections, ${header.seconds} s per query per server` +
      (header.fights === undefined ? '' : `, ${count(header.fights)} fights`),
    '',
    '| query | kind | preview req/s | p99 | computed req/s | p99 | json-server req/s | p99 | bare req/s | p99 | preview ÷ json-server | preview ÷ bare | target | preview | computed |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|---|',
  ];
  for (const r of rows) {
    const target = targetOf(r);
    const computed = targetOf(r, r.computed);
    lines.push(
      `| ${r.name} | ${r.kind} | ${rate(r.preview)} | ${ms(r.preview.p99Ms)} | ${rate(r.computed)} | ${ms(r.computed.p99Ms)} | ` +
        `${rate(r.jsonServer)} | ${ms(r.jsonServer.p99Ms)} | ${rate(r.bare)} | ${ms(r.bare.p99Ms)} | ` +
        `${times(r.previewOverJsonServer)} | ${percent(r.previewOverBare)} | ${target.text} | ` +
        `${target.met ? 'met' : 'NOT met'} | ${computed.met ? 'met' : 'NOT met'} |`,
    );
  }
  return lines.join('\n');
}
