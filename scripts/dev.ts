// npm run dev: the preview of npm start, kept up to date with the content folder. Builds first
// unless DIST_DIR holds a complete build of the current content and code; then, whenever a
// content file is saved, the change is checked and applied to the built site in place of a
// rebuild (see src/dev/live-store.ts), and the next request sees it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { integer, nonEmpty, parseCommandLine, port, refuse } from '../src/cli/args.ts';
import { announce, buildUnlessCurrent, DEV_KEY, isLoopback, localKeys } from '../src/cli/launch.ts';
import { apiKeysOrRefuse, contentSettingsOrRefuse, subscribersOrRefuse } from '../src/cli/settings.ts';
import { deliverBuild } from '../src/webhooks/deliver.ts';
import { RATE_LIMIT_PER_MINUTE } from '../src/api/limits.ts';

const USAGE = `Usage: npm run dev -- [--port N] [--host H] [--rate-limit N]
       (or node scripts/dev.ts [options])

Serves the built site as npm start does (the per-address rate limit, the key gate and its usage
log, a stand-in for Netlify's CDN cache, then the answering function), builds first unless
DIST_DIR holds a complete build of the current content and code, and watches the content
folder: a saved file is checked and applied to the built site at once, and the next request
sees it. An edit that breaks a rule changes nothing:
every problem is printed, and the last good data is served until the files are fixed. A change
to divisions, organizations, titles or rankings builds the site again.

  --port N      the port to listen on, 0 to 65535; 0 picks a free one (default: PORT, else 8888)
  --host H      the address to listen on (default: HOST, else 127.0.0.1)
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
  CONTENT_DIR   the content folder to build and watch (default content)
  AS_OF         the day fighters' ages are computed for (see npm run build -- --help)
  WEBHOOKS      subscribers to push each applied change to, as a deploy's are (docs/deploy.md)`;

const options = parseCommandLine(USAGE, {
  port: { type: 'string', env: 'PORT', default: '8888', parse: port },
  host: { type: 'string', env: 'HOST', default: '127.0.0.1', parse: nonEmpty },
  'rate-limit': { type: 'string', default: String(RATE_LIMIT_PER_MINUTE), parse: integer(0, 1_000_000) },
});
const DIST = process.env.DIST_DIR ?? 'dist';
// Checked before anything is built: a subscriber left out would miss every change.
const subscribers = subscribersOrRefuse(USAGE);

// Checked before the build: a malformed entry would make a server that lets everyone in or no one.
const keys = localKeys();
const entries = apiKeysOrRefuse(USAGE, keys);
const listing = buildUnlessCurrent(DIST, USAGE);
// Taken once the site is built, as the build took its own: the day the live store's changes are for.
const { contentDir: CONTENT, asOfDay: asOf } = contentSettingsOrRefuse(USAGE);
const tryItKey = isLoopback(options.host) ? entries[0]?.key : undefined;
const { startServer, PREVIEW_CACHE_BYTES } = await import('../src/hosts/node/serve.ts');
const { folderOrigin } = await import('../src/hosts/node/folder-origin.ts');
const { liveStore } = await import('../src/dev/live-store.ts');
const { CannotListen } = await import('../src/hosts/node/bridge.ts');

const rebuild = () =>
  new Promise<boolean>((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'build.ts'), '--outDir', path.resolve(DIST)],
      // The subscribers are told here, once the site is served, without holding up the next edit.
      { stdio: 'inherit', env: { ...process.env, WEBHOOKS: '' } },
    );
    child.on('exit', (code) => {
      if (code === 0) void deliverBuild(DIST, subscribers, { log: (line) => console.log(line) });
      resolve(code === 0);
    });
  });
const context = folderOrigin(DIST, { cacheBytes: PREVIEW_CACHE_BYTES });
const live = await liveStore({
  distDir: DIST,
  contentDir: CONTENT,
  asOf,
  context,
  rebuild,
  log: (line) => console.log(line),
  listing,
  subscribers,
});
const server = await startServer({
  context,
  port: options.port,
  env: { ...process.env, API_KEYS: keys },
  host: options.host,
  tryItKey,
  // Netlify's rule for the gate, counted here in memory; and the gate's usage log, one line a request.
  perAddressLimit: options['rate-limit'] === 0 ? undefined : options['rate-limit'],
  log: (line) => console.log(line),
}).catch((e: unknown) => (e instanceof CannotListen ? refuse(USAGE, e.message) : Promise.reject(e)));
announce(
  'Boxing Data API preview, following the content folder',
  `http://localhost:${server.port}`,
  keys,
  tryItKey !== undefined,
);
console.log(`Watching ${CONTENT} for changes.\n`);

let closing: Promise<void> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    closing ??= live.close().finally(() => process.exit(0));
  });
