// Runs the real site build (astro build) into a folder, as `npm run build` does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The day ages are computed for in test builds, so expectations do not move with the calendar. */
export const TEST_AS_OF = '2026-11-21';

export function buildSite(outDir: string, env: Record<string, string> = {}): void {
  const astro = path.resolve('node_modules/.bin/astro');
  const result = spawnSync(astro, ['build', '--outDir', outDir, '--silent'], {
    env: { ...process.env, AS_OF: TEST_AS_OF, ...env },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) throw new Error(`astro build failed:\n${result.stdout}\n${result.stderr}`);
}
