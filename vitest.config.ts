import { defineConfig } from 'vitest/config';

// Three projects, by what a test needs to run (CONTRIBUTING.md has the rule, test/unit/locations.test.ts
// holds it): `npm run test:unit`, `test:integration`, `test:hosts`. `npm test` runs the unit project
// first, then the other two together, a file per core: their files spend most of their time in
// processes they start (builds, the emulator) and each keeps to folders of its own (see below), so
// side by side they use the cores that one file at a time left idle.
export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // The root's global setup runs once per run, whichever projects run: a temporary folder for the run.
    globalSetup: ['test/helpers/run-temp.ts'],
    // Each file in a fresh worker thread: a thread starts in a fraction of the time of a process.
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Modules called in place: no build to wait for, nothing shared on disk, so files run side by side.
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/helpers/build-setup.ts'],
          // Builds side by side share only what is made the same way each time: Astro's generated
          // types (which the type check does not read, see types.test.ts) and Vite's dependency
          // cache, both written by the test build before any file starts. Every other folder a
          // file writes is its own, under the run's temporary folder.
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'hosts',
          include: ['test/hosts/**/*.test.ts'],
          globalSetup: ['test/helpers/build-setup.ts'],
          // Beside the integration files (the same group, so the same number of workers): each
          // emulator runs from a site folder of its own, and Netlify's build is the only writer
          // of the project's dist/ and .netlify/.
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
