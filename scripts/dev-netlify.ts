// npm run dev:netlify: Netlify's own local emulator, offline, on the built site (built first
// unless DIST_DIR, default dist/, holds a complete build of the current content and code), on
// http://localhost:8888 (--port and --host, else PORT and HOST, override). Slower to start than
// npm start, for whoever wants the platform's exact behaviour: the edge functions as netlify.toml
// declares them, in Deno, under Netlify's edge bootstrap. `netlify dev` runs this too (see
// netlify.toml).
import { announce, buildUnlessCurrent, DEV_KEY, localKeys } from '../src/cli/launch.ts';
import { nonEmpty, parseCommandLine, port } from '../src/cli/args.ts';

const USAGE = `Usage: npm run dev:netlify -- [--port N] [--host H]
       (or node scripts/dev-netlify.ts [options])

Runs Netlify's own local emulator, offline, on the built site: the edge functions as netlify.toml
declares them, in Deno (the 2.5 LTS line) under Netlify's edge bootstrap. It does not emulate the
CDN cache (npm start does). Builds first (as npm run build does) unless DIST_DIR holds a complete
build of the current content and code.

  --port N      the port to listen on, 0 to 65535; 0 picks a free one (default: PORT, else 8888)
  --host H      the address to listen on (default: HOST, else 127.0.0.1)
  -h, --help    print this text

Environment:
  PORT, HOST    as --port and --host, which win over them
  API_KEYS      the comma-separated keys the API accepts (default: ${DEV_KEY})
  DIST_DIR      the built site's folder (default dist)
  SKIP_BUILD=1  serve DIST_DIR as it is, without building
  PATH          where a Deno 2.5 is looked for when the optional package deno-lts-* is missing
  CONTENT_DIR, AS_OF   read by the build (see npm run build -- --help)`;

const options = parseCommandLine(USAGE, {
  port: { type: 'string', env: 'PORT', default: '8888', parse: port },
  host: { type: 'string', env: 'HOST', default: '127.0.0.1', parse: nonEmpty },
});
const DIST = process.env.DIST_DIR ?? 'dist';

// Loaded once the command line is known to be good: the emulator takes seconds to load.
const { emulatorDeno } = await import('../src/hosts/emulator/deno.ts');
const { startEmulator } = await import('../src/hosts/emulator/netlify-dev.ts');
const deno = emulatorDeno();
if (deno === null) {
  console.error(
    "No Deno that Netlify's emulator can run was found: it needs the 2.5 LTS line (the optional " +
      'dependency deno-lts-* has no build for this platform). Install Deno 2.5 and put it on PATH, or use npm start.',
  );
  process.exit(1);
}
buildUnlessCurrent(DIST, USAGE);
const keys = localKeys();
const emulator = await startEmulator({ distDir: DIST, keys, deno, port: options.port, host: options.host });
announce("Boxing Data API on Netlify's emulator", emulator.url, keys);

// The emulator's Deno is a child process: stop it before leaving. The emulator re-sends the
// signal to this process once it has stopped its own part, so a listener stays for that one too.
let closing: Promise<void> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    closing ??= emulator.close().finally(() => process.exit(0));
  });
