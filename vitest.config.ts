import { defineConfig } from 'vitest/config';

// Three projects, by what a test needs to run (CONTRIBUTING.md has the rule, test/unit/locations.test.ts
// holds it): `npm run test:unit`, `test:integration`, `test:hosts`; `npm test` runs all three, one
// after the other (each project's files side by side): the runtimes of the hosts beside the
// builds of the integration files would be more processes than cores, which costs more than it gains.
export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // The root's global setup runs once per run, whichever projects run: a temporary folder for the run.
    globalSetup: ['test/helpers/run-temp.ts'],
    // Files run in worker threads (a thread starts in a fraction of the time of a process), each
    // file in the workers it finds, not one of its own: the modules are loaded once per worker
    // instead of once per file: half the unit project's time, some 15% of the integration and
    // hosts projects'. So no test leaves set what another would see, and a file that mocks a
    // module loads the modules afresh (test/unit/shared-workers.test.ts holds both).
    pool: 'threads',
    isolate: false,
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
          // Files side by side, builds among them: the build holds Astro's shared staging folder
          // only while it writes its pages (src/astro/staging-lock.ts).
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
          // Side by side too: each emulator runs in a site folder of its own (scripts/lib/emulator-site.ts),
          // and Netlify's build holds Astro's staging folder as any build does.
          maxWorkers: '100%',
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
