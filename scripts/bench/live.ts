// How soon an edit saved into the content folder shows in the API under npm run dev: for each
// edit a maintainer makes (see edits.ts), the time from the file's save until the API answers
// with it, polling every 10 ms, and the same for undoing it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildInputs, isCurrent } from '../../src/pipeline/output.ts';
import { contentSettings } from '../../src/pipeline/settings.ts';
import { existingFolder, nonEmpty, parseCommandLine } from '../../src/cli/args.ts';
import { commandProgress, progressEnv } from '../../src/cli/progress.ts';
import { edits } from './edits.ts';
import { machine } from './report.ts';

const USAGE = `Usage: npm run bench:live -- --content DIR --dist DIR
       (or node scripts/bench/live.ts [options])

Starts npm run dev on a content folder (building it into DIST first unless it holds a current
build), then makes each edit a maintainer makes (a result entered, a fight added, deleted, moved
to another date or division, a fighter renamed) and times how long until the API shows it, and
until it shows the edit undone; then stops it (Ctrl-C) and times how long it takes to save its
state and exit. The content folder is left as it was.

  --content DIR   the content folder (it is edited and restored)
  --dist DIR      the built site's folder
  -h, --help      print this text

Environment:
${progressEnv(18)}`;

const values = parseCommandLine(USAGE, {
  content: { type: 'string', required: true, parse: existingFolder },
  dist: { type: 'string', required: true, parse: nonEmpty },
});
const progress = commandProgress(USAGE);
const KEY = 'bench-live-key';

// No per-address limit: the probes below ask every 10 ms from one address.
const child = spawn(
  process.execPath,
  [path.join(import.meta.dirname, '..', 'dev.ts'), '--port', '0', '--rate-limit', '0'],
  {
    env: {
      ...process.env,
      CONTENT_DIR: path.resolve(values.content),
      DIST_DIR: path.resolve(values.dist),
      API_KEYS: KEY,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
let output = '';
let started = false;
const url = await new Promise<string>((resolve, reject) => {
  child.stdout.on('data', (d) => {
    // Once it serves, its output is the usage log, a line a probe: read and let go.
    if (started) return;
    output += d;
    const found = /on (http:\/\/localhost:\d+)/.exec(output);
    if (found && output.includes('Watching')) (started = true), resolve(found[1]);
  });
  child.on('exit', (code) => reject(new Error(`npm run dev stopped (${code}):\n${output}`)));
});

/** Requests whose connection was reset before an answer. */
let resets = 0;

async function until(probe: string, shows: (status: number, body: { data: unknown }) => boolean): Promise<number> {
  const started = performance.now();
  for (; ; await new Promise((r) => setTimeout(r, 10))) {
    if (performance.now() - started > 120_000)
      throw new Error(`${probe} did not show the change within 2 minutes:\n${output}`);
    let response: Response;
    try {
      response = await fetch(url + probe, { headers: { 'x-gateway-key': KEY } });
    } catch (e) {
      // A connection the server closed as the request went out (keep-alive): counted, and asked again.
      if (child.exitCode !== null) throw e;
      resets++;
      continue;
    }
    // A request never sees a half-applied change: a failure while one is applied is a fault, not a step.
    if (response.status >= 500)
      throw new Error(`${probe} answered ${response.status} while a change was applied:\n${await response.text()}`);
    if (shows(response.status, await response.json())) return performance.now() - started;
  }
}

const rows: string[] = [];
const list = edits(values.content);
const timing = progress.phase('edits timed', list.length);
try {
  for (const edit of list) {
    edit.apply();
    const applied = await until(edit.probe, edit.shows);
    edit.undo();
    const undone = await until(edit.probe, (status, body) => !edit.shows(status, body));
    rows.push(`| ${edit.name} | ${(applied / 1000).toFixed(2)} s | ${(undone / 1000).toFixed(2)} s |`);
    progress.log(`${edit.name}: shown in ${(applied / 1000).toFixed(2)} s, undone in ${(undone / 1000).toFixed(2)} s`);
    timing.tick();
  }
} catch (e) {
  child.kill('SIGINT');
  throw e;
} finally {
  timing.done();
}
// Ctrl-C right after the last edit: the preview saves its state and marks the site before it exits.
const exited = new Promise((resolve) => child.once('exit', resolve));
const stopping = performance.now();
child.kill('SIGINT');
await exited;
const stopped = (performance.now() - stopping) / 1000;
const current = isCurrent(values.dist, buildInputs({ ...contentSettings(), contentDir: path.resolve(values.content) }));
console.log(`\nMachine: ${machine()}\nContent: ${values.content}\n`);
console.log('| edit | shown in | undone in |\n|---|---|---|');
for (const row of rows) console.log(row);
console.log(
  `\nCtrl-C after the last edit: stopped in ${stopped.toFixed(2)} s; the next start ${current ? 'takes the site as it is' : 'builds again'}.`,
);
if (resets > 0)
  console.log(`\n${resets} request${resets === 1 ? '' : 's'} found the connection reset and were sent again.`);
