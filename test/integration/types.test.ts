// The whole project type-checks (astro check: TypeScript plus Astro's content types).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

it('astro check reports no errors', () => {
  const r = spawnSync(path.resolve('node_modules/.bin/astro'), ['check'], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/0 errors/);
});
