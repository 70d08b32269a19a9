// A Deno that Netlify's local emulator (@netlify/dev) can run its edge runtime on. The emulator
// starts `deno eval --allow-scripts ...` with whichever `deno` comes first on PATH: the project's
// own Deno 2.9 (node_modules/.bin/deno, for the plain-Deno test) refuses that flag, the 2.5 LTS
// line accepts it. The LTS binary is an optional dependency: the platform package the `deno` npm
// package takes its binary from, installed under an alias. That package holds the binary itself;
// a Node wrapper script in its place would leave Deno running after the emulator stops.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const EXE = process.platform === 'win32' ? 'deno.exe' : 'deno';

/** Whether a Deno starts as the emulator starts it. */
function acceptsEmulatorFlags(binary: string): boolean {
  const result = spawnSync(binary, ['eval', '--allow-scripts', '--quiet', '--no-lock', ''], {
    stdio: 'ignore',
    timeout: 30_000,
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1' },
  });
  return result.status === 0;
}

/** A script (a wrapper that runs the binary as its child) rather than the binary itself. */
function isScript(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head.toString() === '#!';
  } finally {
    closeSync(fd);
  }
}

/**
 * The folder of a Deno binary the emulator accepts, to put first on PATH: the installed LTS
 * package, else one already on PATH. Null when there is none (the optional package has no build
 * for this platform, and no suitable Deno is installed).
 */
export function emulatorDeno(): string | null {
  const modules = path.join(ROOT, 'node_modules');
  const installed = readdirSync(modules)
    .filter((name) => name.startsWith('deno-lts-'))
    .map((name) => path.join(modules, name, EXE));
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, EXE));
  const found = [...installed, ...onPath].find(
    (file) => existsSync(file) && !isScript(file) && acceptsEmulatorFlags(file),
  );
  return found === undefined ? null : path.dirname(found);
}
