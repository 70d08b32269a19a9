// Every project's global setup (the root's, run once per run): the run gets a temporary folder of
// its own, so every folder a test makes under the system's temporary folder (content fixtures,
// builds) goes with the run, whether or not the test cleans up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_EXPORT_PART_BYTES } from './build.ts';

export default function setup() {
  const runTemp = mkdtempSync(path.join(tmpdir(), 'boxing-api-tests-'));
  // os.tmpdir() reads TMPDIR on every call, in the test threads and in the processes they start.
  process.env.TMPDIR = runTemp;
  // Every build a test makes, its own or a command's, cuts exports into the tests' small parts.
  process.env.EXPORT_PART_BYTES = String(TEST_EXPORT_PART_BYTES);
  return () => rmSync(runTemp, { recursive: true, force: true });
}
