// npm run build [-- --outDir DIR]: builds the site with Astro into DIR (default dist/, which
// Netlify publishes) without ever leaving DIR half-written. Astro writes into a fresh sibling
// folder; when it succeeds the completion marker goes in last and the folder is swapped in for
// the old build, which keeps being served until then. Other arguments are passed to Astro.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInputs, clearStale, swapIn, tempFolder, writeMarker } from './lib/build-output.ts';

const ASTRO = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));

function outDirOf(args: string[]): { out: string; rest: string[] } {
  const rest: string[] = [];
  let out = 'dist';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--outDir') out = args[++i] ?? out;
    else if (args[i].startsWith('--outDir=')) out = args[i].slice('--outDir='.length);
    else rest.push(args[i]);
  }
  return { out: path.resolve(out), rest };
}

const { out, rest } = outDirOf(process.argv.slice(2));
const temp = tempFolder(out);
clearStale(out);
mkdirSync(path.dirname(out), { recursive: true });
// Taken before the build: a file edited while it runs then shows as a change next time.
const inputs = buildInputs();

// Astro's own output is kept: its warnings (content files the build does not read) and the
// store's summary line are how a build tells what it did.
const child = spawn(process.execPath, [ASTRO, 'build', '--outDir', temp, ...rest], { stdio: 'inherit' });
// Ctrl-C reaches Astro too; wait for it to stop, then clear the unfinished folder.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));

child.on('exit', (status, signal) => {
  if (status !== 0) {
    rmSync(temp, { recursive: true, force: true });
    if (signal) console.error(`Build stopped (${signal}); ${path.relative(process.cwd(), out) || out} is unchanged.`);
    process.exit(status ?? 1);
  }
  writeMarker(temp, inputs);
  swapIn(temp, out);
});
