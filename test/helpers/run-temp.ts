// Every project's global setup (the root's, run once per run): the run gets a temporary folder of
// its own, so every folder a test makes under the system's temporary folder (content fixtures,
// builds) goes with the run, whether or not the test cleans up.
import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMPILE_CACHE } from '../../src/pipeline/output.ts';
import { TEST_EXPORT_PART_BYTES } from './export-part.ts';

/**
 * Where every process a test starts (builds, the preview, the commands) keeps Node's compiled
 * code: a few hundred processes load the same modules, and a warm cache halves a command's start.
 * The builds' own (src/pipeline/output.ts), kept between runs.
 */
export { COMPILE_CACHE };

/** A memory file system, where most machines have one: a build's tens of thousands of files are made there in a fraction of the system time a disk takes. */
export const MEMORY_FS = '/dev/shm';
/** The room it must have: the largest test keeps a few builds of the shipped content at once (some 200 MB each). */
export const MEMORY_FS_ROOM = 2 * 1024 ** 3;

/**
 * Where the run's folder goes: where TMPDIR says when it is set; else on the memory file system
 * when there is one with room (a container's is often 64 MB); else the system's temporary folder.
 */
export function runTempBase(
  env: NodeJS.ProcessEnv = process.env,
  freeBytes: (dir: string) => number | null = free,
): string {
  if (env.TMPDIR) return env.TMPDIR;
  const room = freeBytes(MEMORY_FS);
  return room !== null && room >= MEMORY_FS_ROOM ? MEMORY_FS : tmpdir();
}

function free(dir: string): number | null {
  if (!existsSync(dir)) return null;
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
}

// Vitest runs the projects' global setups before the root's: whichever comes first makes the
// folder, once per run, and the root's removes it at the end.
const MADE = Symbol.for('boxing-api-tests.run-temp');
const made = globalThis as { [MADE]?: string };

/** The run's temporary folder, made on the first call. */
export function runTemp(): string {
  if (made[MADE] === undefined) {
    made[MADE] = mkdtempSync(path.join(runTempBase(), 'boxing-api-tests-'));
    // os.tmpdir() reads TMPDIR on every call, in the test threads and in the processes they start.
    process.env.TMPDIR = made[MADE];
    // Every build a test makes, its own or a command's, cuts exports into the tests' small parts.
    process.env.EXPORT_PART_BYTES = String(TEST_EXPORT_PART_BYTES);
    process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE;
  }
  return made[MADE];
}

export default function setup() {
  const folder = runTemp();
  return () => rmSync(folder, { recursive: true, force: true });
}
