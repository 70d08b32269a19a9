// npm run build [-- --outDir DIR]: builds the site with Astro into DIR (default dist/, which
// Netlify publishes) without ever leaving DIR half-written. Astro writes into a fresh sibling
// folder; when it succeeds the completion marker goes in last and the folder is swapped in for
// the old build, which keeps being served until then. Only the options below are taken: the
// build decides Astro's own (where it writes, what it prints).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasPages } from '../src/astro/pages-cache.ts';
import { readContentInputs } from '../src/pipeline/inputs.ts';
import { withBuildAllocator } from '../src/pipeline/allocator.ts';
import {
  buildProblem,
  clearStale,
  codeFingerprint,
  linkFolder,
  markerInputs,
  pagesCacheEnv,
  pagesEntry,
  readMarker,
  realFolder,
  stateFolder,
  swapIn,
  tempFolder,
  withCompileCache,
  writeMarker,
} from '../src/pipeline/output.ts';
import { BUILD_SETTINGS_ENV, encodeBuildSettings, type BuildSettings } from '../src/pipeline/settings.ts';
import { nonEmpty, parseCommandLine, refuse } from '../src/cli/args.ts';
import { buildTimeEnv, checkProgressSetting, exportPartEnv, progressEnv } from '../src/cli/progress.ts';
import { apiKeysOrRefuse, buildSettingsOrRefuse, subscribersOrRefuse } from '../src/cli/settings.ts';
import { deliverBuild } from '../src/webhooks/deliver.ts';
import { deliversAfterDeploy } from '../src/webhooks/subscribers.ts';

const USAGE = `Usage: npm run build -- [--outDir DIR]
       (or node scripts/build.ts [options])

Builds the site: the documentation page, the OpenAPI document, and the store of records, lists
and indexes made from the content folder. The build goes into a fresh folder that takes DIR's
place only once complete, so DIR always holds a whole build. Astro makes the pages, once for each
version of the code: later builds of the same code take them from where it kept them and do not
start Astro. Astro's progress is printed, with a warning naming every content file the build does
not read, and a summary line; the store's phases show their progress on standard error.

  --outDir DIR   the folder to build into (default dist, which Netlify publishes); it is replaced
                 whole, so it must not hold the project, the current folder or the content
  -h, --help     print this text

Environment:
  CONTENT_DIR    the content folder to build (default content)
  AS_OF          the day fighters' ages are computed for, YYYY-MM-DD (default: today in UTC)
  API_KEYS       not read by the build, but checked when set: a malformed entry stops it, named,
                 before a site that would let everyone in or no one is deployed
${pagesCacheEnv(17)}
${exportPartEnv(17)}
${buildTimeEnv(17)}
${progressEnv(17)}
  WEBHOOKS       subscribers to push the build's changes to, a JSON array of {"url", "secret",
                 "collections"?} (docs/deploy.md); sent once the build is in DIR (on Netlify,
                 once the deploy is live)`;

const ASTRO = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));
const STORE_STEP = fileURLToPath(new URL('../src/astro/store-step.ts', import.meta.url));

const { outDir } = parseCommandLine(USAGE, { outDir: { type: 'string', default: 'dist', parse: nonEmpty } });
// Made once, here: the process that builds the store receives them whole (see src/pipeline/settings.ts).
const fromEnvironment = buildSettingsOrRefuse(USAGE);
// Checked before the build starts, as the others are: a subscriber left out would miss every build.
const subscribers = subscribersOrRefuse(USAGE);
// The edge functions read API_KEYS; where the build sees it too (Netlify's builds scope), a
// malformed one stops the deploy here rather than answering 500 to every request.
apiKeysOrRefuse(USAGE, process.env.API_KEYS);
const problem = buildProblem(outDir, '--outDir', fromEnvironment.contentDir);
if (problem !== null) refuse(USAGE, problem);
// Read by the store's progress, in Astro's process: refused here, before a build starts.
checkProgressSetting(USAGE);
const out = realFolder(outDir);
const temp = tempFolder(out);
clearStale(out);
mkdirSync(path.dirname(out), { recursive: true });
// Taken before the build: a code file edited while it runs then shows as a change next time. The
// content's part is taken by the store's build before it reads a content file, and saved with
// its state (see src/pipeline/inputs.ts): listed while Astro builds the pages, the same listing the
// store finds the changes in when it takes files from the previous build.
const code = codeFingerprint();

// Astro's own output is kept: its warnings (content files the build does not read) and the
// store's summary line are how a build tells what it did.
// The store is saved with a state of its content beside it; the previous build's, when there is
// one, lets the store take the files a content change leaves as they were (see src/pipeline/reuse.ts).
const store = randomUUID();
const previous = readMarker(out);
// Astro's pages follow from the code alone: kept from an earlier build of this code, they are
// copied and the store step runs without Astro; otherwise Astro builds them and keeps them (see
// src/astro/pages-cache.ts).
const pages = pagesEntry(code, fromEnvironment.pagesCacheDir);
const settings: BuildSettings = { ...fromEnvironment, storeId: store, stateDir: stateFolder(temp), pagesEntry: pages };
if (previous?.store && existsSync(stateFolder(out)))
  settings.previous = { dir: out, state: stateFolder(out), store: previous.store, links: linkFolder(temp) };
// The changes feed follows the history in DIR's store with the digests in its state, whether DIR
// is a whole build or only what a build cache kept of one (see src/pipeline/history.ts).
if (existsSync(stateFolder(out))) settings.history = { dir: out, state: stateFolder(out) };
// The process that builds the store runs with the allocator settings that keep its memory down
// (see src/pipeline/allocator.ts).
const builder = hasPages(pages) ? [STORE_STEP, pages, temp] : [ASTRO, 'build', '--outDir', temp];
const child = spawn(process.execPath, builder, {
  stdio: 'inherit',
  env: withBuildAllocator(withCompileCache({ ...process.env, [BUILD_SETTINGS_ENV]: encodeBuildSettings(settings) })),
});
// Ctrl-C reaches Astro too; wait for it to stop, then clear the unfinished folder.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));

child.on('exit', (status, signal) => {
  // The store saves its content's digest with its state: a build without one is not whole.
  const content = status === 0 ? readContentInputs(stateFolder(temp)) : null;
  if (content === null) {
    // Astro stopped midway (a failure, Ctrl-C) may leave the previous build's files linked beside it.
    for (const folder of [temp, stateFolder(temp), linkFolder(temp)]) rmSync(folder, { recursive: true, force: true });
    const kept = `${outDir} is unchanged`;
    if (signal) console.error(`Build stopped (${signal}); ${kept}.`);
    else if (status === 0) console.error(`Build failed: the store saved no digest of its content; ${kept}.`);
    process.exit(status || 1);
  }
  // Gone by now unless the store could not remove what it had taken before building from nothing.
  rmSync(linkFolder(temp), { recursive: true, force: true });
  writeMarker(temp, { ...markerInputs(code, content), store });
  swapIn(temp, out);
  // Published once it is in DIR. On Netlify it is published once deployed: the build plugin delivers then.
  if (!deliversAfterDeploy()) void deliverBuild(out, subscribers, { log: (line) => console.log(line) });
});
