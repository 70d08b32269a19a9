// Builds a content folder and reports what the build produced and what it cost:
//   node scripts/build-stats.ts [--content content] [--out dist] [--json] (--help says more)
// Prints wall time (and the part of it the exports took), peak memory (max RSS of this process,
// which runs the build), file and folder counts, the largest folder, the total size and the
// allocator settings the build ran with; --json prints them as one JSON line.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { readBuildSeconds } from '../src/pipeline/state.ts';
import { grouped } from '../src/shared/numbers.ts';
import { allocatorSettings, withBuildAllocator } from '../src/pipeline/allocator.ts';
import { hasPages } from '../src/astro/pages-cache.ts';
import { buildWithKeptPages } from '../src/astro/site-store.ts';
import {
  buildProblem,
  codeFingerprint,
  pagesCacheEnv,
  pagesEntry,
  realFolder,
  stateFolder,
} from '../src/pipeline/output.ts';
import { BUILD_SETTINGS_ENV, encodeBuildSettings, type BuildSettings } from '../src/pipeline/settings.ts';
import { existingFolder, nonEmpty, parseCommandLine, refuse } from '../src/cli/args.ts';
import { commandProgress, exportPartEnv, progressEnv } from '../src/cli/progress.ts';
import { buildSettingsOrRefuse } from '../src/cli/settings.ts';

const USAGE = `Usage: npm run build:stats -- [--content DIR] [--out DIR] [--json]
       (or node scripts/build-stats.ts [options])

Builds a content folder, in this process, as npm run build does (Astro makes the pages unless
they are kept from an earlier build of this code), and prints what the build cost and made:
wall time and the seconds of it spent writing the exports, peak memory (max RSS), file and
folder counts, the largest folder, the total size, and the C library allocator's settings the
build ran with (those npm run build gives it, unless the environment sets its own). Unlike npm
run build, it builds in place (the output folder is deleted first) and writes no completion
marker, so npm start builds again rather than serve it.

  --content DIR   the content folder to build (default content)
  --out DIR       the folder to build into, deleted first (default dist); it must not hold the
                  project, the current folder or the content
  --json          print the figures as one JSON line (the only line on standard output; the
                  store's progress goes to standard error)
  -h, --help      print this text

Environment:
  AS_OF           the day fighters' ages are computed for, YYYY-MM-DD (default: today in UTC)
${pagesCacheEnv(18)}
${exportPartEnv(18)}
${progressEnv(18)}`;

const values = parseCommandLine(USAGE, {
  content: { type: 'string', default: 'content', parse: existingFolder },
  out: { type: 'string', default: 'dist', parse: nonEmpty },
  json: { type: 'boolean' },
});
// The content folder is --content's, whatever CONTENT_DIR says.
const fromEnvironment = buildSettingsOrRefuse(USAGE, { ...process.env, CONTENT_DIR: path.resolve(values.content) });
const problem = buildProblem(values.out, '--out', values.content);
if (problem !== null) refuse(USAGE, problem);
// The build runs in a process started with the allocator settings npm run build gives Astro's
// (see src/pipeline/allocator.ts), so that the memory measured is the build's: this one starts again
// with them when they are not all in its environment.
if (Object.values(allocatorSettings()).includes(null)) {
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: withBuildAllocator(),
  });
  process.exit(again.status ?? 1);
}
const outDir = realFolder(values.out);
// The build runs here quietly (Astro, when it runs, at its 'error' level); the store build's
// progress shows anyway, as the store step writes it to standard error, and so do this script's
// own steps.
const progress = commandProgress(USAGE);

// Timed from an empty folder, as `npm run build` builds (into a fresh folder, swapped in after):
// clearing a previous output of a million files is not part of a build (but takes a while).
if (existsSync(outDir)) progress.log(`removing the previous ${values.out}...`);
rmSync(outDir, { recursive: true, force: true });
// As npm run build does, the store's state is saved beside it (the time to save it is part of a build).
rmSync(stateFolder(outDir), { recursive: true, force: true });
// As npm run build does, the pages are taken from an earlier build of this code where they are
// kept, and Astro runs (and keeps them) where they are not.
const pages = pagesEntry(codeFingerprint(), fromEnvironment.pagesCacheDir);
const settings: BuildSettings = {
  ...fromEnvironment,
  stateDir: stateFolder(outDir),
  storeId: randomUUID(),
  pagesEntry: pages,
};
const pagesKept = hasPages(pages);
const started = performance.now();
if (pagesKept) {
  // Quiet as Astro is at its 'error' level: the store's progress still shows on standard error.
  await buildWithKeptPages(pages, outDir, settings, { info() {}, warn() {} });
} else {
  // Astro, in this process, loads the integration from astro.config.mjs: it receives them as npm run build's Astro does.
  process.env[BUILD_SETTINGS_ENV] = encodeBuildSettings(settings);
  const { build } = await import('astro');
  await build({ root: process.cwd(), outDir, logLevel: 'error' });
}
const seconds = (performance.now() - started) / 1000;
const peakMb = process.resourceUsage().maxRSS / 1024;
// The store's build says what its phases took, beside its state.
const exportSeconds = readBuildSeconds(stateFolder(outDir))?.exports ?? null;

let files = 0;
let folders = 0;
let bytes = 0;
let largest = { dir: '', entries: 0 };
const counting = progress.phase('counting built files');
const walk = (dir: string) => {
  folders++;
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.length > largest.entries) largest = { dir: path.relative(outDir, dir) || '.', entries: entries.length };
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full);
    else {
      files++;
      bytes += statSync(full).size;
      counting.tick();
    }
  }
};
walk(outDir);
counting.done();

const stats = {
  content: path.relative(process.cwd(), settings.contentDir) || '.',
  pages: pagesKept ? 'kept' : 'astro',
  seconds,
  exportSeconds,
  peakMb,
  files,
  folders,
  largest,
  bytes,
  allocator: allocatorSettings(),
};
if (values.json) console.log(JSON.stringify(stats));
else {
  const rows: Array<[string, string]> = [
    ['content', stats.content],
    [
      'pages',
      pagesKept ? `taken from an earlier build of this code (${pages})` : 'built by Astro (and kept for later builds)',
    ],
    ['build time', `${seconds.toFixed(1)} s`],
    ['of which exports', exportSeconds === null ? 'not reported' : `${exportSeconds.toFixed(1)} s`],
    ['peak memory (max RSS)', `${peakMb.toFixed(0)} MB`],
    ['files', grouped(files)],
    ['folders', grouped(folders)],
    ['largest folder', `${largest.dir} (${grouped(largest.entries)} entries)`],
    ['total size', `${(bytes / 1024 / 1024).toFixed(1)} MB`],
    [
      'allocator',
      Object.entries(stats.allocator)
        .map(([name, value]) => `${name}=${value ?? '(unset)'}`)
        .join(' '),
    ],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}
