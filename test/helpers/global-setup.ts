// Builds the default dataset once for every test file that reads the built site.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './build.ts';

export const TEST_DIST = path.resolve('tmp/test-dist');

export default function setup(project: TestProject) {
  rmSync(TEST_DIST, { recursive: true, force: true });
  buildSite(TEST_DIST);
  project.provide('distDir', TEST_DIST);
}

declare module 'vitest' {
  export interface ProvidedContext {
    distDir: string;
  }
}
