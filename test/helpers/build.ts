// Runs the real site build into a folder, exactly as `npm run build -- --outDir DIR` does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { TEST_AS_OF, TEST_BUILD_TIME } from './as-of.ts';
import { TEST_EXPORT_PART_BYTES } from './export-part.ts';
import { runScript } from './script.ts';

const args = (outDir: string) => ['scripts/build.ts', '--outDir', outDir];
const buildEnv = (env: Record<string, string>) => ({
  ...process.env,
  AS_OF: TEST_AS_OF,
  BUILD_TIME: TEST_BUILD_TIME,
  EXPORT_PART_BYTES: String(TEST_EXPORT_PART_BYTES),
  ...env,
});

const failed = (output: string) => new Error(`site build failed:\n${output}`);

export function buildSite(outDir: string, env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, args(outDir), {
    env: buildEnv(env),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) throw failed(`${result.stdout}\n${result.stderr}`);
}

/** The same build, awaited: this process does other work while it runs. Its standard output is returned. */
export async function buildSiteAside(outDir: string, env: Record<string, string> = {}): Promise<string> {
  const [script, ...rest] = args(outDir);
  const result = await runScript(script, rest, buildEnv(env));
  if (result.status !== 0) throw failed(`${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The same build, running in the background (to be watched, or killed midway: `detached` gives it its own process group). */
export function startBuild(
  outDir: string,
  env: Record<string, string> = {},
  options: { detached?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, args(outDir), { env: buildEnv(env), stdio: 'ignore', detached: options.detached });
}
