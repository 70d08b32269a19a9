// Builds the default dataset once for every test file that reads the built site, and gives the
// run a temporary folder of its own: every folder a test makes under the system's temporary
// folder (content fixtures, builds) goes with the run, whether or not the test cleans up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite, TEST_EXPORT_PART_BYTES } from './build.ts';

export const TEST_DIST = path.resolve('tmp/test-dist');

export default function setup(project: TestProject) {
  const runTemp = mkdtempSync(path.join(tmpdir(), 'boxing-api-tests-'));
  // os.tmpdir() reads TMPDIR on every call, in the test threads and in the processes they start.
  process.env.TMPDIR = runTemp;
  // Every build a test makes, its own or a command's, cuts exports into the tests' small parts.
  process.env.EXPORT_PART_BYTES = String(TEST_EXPORT_PART_BYTES);
  rmSync(TEST_DIST, { recursive: true, force: true });
  buildSite(TEST_DIST);
  project.provide('distDir', TEST_DIST);
  return () => rmSync(runTemp, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}
