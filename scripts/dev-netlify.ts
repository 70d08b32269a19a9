// npm run dev:netlify: Netlify's own local emulator, offline, on the built site (built first
// unless DIST_DIR, default dist/, holds a complete build of the current content and code), on
// http://localhost:8888 (PORT or --port N overrides). Slower to start than npm start, for
// whoever wants the platform's exact behaviour: the edge functions as netlify.toml declares them,
// in Deno, under Netlify's edge bootstrap. `netlify dev` runs this too (see netlify.toml).
import { parseArgs } from 'node:util';
import { announce, buildUnlessCurrent, localKeys } from './lib/launch.ts';
import { emulatorDeno } from './lib/emulator-deno.ts';
import { startEmulator } from './lib/netlify-dev.ts';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const DIST = process.env.DIST_DIR ?? 'dist';

const deno = emulatorDeno();
if (deno === null) {
  console.error(
    'No Deno that Netlify\'s emulator can run was found: it needs the 2.5 LTS line (the optional ' +
      'dependency deno-lts-* has no build for this platform). Install Deno 2.5 and put it on PATH, or use npm start.',
  );
  process.exit(1);
}
buildUnlessCurrent(DIST);
const keys = localKeys();
const emulator = await startEmulator({ distDir: DIST, keys, deno, port: Number(values.port ?? process.env.PORT ?? 8888), host: process.env.HOST });
announce("Boxing Data API on Netlify's emulator", emulator.url, keys);

// The emulator's Deno is a child process: stop it before leaving. The emulator re-sends the
// signal to this process once it has stopped its own part, so a listener stays for that one too.
let closing: Promise<void> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    closing ??= emulator.close().finally(() => process.exit(0));
  });
