// The long commands show their progress on standard error: run here with it piped, as in a
// log, they print plain lines (no escape codes) and one line per phase that ends, and standard
// output keeps what it held before.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { minimalContent, writeContent } from '../helpers/fixture.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'progress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a script as npm would, standard error piped; a short PROGRESS_INTERVAL so that even a small run prints lines as it goes. */
function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, {
    env: { ...process.env, CI: '', NO_COLOR: '', AS_OF: TEST_AS_OF, PROGRESS_INTERVAL: '0.05', ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return { ...r, report: `${r.stdout}\n${r.stderr}` };
}

const ESCAPES = /\x1b|\r/;

describe('the generator', () => {
  it('prints progress lines with counts as it goes, one line per phase, and its summary', () => {
    const out = path.join(scratch, 'generated');
    const r = run(['scripts/generate.ts', '--fights', '3000', '--out', out], { PROGRESS_INTERVAL: '0.01' });
    expect(r.status, r.report).toBe(0);
    const lines = r.stderr.split('\n');
    expect(
      lines.filter((l) => /^(making|writing) \w+: [\d,]+ \/ [\d,]+ \(\d+%\)/.test(l)).length,
      r.stderr,
    ).toBeGreaterThan(0);
    for (const end of [
      'making fighters: 1,500 in ',
      'making events: 360 in ',
      'making fights: 3,000 in ',
      'writing fighters: 1,500 in ',
      'writing fights: 3,000 in ',
      'writing rankings: 68 in ',
    ])
      expect(
        lines.filter((l) => l.startsWith(end)),
        end,
      ).toHaveLength(1);
    expect(r.stderr).not.toMatch(ESCAPES);
    expect(r.stdout).toMatch(/^Wrote 5057 files to \S+ \(divisions 17, .*fights 3000, rankings 68\) in [\d.]+s\n$/);
  });

  it('refuses a PROGRESS_INTERVAL that is not a number of seconds, as it refuses a bad option', () => {
    const r = run(['scripts/generate.ts', '--fights', '100', '--out', path.join(scratch, 'refused')], {
      PROGRESS_INTERVAL: 'often',
    });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      'generate: PROGRESS_INTERVAL must be a number of seconds above 0, not "often"',
    );
  });
});

describe('the build', () => {
  it('prints the end line of every store phase, prefixed as its own, beside the summary line', async () => {
    const content = await writeContent(minimalContent());
    const out = path.join(scratch, 'dist');
    const r = run(['scripts/build.ts', '--outDir', out], { CONTENT_DIR: content });
    expect(r.status, r.report).toBe(0);
    for (const collection of ['divisions', 'organizations', 'titles', 'fighters', 'events', 'fights', 'rankings'])
      expect(r.stderr).toMatch(new RegExp(`^\\[boxing-store\\] checking ${collection}: \\d+ in [\\d.]+ s`, 'm'));
    expect(r.stderr).toMatch(/^\[boxing-store\] checking fights: 1 in [\d.]+ s/m);
    // The fixture's fights, events and fighters: 1 + 1 + 3.
    expect(r.stderr).toMatch(/^\[boxing-store\] resolving records: 5 in [\d.]+ s/m);
    expect(r.stderr).toMatch(/^\[boxing-store\] writing store files: [\d,]+ in [\d.]+ s/m);
    // Every record of every collection exported (the fixture's 1 + 1 + 3 + 2 + 1 + 2 + 2).
    expect(r.stderr).toMatch(/^\[boxing-store\] writing exports: 12 in [\d.]+ s/m);
    expect(r.stderr).not.toMatch(ESCAPES);
    expect(r.stdout).toMatch(/\[boxing-store\] [\d,]+ store files from \S+ in [\d.]+ s/);
  });

  it('refuses an EXPORT_PART_BYTES that is no number of bytes, before building', () => {
    const r = run(['scripts/build.ts', '--outDir', path.join(scratch, 'refused-dist')], { EXPORT_PART_BYTES: '10MB' });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      'build: EXPORT_PART_BYTES must be a whole number of bytes from 1 to 10485760, not "10MB"',
    );
  });

  it('refuses a BUILD_TIME that is no UTC date and time from 1970 on, before building', () => {
    for (const value of ['2026-11-28', '2026-02-30T10:00:00', '1969-12-31T23:59:59']) {
      const r = run(['scripts/build.ts', '--outDir', path.join(scratch, 'refused-dist')], { BUILD_TIME: value });
      expect(r.status).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(
        `build: BUILD_TIME must be a UTC date and time from 1970 on, YYYY-MM-DDTHH:MM:SS, not "${value}"`,
      );
    }
  });

  it('build:stats --json keeps standard output to its one JSON line, progress on standard error', async () => {
    const content = await writeContent(minimalContent());
    // An allocator setting of the environment's own (the arenas), and one empty, as if unset.
    const r = run(
      ['scripts/build-stats.ts', '--content', content, '--out', path.join(scratch, 'stats-dist'), '--json'],
      { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '' },
    );
    expect(r.status, r.report).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      files: expect.any(Number),
      seconds: expect.any(Number),
      exportSeconds: expect.any(Number),
    });
    const { seconds, exportSeconds } = JSON.parse(r.stdout);
    expect(exportSeconds).toBeGreaterThan(0);
    expect(exportSeconds).toBeLessThan(seconds);
    // It measured a build run as npm run build runs Astro's: with the build's allocator settings where the environment has none.
    expect(JSON.parse(r.stdout).allocator).toEqual({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(r.stderr).toMatch(/^\[boxing-store\] writing store files: [\d,]+ in [\d.]+ s/m);
    expect(r.stderr).toMatch(/^counting built files: [\d,]+ in [\d.]+ s/m);
  });
});
