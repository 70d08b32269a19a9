// npm start: build unless DIST_DIR (default dist/) holds a complete build of the current content
// and code, then serve it through the edge function on http://localhost:8888 (PORT overrides;
// SKIP_BUILD=1 serves DIST_DIR as it is). A folder a killed build left, or a build of content
// since edited, added to or deleted from, is rebuilt; see scripts/build.ts.
import { spawnSync } from 'node:child_process';
import { startServer } from './lib/serve.ts';
import { buildInputs, isCurrent } from './lib/build-output.ts';
import { parseKeys } from '../src/api/keys.ts';

const DEV_KEY = 'dev-key-change-me';
const DIST = process.env.DIST_DIR ?? 'dist';

if (process.env.SKIP_BUILD !== '1' && !isCurrent(DIST, buildInputs())) {
  console.log('Building the site (no complete build of the current content and code)...');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--', '--outDir', DIST], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const env = { ...process.env, API_KEYS: process.env.API_KEYS ?? DEV_KEY };
const firstKey = parseKeys(env.API_KEYS)[0];
const key = firstKey ?? '(none: every request will be refused)';
const port = Number(process.env.PORT ?? 8888);
// The documentation's try-it console starts with the key this preview accepts.
const server = await startServer({ distDir: DIST, port, env, host: process.env.HOST ?? '127.0.0.1', tryItKey: firstKey });
const url = `http://localhost:${server.port}`;
console.log(`\nBoxing Data API preview on ${url}`);
console.log(`Docs:    ${url}/${firstKey === undefined ? '' : ' (try-it console, key filled in)'}`);
console.log(`API key: ${key}`);
console.log(`Try:     curl -H 'x-gateway-key: ${key}' '${url}/v2/fights/?page_size=2'\n`);
