// The integration and hosts projects' global setup: builds the default dataset into the test
// build, which their files read through builtSite() (site.ts). Both projects run it; the build is
// made once per run, by whichever starts first.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { readContent } from '../../src/content/read.ts';
import { buildSiteAside } from './build.ts';
import { runTemp } from './run-temp.ts';

/**
 * In the run's temporary folder: on the memory file system where there is one, where its tens of
 * thousands of files cost a fraction of the system time a disk takes, and gone with the run.
 */
const testDist = () => path.join(runTemp(), 'test-dist');

// Each project loads this file on its own, so "once" is kept on the process, not in the module.
const BUILT = Symbol.for('boxing-api-tests.test-build');
const once = globalThis as { [BUILT]?: true };

/**
 * The shipped content as readContent gives it, saved once per run: the reference oracle
 * (reference.ts) of a dozen files reads it from here rather than check five thousand files each.
 */
const shippedContent = () => path.join(runTemp(), 'shipped-content.json');

export default async function setup(project: TestProject) {
  if (!once[BUILT]) {
    const started = performance.now();
    const dist = testDist();
    // The content is read here while the build runs in its own process; both are waited for,
    // so a failed read never leaves the build running unwatched.
    const [built, read] = await Promise.allSettled([
      buildSiteAside(dist),
      readContent('content').then((content) => writeFileSync(shippedContent(), JSON.stringify(content))),
    ]);
    for (const outcome of [built, read]) if (outcome.status === 'rejected') throw outcome.reason;
    once[BUILT] = true;
    console.log(
      `The test build (${dist}) made in ${((performance.now() - started) / 1000).toFixed(1)} s, once for this run.`,
    );
  }
  project.provide('distDir', testDist());
  project.provide('shippedContent', shippedContent());
}
