// The platforms' own runtimes, which the hosts project starts and no other: a test that reaches
// this module, Netlify's emulator (src/hosts/emulator/netlify-dev.ts, deno.ts) or Chromium's
// driver (playwright-core) belongs in test/hosts/.
import path from 'node:path';

/** The project's npm binaries: the Netlify CLI and the tools it looks for on PATH. */
export const NPM_BIN = path.resolve('node_modules/.bin');
/** Deno, the engine of Netlify edge functions (the project's own; the emulator asks for its 2.5 LTS). */
export const DENO = path.join(NPM_BIN, 'deno');
/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
