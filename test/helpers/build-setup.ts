// The integration and hosts projects' global setup: builds the default dataset into the test
// build, which their files read through builtSite() (site.ts). Both projects run it; the build is
// made once per run, by whichever starts first.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './build.ts';

export const TEST_DIST = path.resolve('tmp/test-dist');

// Each project loads this file on its own, so "once" is kept on the process, not in the module.
const BUILT = Symbol.for('boxing-api-tests.test-build');
const once = globalThis as { [BUILT]?: true };

export default function setup(project: TestProject) {
  if (!once[BUILT]) {
    const started = performance.now();
    rmSync(TEST_DIST, { recursive: true, force: true });
    buildSite(TEST_DIST);
    once[BUILT] = true;
    console.log(`The test build (${path.relative(process.cwd(), TEST_DIST)}) made in ${((performance.now() - started) / 1000).toFixed(1)} s, once for this run.`);
  }
  project.provide('distDir', TEST_DIST);
}
