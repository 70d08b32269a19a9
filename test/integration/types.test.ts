// The whole project type-checks (astro check: TypeScript, and the .astro pages).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

it('astro check reports no errors', () => {
  // --noSync: the check neither makes nor needs Astro's generated types (.astro/), which every
  // build writes: the project uses no content collections, and the check passes with that folder
  // empty or missing. It spares the check a temporary Vite server.
  const r = spawnSync(path.resolve('node_modules/.bin/astro'), ['check', '--noSync'], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/0 errors/);
});
