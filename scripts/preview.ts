// npm start: build unless DIST_DIR (default dist/) holds a complete build of the current content
// and code, then serve it through the edge functions on http://localhost:8888 (PORT overrides;
// SKIP_BUILD=1 serves DIST_DIR as it is). A folder a killed build left, or a build of content
// since edited, added to or deleted from, is rebuilt; see scripts/build.ts.
import { startServer } from './lib/serve.ts';
import { announce, buildUnlessCurrent, isLoopback, localKeys } from './lib/launch.ts';
import { parseKeys } from '../src/api/keys.ts';

const DIST = process.env.DIST_DIR ?? 'dist';

buildUnlessCurrent(DIST);
const keys = localKeys();
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';
// The documentation's try-it console starts with the key this preview accepts, but only where no
// one else can open the page: a preview listening beyond this machine never shows a key.
const tryItKey = isLoopback(host) ? parseKeys(keys)[0] : undefined;
const server = await startServer({ distDir: DIST, port, env: { ...process.env, API_KEYS: keys }, host, tryItKey });
announce('Boxing Data API preview', `http://localhost:${server.port}`, keys, tryItKey !== undefined);
