import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects of the product's tests, by what a test needs to run (CONTRIBUTING.md has the rule,
// test/unit/locations.test.ts holds it): `npm run test:unit`, `test:integration`, `test:hosts`; and
// the tooling's tests, `test:tooling` (the benchmarks' own code). `npm test` runs them all
// together, their files side by side in one pool, a worker and a half per core: a file of the hosts
// project spends much of its time waiting (for a Deno worker, a browser, a build it started), and
// the other files' work fills those waits, where projects run one after the other left a core idle
// while the hosts' files waited.
export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // The root's global setup runs once per run, whichever projects run: a temporary folder for the run.
    globalSetup: ['test/helpers/run-temp.ts'],
    // Files run in worker processes, each file in the workers it finds, not one of its own: the
    // modules are loaded once per worker instead of once per file. So no test leaves set what
    // another would see, and a file that mocks a module loads the modules afresh
    // (test/unit/shared-workers.test.ts holds both). Processes, not threads: the tests start a few
    // hundred processes (builds, commands, runtimes), and a process costs its starter in
    // proportion to the starter's own memory (its pages are copied as it writes them after the
    // fork): the threads of one process would hold every worker's memory, a process holds its own.
    pool: 'forks',
    isolate: false,
    fsModuleCache: true,
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    projects: [
      {
        extends: true,
        // Modules called in place: no build to wait for, nothing shared on disk.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Builds among the files side by side: the build holds Astro's shared staging folder
          // only while it writes its pages (src/astro/staging-lock.ts).
          globalSetup: ['test/helpers/build-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'hosts',
          include: ['test/hosts/**/*.test.ts'],
          // Each emulator runs in a site folder of its own (src/hosts/emulator/site.ts), and
          // Netlify's build holds Astro's staging folder as any build does.
          globalSetup: ['test/helpers/build-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          include: ['test/tooling/**/*.test.ts'],
          // The benchmarks' own code (scripts/bench/), tested apart from the product's; the
          // throughput report reads the test build.
          globalSetup: ['test/helpers/build-setup.ts'],
        },
      },
    ],
  },
});
