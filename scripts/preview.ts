// npm start: build unless DIST_DIR (default dist/) holds a complete build of the current content
// and code, then serve it through the edge functions on http://localhost:8888 (--port and --host,
// else PORT and HOST, override; SKIP_BUILD=1 serves DIST_DIR as it is). A folder a killed build
// left, or a build of content since edited, added to or deleted from, is rebuilt; see
// scripts/build.ts.
import { announce, buildUnlessCurrent, DEV_KEY, isLoopback, localKeys } from '../src/cli/launch.ts';
import { integer, nonEmpty, parseCommandLine, port, refuse } from '../src/cli/args.ts';
import { apiKeysOrRefuse } from '../src/cli/settings.ts';
import { RATE_LIMIT_PER_MINUTE } from '../src/api/limits.ts';

const USAGE = `Usage: npm start -- [--port N] [--host H] [--rate-limit N]
       (or node scripts/preview.ts [options])

Serves the built site as Netlify chains it, on Node: the per-address rate limit, the key gate
(which prints one JSON line a request, the usage log), a stand-in for Netlify's CDN cache, then
the answering function. Builds first (as npm run build does) unless DIST_DIR holds a
complete build of the current content and code.

  --port N      the port to listen on, 0 to 65535; 0 picks a free one (default: PORT, else 8888)
  --host H      the address to listen on (default: HOST, else 127.0.0.1); on an address other
                machines can reach, the documentation page's console has no key filled in
  --rate-limit N
                requests a minute each client address may make, answered 429 beyond them,
                as Netlify limits the gate (default ${RATE_LIMIT_PER_MINUTE}; 0: no limit, for a
                benchmark or a load test from one address)
  -h, --help    print this text

Environment:
  PORT, HOST    as --port and --host, which win over them
  API_KEYS      the comma-separated keys the API accepts, each key, name:key or
                name:key:YYYY-MM-DD (its last day, UTC); a malformed entry stops the
                command, naming it (default: ${DEV_KEY})
  RAPIDAPI_PROXY_SECRET   the RapidAPI gateway's proxy secret: a request carrying it
                needs no key (see docs/deploy.md)
  DIST_DIR      the built site's folder (default dist)
  SKIP_BUILD=1  serve DIST_DIR as it is, without building
  CONTENT_DIR, AS_OF   read by the build (see npm run build -- --help)`;

const options = parseCommandLine(USAGE, {
  port: { type: 'string', env: 'PORT', default: '8888', parse: port },
  host: { type: 'string', env: 'HOST', default: '127.0.0.1', parse: nonEmpty },
  'rate-limit': { type: 'string', default: String(RATE_LIMIT_PER_MINUTE), parse: integer(0, 1_000_000) },
});
const DIST = process.env.DIST_DIR ?? 'dist';

// Checked before the build: a malformed entry would make a server that lets everyone in or no one.
const keys = localKeys();
const entries = apiKeysOrRefuse(USAGE, keys);
buildUnlessCurrent(DIST, USAGE);
// The documentation's try-it console starts with the key this preview accepts, but only where no
// one else can open the page: a preview listening beyond this machine never shows a key.
const tryItKey = isLoopback(options.host) ? entries[0]?.key : undefined;
// Loaded once the command line is known to be good, and the build done.
const { startServer } = await import('../src/hosts/node/serve.ts');
const { CannotListen } = await import('../src/hosts/node/bridge.ts');
const server = await startServer({
  distDir: DIST,
  port: options.port,
  env: { ...process.env, API_KEYS: keys },
  host: options.host,
  tryItKey,
  // Netlify's rule for the gate, counted here in memory; and the gate's usage log, one line a request.
  perAddressLimit: options['rate-limit'] === 0 ? undefined : options['rate-limit'],
  log: (line) => console.log(line),
}).catch((e: unknown) => (e instanceof CannotListen ? refuse(USAGE, e.message) : Promise.reject(e)));
announce('Boxing Data API preview', `http://localhost:${server.port}`, keys, tryItKey !== undefined);
