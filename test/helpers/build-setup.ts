// The integration and hosts projects' global setup: builds the default dataset into the test
// build, which their files read through builtSite() (site.ts). Both projects run it; the build is
// made once per run, by whichever starts first.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './build.ts';
import { runTemp } from './run-temp.ts';

/**
 * In the run's temporary folder: on the memory file system where there is one, where its tens of
 * thousands of files cost a fraction of the system time a disk takes, and gone with the run.
 */
const testDist = () => path.join(runTemp(), 'test-dist');

// Each project loads this file on its own, so "once" is kept on the process, not in the module.
const BUILT = Symbol.for('boxing-api-tests.test-build');
const once = globalThis as { [BUILT]?: true };

export default function setup(project: TestProject) {
  if (!once[BUILT]) {
    const started = performance.now();
    const dist = testDist();
    buildSite(dist);
    once[BUILT] = true;
    console.log(`The test build (${dist}) made in ${((performance.now() - started) / 1000).toFixed(1)} s, once for this run.`);
  }
  project.provide('distDir', testDist());
}
