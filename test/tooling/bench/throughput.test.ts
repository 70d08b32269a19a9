// The throughput comparison's pieces that decide what is compared and what is reported: the
// database json-server serves, the json-server request asked for each API request, and the table.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonServerPath } from '../../../scripts/bench/json-server-path.ts';
import { writeJsonServerDb } from '../../../scripts/bench/json-server-db.ts';
import { formatThroughput, type Load, type ThroughputRow } from '../../../scripts/bench/throughput.ts';
import { loadRecords } from '../../helpers/reference.ts';
import { builtSite } from '../../helpers/site.ts';

describe('the json-server database', () => {
  it('holds every built fight as the API returns it, with its division and event ids on top', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'db-')), 'db.json');
    const written = await writeJsonServerDb(builtSite(), file);
    const db = JSON.parse(await readFile(file, 'utf8'));
    const expected = (await loadRecords()).fights;
    expect(expected.length).toBeGreaterThan(100);
    expect(written).toBe(expected.length);
    expect(Object.keys(db)).toEqual(['fights']);
    expect(db.fights).toEqual(expected.map((f) => ({ ...f, division_id: f.division.id, event_id: f.event.id })));
  });
});

describe('the json-server request for an API request', () => {
  it('asks for the same page, filters and order', () => {
    expect(jsonServerPath('/v2/fights/?division_id=welterweight&page_num=2')).toBe(
      '/fights?division_id=welterweight&_page=2&_limit=25&_sort=date&_order=desc',
    );
    expect(jsonServerPath('/v2/fights')).toBe('/fights?_page=1&_limit=25&_sort=date&_order=desc');
    expect(jsonServerPath('/v2/fights/?event_id=event-1&page_size=100&date_sort=ASC')).toBe(
      '/fights?event_id=event-1&_page=1&_limit=100&_sort=date&_order=asc',
    );
    expect(jsonServerPath('/v2/fights/fight-000042')).toBe('/fights/fight-000042');
  });

  it('refuses a request json-server cannot ask, rather than measuring a different one', () => {
    expect(() => jsonServerPath('/v2/fights/?fighter_id=fighter-1')).toThrow(/fighter_id/);
    expect(() => jsonServerPath('/v2/fighters/')).toThrow(/no json-server equivalent/);
  });
});

describe('the throughput table', () => {
  const load = (requestsPerSecond: number, p99Ms: number, failures = 0): Load => ({
    requestsPerSecond,
    p99Ms,
    failures,
  });
  const row = (
    name: string,
    kind: ThroughputRow['kind'],
    preview: Load,
    jsonServer: Load,
    bare: Load,
    computed = load(1000, 20),
  ): ThroughputRow => ({
    name,
    kind,
    path: '/v2/fights/',
    jsonServerPath: '/fights',
    preview,
    computed,
    jsonServer,
    bare,
    previewOverJsonServer: preview.requestsPerSecond / jsonServer.requestsPerSecond,
    previewOverBare: preview.requestsPerSecond / bare.requestsPerSecond,
  });
  const table = formatThroughput(
    [
      row('division page', 'filtered', load(3000, 12.25), load(4, 2500), load(20000, 1.5)),
      row('few but fast', 'filtered', load(2999, 12.25), load(1, 2500), load(20000, 1.5)),
      row('first page', 'default', load(6000, 3), load(50, 400), load(10000, 2), load(5000, 4)),
      row('by id', 'one', load(4000, 4), load(300, 90), load(10000, 2)),
      row('broken', 'one', load(9000, 1, 17), load(300, 90), load(10000, 2)),
    ],
    { machine: 'Test CPU, 2 cores, 8 GB RAM, Node v24.0.0', seconds: 10, connections: 10, fights: 100000 },
  );
  const lines = table.split('\n');
  const rowOf = (name: string) =>
    lines
      .find((l) => l.startsWith(`| ${name} |`))!
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());

  it('names the machine and the load', () => {
    expect(lines[0]).toBe('Machine: Test CPU, 2 cores, 8 GB RAM, Node v24.0.0');
    expect(lines[1]).toBe('HTTP throughput, 10 connections, 10 s per query per server, 100,000 fights');
  });

  it('is a Markdown table with one line per query and the same columns on every line', () => {
    const tableLines = lines.filter((l) => l.startsWith('|'));
    expect(tableLines).toHaveLength(2 + 5);
    expect(new Set(tableLines.map((l) => l.split('|').length)).size).toBe(1);
  });

  it('gives each server its req/s and p99, the ratios the targets use, and the targets for the preview as served and computed', () => {
    expect(rowOf('division page')).toEqual([
      'division page',
      'filtered',
      '3,000',
      '12 ms',
      '1,000',
      '20 ms',
      '4',
      '2,500 ms',
      '20,000',
      '1.5 ms',
      '750×',
      '15%',
      '≥ 3,000 req/s and ≥ 400× json-server',
      'met',
      'NOT met',
    ]);
    // 2,999 req/s misses the absolute target, whatever the ratio.
    expect(rowOf('few but fast').slice(13)).toEqual(['NOT met', 'NOT met']);
    expect(rowOf('first page').slice(10)).toEqual(['120×', '60%', '≥ 50% of bare', 'met', 'met']);
    expect(rowOf('by id').slice(10)).toEqual(['13×', '40%', '≥ 50% of bare', 'NOT met', 'NOT met']);
  });

  it('marks failed requests and never counts a target met over them', () => {
    expect(rowOf('broken')[2]).toBe('9,000 (17 failed)');
    expect(rowOf('broken')[13]).toBe('NOT met');
  });
});
