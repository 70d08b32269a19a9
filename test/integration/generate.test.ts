// The dataset generator: deterministic, valid, and the source of the shipped content/.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read.ts';

function generate(...args: string[]) {
  const out = mkdtempSync(path.join(tmpdir(), 'gen-'));
  const r = spawnSync(process.execPath, ['scripts/generate.ts', '--out', out, ...args], { encoding: 'utf8' });
  return { out, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function snapshot(dir: string): Map<string, string> {
  return new Map(
    fg
      .sync('**/*.json', { cwd: dir })
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
  );
}

describe('data generator', () => {
  it('the same arguments give identical bytes; another seed gives other data', () => {
    const a = snapshot(generate('--fights', '400', '--seed', '7').out);
    const b = snapshot(generate('--fights', '400', '--seed', '7').out);
    const c = snapshot(generate('--fights', '400', '--seed', '8').out);
    expect(b).toEqual(a);
    expect([...c.keys()]).toEqual([...a.keys()]);
    expect(c.get('fights/fight-000001.json')).not.toEqual(a.get('fights/fight-000001.json'));
  });

  it('writes valid content of the requested size', async () => {
    const { out } = generate('--fights', '400');
    const content = await readContent(out);
    expect(content.fights).toHaveLength(400);
    expect(content.fighters.length).toBeGreaterThanOrEqual(1500);
    expect(content.divisions).toHaveLength(17);
    expect(content.organizations.map((o) => o.id).sort()).toEqual(['ibf', 'wba', 'wbc', 'wbo']);
    expect(content.rankings).toHaveLength(68);
  });

  it('--fighters sets the number of fighters: a small dataset, still valid', async () => {
    const { out, status, stderr } = generate('--fights', '400', '--fighters', '150');
    expect(status, stderr).toBe(0);
    const content = await readContent(out);
    expect(content.fighters).toHaveLength(150);
    expect(content.fights).toHaveLength(400);
    expect(content.rankings).toHaveLength(68);
  });

  it('the shipped content/ is exactly the default generator output', () => {
    const { out, status } = generate();
    expect(status).toBe(0);
    const generated = snapshot(out);
    const shipped = snapshot('content');
    expect([...shipped.keys()]).toEqual([...generated.keys()]);
    const differing = [...shipped].filter(([f, text]) => generated.get(f) !== text).map(([f]) => f);
    expect(differing).toEqual([]);
  });

  it('rejects bad arguments before writing anything: one line naming them, the usage, exit code 2', () => {
    const cases: Array<[string[], string]> = [
      [['--fights', 'many'], '--fights must be an integer from 1 to 2000000, got "many"'],
      [['--fighters', '99'], '--fighters must be an integer from 100 to 2000000, got "99"'],
      [['--fights'], '--fights needs a value'],
      [['--seed', '1', '--seed', '2'], '--seed given more than once'],
      [['--out', 'again'], '--out given more than once'],
      [['--as-of', '2026-02-30'], '--as-of must be a real date YYYY-MM-DD, got "2026-02-30"'],
      [
        ['--fights', '10'],
        '--fights must be at least 62 with --as-of 2026-11-01: every month from the as-of month through 2031-12 needs an event',
      ],
      [['400'], 'unexpected argument "400" (options are written --name value)'],
    ];
    for (const [args, line] of cases) {
      const r = generate(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n').slice(0, 3), args.join(' ')).toEqual([
        `generate: ${line}`,
        '',
        expect.stringMatching(/^Usage: npm run data:generate /),
      ]);
      expect(readdirSync(r.out), args.join(' ')).toEqual([]);
    }
  });

  it('-h prints the usage and writes nothing', () => {
    const r = generate('-h');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm run data:generate -- \[--fights N\]/);
    expect(readdirSync(r.out)).toEqual([]);
  });
});
