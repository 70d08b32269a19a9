// npm run usage: the usage log (src/api/usage-log.ts) summed by caller, UTC day and endpoint.
// A log holds other lines too (Netlify's own, a drain's, a server's start): those are counted as
// skipped, never guessed at.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { isPublicPath } from '../api/public.ts';
import { route } from '../api/registry.ts';
import { BASE_PATH, isMcpPath } from '../api/routes.ts';
import { readUsageLine } from '../api/usage-log.ts';
import { grouped } from '../shared/numbers.ts';

/** The requests of one caller, on one day, to one endpoint. */
export interface UsageRow {
  /** The key's name or the gateway's subscriber; `(no key)` for a request that named none. */
  name: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  endpoint: string;
  requests: number;
  /** Answered 2xx or 3xx. */
  answered: number;
  /** Refused 4xx (no key, a wrong one, a bad parameter, an unknown id). */
  refused: number;
  /** Failed 5xx. */
  failed: number;
}

export interface UsageSummary {
  rows: UsageRow[];
  /** Usage lines read. */
  lines: number;
  /** Other lines, skipped. */
  skipped: number;
}

/** The endpoint a path is answered by, as the API's description names it (`/v2/fights/{id}`); the path itself for a public file. */
export function endpointOf(path: string): string {
  if (isMcpPath(path)) return '/mcp';
  const routed = route(path);
  if (routed !== null) return `${BASE_PATH}${routed.endpoint.path}`;
  return isPublicPath(path) ? path : '(no endpoint)';
}

/** The summary of a log's lines, its rows ordered by name, day and endpoint. */
export async function summarizeUsage(lines: AsyncIterable<string> | Iterable<string>): Promise<UsageSummary> {
  const rows = new Map<string, UsageRow>();
  let read = 0;
  let skipped = 0;
  for await (const line of lines) {
    const entry = readUsageLine(line);
    if (entry === null) {
      if (line.trim() !== '') skipped++;
      continue;
    }
    read++;
    const row = {
      name: entry.name ?? '(no key)',
      day: new Date(entry.time).toISOString().slice(0, 10),
      endpoint: endpointOf(entry.path),
    };
    const id = JSON.stringify([row.name, row.day, row.endpoint]);
    let sum = rows.get(id);
    if (sum === undefined) rows.set(id, (sum = { ...row, requests: 0, answered: 0, refused: 0, failed: 0 }));
    sum.requests++;
    if (entry.status >= 500) sum.failed++;
    else if (entry.status >= 400) sum.refused++;
    else sum.answered++;
  }
  const order = (a: UsageRow, b: UsageRow) =>
    a.name.localeCompare(b.name) || a.day.localeCompare(b.day) || a.endpoint.localeCompare(b.endpoint);
  return { rows: [...rows.values()].sort(order), lines: read, skipped };
}

/** A file's lines, read as they come (a day's log may be large). */
export function fileLines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
}

/** The summary as a table, and a line saying what was read and skipped. */
export function usageTable({ rows, lines, skipped }: UsageSummary): string {
  const head = ['name', 'day', 'endpoint', 'requests', 'answered', 'refused', 'failed'];
  const cells = rows.map((r) => [
    r.name,
    r.day,
    r.endpoint,
    ...[r.requests, r.answered, r.refused, r.failed].map((n) => grouped(n)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  // Names and endpoints to the left, counts to the right.
  const line = (c: string[]) =>
    c
      .map((text, i) => (i < 3 ? text.padEnd(widths[i]) : text.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  const read = `${grouped(lines)} request${lines === 1 ? '' : 's'} logged; ${grouped(skipped)} other line${skipped === 1 ? '' : 's'} skipped`;
  return rows.length === 0 ? `${read}.\n` : `${[head, ...cells].map(line).join('\n')}\n\n${read}.\n`;
}
