// One of our commands' scripts run as npm runs it (`node scripts/....ts`, from the project
// folder) to its end, its output kept: how the tests of the commands' messages call them.
import { spawn } from 'node:child_process';

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args`, in this process's environment with `env` over it. */
export function runScript(file: string, args: readonly string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
