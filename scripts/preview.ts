// npm start: build when the content or the code is newer than the last build, then serve the
// built site through the edge function on http://localhost:8888 (PORT overrides; SKIP_BUILD=1
// serves DIST_DIR as it is).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import fg from 'fast-glob';
import { startServer } from './lib/serve.ts';
import { parseKeys } from '../src/api/keys.ts';

const DEV_KEY = 'dev-key-change-me';
const DIST = process.env.DIST_DIR ?? 'dist';
const stamp = `${DIST}/store/divisions/all.json`;

function needsBuild(): boolean {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = fg.sync(['content/**/*.json', 'src/**/*', 'astro.config.mjs', 'package.json'], { stats: true });
  return sources.some((s) => (s.stats?.mtimeMs ?? 0) > built);
}

if (process.env.SKIP_BUILD !== '1' && needsBuild()) {
  console.log('Building the site (content or code changed)...');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--', '--outDir', DIST], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const env = { ...process.env, API_KEYS: process.env.API_KEYS ?? DEV_KEY };
const key = parseKeys(env.API_KEYS)[0] ?? '(none: every request will be refused)';
const port = Number(process.env.PORT ?? 8888);
const server = await startServer({ distDir: DIST, port, env, host: process.env.HOST ?? '127.0.0.1' });
const url = `http://localhost:${server.port}`;
console.log(`\nBoxing Data API preview on ${url}`);
console.log(`API key: ${key}`);
console.log(`Try:     curl -H 'x-gateway-key: ${key}' '${url}/v2/fights/?page_size=2'\n`);
