// What the local servers (npm start, npm run dev:netlify) share: build only when needed, the
// development key, and the lines that tell how to call them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseKeys, shortenedKey } from '../api/keys.ts';
import type { FileList } from '../shared/file-list.ts';
import { buildProblem, isCurrent, listedBuildInputs } from '../pipeline/output.ts';
import { refuse } from './args.ts';
import { contentSettingsOrRefuse } from './settings.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUILD = path.join(ROOT, 'scripts/build.ts');

/** The key a local server accepts when API_KEYS is not set. */
export const DEV_KEY = 'dev-key-change-me';

/**
 * Builds into `dist` unless it holds a complete build of the current content and code (a folder
 * a killed build left, or a build of content since edited, added to or deleted from, is rebuilt;
 * see scripts/build.ts). SKIP_BUILD=1 serves the folder as it is. A setting the build would
 * refuse (AS_OF, DIST_DIR) is refused first, as a bad command line is, with `usage`.
 * Gives the listing of the content the build in `dist` was made from, or null when that is not
 * known (SKIP_BUILD, or content that changed while it was built).
 */
export function buildUnlessCurrent(dist: string, usage: string): FileList | null {
  if (process.env.SKIP_BUILD === '1') return null;
  const content = contentSettingsOrRefuse(usage);
  const problem = buildProblem(dist, 'DIST_DIR', content.contentDir);
  if (problem !== null) refuse(usage, problem);
  const { inputs, listing } = listedBuildInputs(content);
  if (isCurrent(dist, inputs)) return listing;
  console.log('Building the site (no complete build of the current content and code)...');
  const started = Date.now();
  // The build script itself, on the Node running this one, from the project folder as npm runs
  // it: no npm to find on PATH (on Windows it is npm.cmd, which spawnSync cannot start by name).
  const result = spawnSync(process.execPath, [BUILD, '--outDir', path.resolve(dist)], { stdio: 'inherit', cwd: ROOT });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  // The build lists the content again: a file saved meanwhile makes its listing another.
  return isCurrent(dist, inputs) ? listing : null;
}

/** Whether a listening address takes connections from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** API_KEYS as the server will read it: the environment's, or the development key. */
export function localKeys(): string {
  return process.env.API_KEYS ?? DEV_KEY;
}

/** A key given through API_KEYS as it is printed: shortened (see shortenedKey). The development key is public. */
export function shownKey(key: string): string {
  return key === DEV_KEY ? key : shortenedKey(key);
}

/** Prints where a local server answers, its documentation page, the key it takes and a ready-to-paste request. `keys` is checked already. */
export function announce(title: string, url: string, keys: string, keyInDocs = false): void {
  const first = parseKeys(keys)[0]?.key;
  const given = first !== undefined && first !== DEV_KEY;
  const key = first ?? '(none: every request will be refused)';
  console.log(`\n${title} on ${url}`);
  console.log(`Docs:    ${url}/${keyInDocs ? ' (try-it console, key filled in)' : ''}`);
  console.log(`API key: ${given ? `${shownKey(first)} (the first of API_KEYS, shortened)` : key}`);
  console.log(`Try:     curl -H 'x-gateway-key: ${given ? '<your key>' : key}' '${url}/v2/fights/?page_size=2'\n`);
}
