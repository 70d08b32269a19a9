// The build output: every file valid against its schema, byte-stable rebuilds, folder sizes
// (the layout at a million fights is in layout.test.ts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import * as api from '../src/schemas/api.ts';
import * as store from '../src/schemas/store.ts';
import { finishBody } from '../src/core/envelope.ts';
import { DEFAULT_PAGE_SIZE, paths } from '../src/core/layout.ts';
import { builtFiles } from '../src/build/files.ts';
import { resolveDataset } from '../src/core/resolve.ts';
import { TEST_AS_OF, buildSite } from './helpers/build.ts';
import { minimalContent, writeContent } from './helpers/fixture.ts';

const dist = () => inject('distDir');
const list = <T extends z.ZodType>(item: T) => api.envelopeOf(z.array(item));

/** Which schema each built file must satisfy, by path. Envelopes are checked as served. */
const RULES: Array<[RegExp, z.ZodType, 'envelope' | 'raw' | 'lines']> = [
  [/^fights\/items\//, api.envelopeOf(api.Fight), 'envelope'],
  [/^events\/items\//, api.envelopeOf(api.Event), 'envelope'],
  [/^fighters\/items\//, api.envelopeOf(api.Fighter), 'envelope'],
  [/^divisions\/items\//, api.envelopeOf(api.Division), 'envelope'],
  [/^organizations\/items\//, api.envelopeOf(api.Organization), 'envelope'],
  [/^titles\/items\//, api.envelopeOf(api.Title), 'envelope'],
  [/^fights\/pages\//, list(api.Fight), 'envelope'],
  [/^events\/pages\//, list(api.Event), 'envelope'],
  [/^fighters\/pages\//, list(api.Fighter), 'envelope'],
  [/^divisions\/all\.json$/, list(api.Division), 'envelope'],
  [/^organizations\/all\.json$/, list(api.Organization), 'envelope'],
  [/^titles\/(all\.json|by\/)/, list(api.Title), 'envelope'],
  [/^rankings\//, list(api.Ranking), 'envelope'],
  [/^(fights|events|fighters)\/count\.json$/, store.ListCount, 'raw'],
  [/^fights\/sorted\//, z.array(api.Fight), 'lines'],
  [/^events\/sorted\//, z.array(api.Event), 'lines'],
  [/^fighters\/sorted\//, z.array(api.Fighter), 'lines'],
  [/^(fights|events)\/dates\/years\.json$/, store.YearsIndex, 'raw'],
  [/^(fights|events)\/dates\/\d{4}\.json$/, store.DaysIndex, 'raw'],
  [/\/parts\.json$/, store.PartsIndex, 'raw'],
  [/^fights\/by-(event|fighter)\//, z.array(store.FightPosting), 'raw'],
  [/^fights\/by-division\//, z.array(store.Posting), 'raw'],
  [/^fighters\/by-(division|title|gram)\//, z.array(store.FighterPosting), 'raw'],
];

describe('the built site', () => {
  it('every built JSON file is valid against its schema', () => {
    const root = path.join(dist(), 'store');
    const files = fg.sync('**/*', { cwd: root, onlyFiles: true });
    expect(files.length).toBeGreaterThan(5000);
    const unmatched: string[] = [];
    const invalid: string[] = [];
    for (const file of files) {
      const rule = RULES.find(([pattern]) => pattern.test(file));
      if (!rule) {
        unmatched.push(file);
        continue;
      }
      const text = readFileSync(path.join(root, file), 'utf8');
      const value =
        rule[2] === 'lines'
          ? text.split('\n').map((line) => JSON.parse(line))
          : JSON.parse(rule[2] === 'envelope' ? finishBody(text, Date.now() * 1000, 'https://api.example') : text);
      const result = rule[1].safeParse(value);
      if (!result.success) invalid.push(`${file}: ${result.error.issues[0].path.join('.')}: ${result.error.issues[0].message}`);
    }
    expect(unmatched).toEqual([]);
    expect(invalid.slice(0, 10)).toEqual([]);
  });

  it('has a get-one file for every record and a page for every default list page', () => {
    const root = dist();
    const count = (resource: 'fights' | 'events' | 'fighters') =>
      JSON.parse(readFileSync(path.join(root, paths.count(resource)), 'utf8')).total_items as number;
    for (const resource of ['fights', 'events', 'fighters'] as const) {
      const items = fg.sync(`store/${resource}/items/**/*.json`, { cwd: root }).length;
      expect(items).toBe(count(resource));
      const pages = fg.sync(`store/${resource}/pages/**/*.json`, { cwd: root }).length;
      const expected = Math.ceil(count(resource) / DEFAULT_PAGE_SIZE);
      // The fights list stops at the 10,000-offset ceiling; cursors go further.
      expect(pages).toBe(resource === 'fights' ? Math.min(expected, 400) : expected);
    }
    expect(fg.sync('store/rankings/pages/*/_.json', { cwd: root })).toHaveLength(17);
  });

  it('no folder holds more than a few thousand entries', () => {
    let largest = 0;
    const walk = (dir: string) => {
      const entries = readdirSync(dir);
      largest = Math.max(largest, entries.length);
      for (const e of entries) if (statSync(path.join(dir, e)).isDirectory()) walk(path.join(dir, e));
    };
    walk(dist());
    expect(largest).toBeLessThan(5000);
  });
});

describe('rebuilds', () => {
  it('a rebuild from unchanged content writes identical bytes', () => {
    const again = path.join(tmpdir(), `rebuild-${process.pid}`);
    buildSite(again);
    const a = fg.sync('**/*', { cwd: dist() }).sort();
    const b = fg.sync('**/*', { cwd: again }).sort();
    expect(b).toEqual(a);
    const differing = a.filter((f) => !readFileSync(path.join(dist(), f)).equals(readFileSync(path.join(again, f))));
    expect(differing).toEqual([]);
  });
});

describe('build settings', () => {
  it('a malformed AS_OF stops the build with a message naming it', async () => {
    const content = await writeContent(minimalContent());
    const out = path.join(tmpdir(), `as-of-${process.pid}`);
    expect(() => buildSite(out, { AS_OF: '2026-13-01', CONTENT_DIR: content })).toThrow(
      /AS_OF must be a calendar day in the form YYYY-MM-DD \(e\.g\. 2026-11-01\), not "2026-13-01"/,
    );
  });
});

describe('rankings pages', () => {
  it('count their totals: the divisions are the pages, the rankings there are the items', () => {
    // Validation refuses a set with a ranking missing; the pages must not depend on that to tell the truth.
    const content = minimalContent();
    content.rankings = content.rankings.filter((r) => r.division_id !== 'heavyweight');
    const files = new Map(builtFiles(resolveDataset(content, TEST_AS_OF)).map((f) => [f.path, f.body]));
    const pagination = (p: string) => JSON.parse(files.get(p)!).pagination;
    // Heaviest first: page 1 is heavyweight (no ranking), page 2 welterweight (one).
    for (const organization of [null, 'wbc'])
      for (const [page, items] of [[1, 0], [2, 1]])
        expect(pagination(paths.rankingsPage(page, organization))).toEqual({ page, items, total_pages: 2, total_items: 1 });
  });
});
