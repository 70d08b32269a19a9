import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    globalSetup: ['test/helpers/global-setup.ts'],
    // Several tests run whole builds (Astro, Netlify) that share the project's cache folders.
    fileParallelism: false,
    // One file at a time, each in a fresh worker thread: a thread starts in a fraction of the
    // time of a process, which over every test file is several seconds of the suite.
    pool: 'threads',
  },
});
