// npm run build as the benchmarks run it: timed, on a content folder, into a folder; a build that
// fails is thrown, so that the edits a benchmark made before it are undone on the way out.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export class BuildFailed extends Error {}

/**
 * npm run build of `content` into `dist` (NODE_OPTIONS and the rest of the environment reach it):
 * its seconds, and its standard output, captured, or shown as it comes when `show`.
 */
export function timedBuild(
  content: string,
  dist: string,
  options: { show?: boolean } = {},
): { seconds: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, '..', 'build.ts'), '--outDir', path.resolve(dist)],
    {
      env: { ...process.env, CONTENT_DIR: path.resolve(content) },
      stdio: ['ignore', options.show ? 'inherit' : 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  if (result.status !== 0)
    throw new BuildFailed(options.show ? 'the build failed (see above)' : `the build failed:\n${result.stdout}`);
  return { seconds: (performance.now() - started) / 1000, stdout: result.stdout ?? '' };
}

/** Runs a benchmark whose builds may fail: a failed build is told in a line (its edits undone by then), and the exit code is 1. */
export async function benchmark(name: string, main: () => Promise<void>): Promise<void> {
  await main().catch((e: unknown) => {
    if (!(e instanceof BuildFailed)) throw e;
    console.error(`${name}: ${e.message}`);
    process.exit(1);
  });
}
