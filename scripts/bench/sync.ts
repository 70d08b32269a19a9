// What the changes feed costs and saves, on a built content folder: its share of a build from
// nothing (which compares every record with the previous build's), what a deploy after one
// corrected result uploads for it, the files it keeps, and what a mirror's sync after a day of
// edits asks of the API (requests and bytes) against downloading the exports again.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createClient } from '../../client/src/index.ts';
import { createHandler } from '../../src/api/handler.ts';
import { MARKER, stateFolder } from '../../src/pipeline/output.ts';
import { readBuildSeconds } from '../../src/pipeline/state.ts';
import { existingFolder, integer, nonEmpty, parseCommandLine } from '../../src/cli/args.ts';
import { commandProgress, progressEnv } from '../../src/cli/progress.ts';
import { folderStore } from '../../src/hosts/node/folder-store.ts';
import { KEEP_DAYS, readHistoryIndex } from '../../src/store/changes/format.ts';
import { lists, paths } from '../../src/store/layout.ts';
import { appendBuild, type PreviousHistory, type RecordChange } from '../../src/store/changes/make.ts';
import { deployUpload, hashDeploy, type DeployManifest } from './deploy-hash.ts';
import { dayOfEdits, edits } from './edits.ts';
import { benchmark, timedBuild } from './timed-build.ts';
import { machine } from './report.ts';
import { loadavg } from 'node:os';

const USAGE = `Usage: npm run bench:sync -- --content DIR --dist DIR [--edits N]
       (or node scripts/bench/sync.ts [options])

Measures the changes feed on a content folder and its build in DIST (built first when DIST
holds none): a build from nothing over the previous build's state, and the feed's share of its
time; the files of the feed's history; a corrected result rebuilt, and what a deploy of it
uploads for the feed; a day of N edits (default 100) rebuilt, then a mirror's sync through the
API: its requests and bytes, against downloading the exports again, and the files the feed would
keep after 90 such days (appended in memory as builds append them). Every edit is undone and
built again at the end: the content is left as it was; DIST's history keeps the builds made.

  --content DIR   the content folder (files are edited and restored)
  --dist DIR      the folder to build into
  --edits N       the day's edits (default 100)
  -h, --help      print this text

Environment:
  AS_OF           the day fighters' ages are computed for (see npm run build -- --help)
${progressEnv(18)}`;

const values = parseCommandLine(USAGE, {
  content: { type: 'string', required: true, parse: existingFolder },
  dist: { type: 'string', required: true, parse: nonEmpty },
  edits: { type: 'string', default: '100', parse: integer(10, 10_000) },
});
const progress = commandProgress(USAGE);
const dist = path.resolve(values.dist);

/** npm run build; its seconds and its line about the changes feed. */
function build(): { seconds: number; feed: string } {
  const { seconds, stdout } = timedBuild(values.content, dist);
  return { seconds, feed: /Changes feed: (.*?)\.?$/m.exec(stdout)?.[1] ?? '(no line)' };
}

const historyNow = () => readHistoryIndex(readFileSync(path.join(dist, paths.changesIndex), 'utf8'));
const feedFiles = (manifest: DeployManifest) =>
  Object.keys(manifest.files).filter((file) => `/${file}`.startsWith(lists.changes)).length;
/** Files a deploy of `now` uploads after `before`, and those of them the feed's. */
function upload(before: DeployManifest, now: DeployManifest) {
  const had = new Set(Object.values(before.files));
  const feed = Object.entries(now.files).filter(
    ([file, hash]) => `/${file}`.startsWith(lists.changes) && !had.has(hash),
  ).length;
  return { ...deployUpload(before, now), feed };
}

const rows: string[] = [];
const line = (label: string, value: string) => rows.push(`| ${label} | ${value} |`);

async function main(): Promise<void> {
  // 1. A build to start from, then a build from nothing over it: every record compared by id.
  try {
    historyNow();
  } catch {
    progress.log('building (the folder holds no build with a history)...');
    build();
  }
  progress.log("building from nothing over the previous build's state...");
  rmSync(path.join(dist, MARKER), { force: true });
  const load = `load ${loadavg()[0].toFixed(2)}`;
  const full = build();
  const seconds = readBuildSeconds(stateFolder(dist));
  const feedSeconds = seconds?.changes ?? Number.NaN;
  line('build from nothing over the last (load before)', `${full.seconds.toFixed(1)} s (${load})`);
  line(
    "the changes feed's part of it",
    `${feedSeconds.toFixed(2)} s, ${((feedSeconds / full.seconds) * 100).toFixed(1)}% (${full.feed})`,
  );

  // 2. One corrected result: one entry, and what a deploy of it uploads for the feed.
  progress.log('hashing the build as netlify deploy does...');
  const before = (await hashDeploy(dist)).manifest;
  const entriesBefore = historyNow().total;
  const [result] = edits(values.content);
  result.apply();
  let corrected;
  try {
    progress.log('building after a result was corrected...');
    corrected = build();
  } finally {
    result.undo();
  }
  const afterResult = (await hashDeploy(dist)).manifest;
  const uploaded = upload(before, afterResult);
  line(
    'a corrected result, rebuilt',
    `${corrected.seconds.toFixed(1)} s: ${corrected.feed}; ${historyNow().total - entriesBefore} entry added`,
  );
  line(
    'its deploy uploads',
    `${uploaded.files} files, ${uploaded.feed} of them the feed's (${(uploaded.bytes / 2 ** 20).toFixed(2)} MB in all)`,
  );
  line("the feed's files in the deploy", `${feedFiles(afterResult)} (of ${Object.keys(afterResult.files).length})`);
  progress.log('building after the correction was undone...');
  build();

  // 3. A day of edits, then a mirror's sync from the token it held before them.
  const handle = createHandler({ keys: ['bench'] });
  const store = folderStore(dist);
  const traffic = { requests: 0, bytes: 0, gzip: 0 };
  const client = createClient({
    baseUrl: 'http://bench.local',
    apiKey: 'bench',
    fetch: async (input, init) => {
      const response = await handle(new Request(input, init), store);
      const body = new Uint8Array(await response.arrayBuffer());
      traffic.requests++;
      traffic.bytes += body.byteLength;
      traffic.gzip += gzipSync(body).byteLength;
      return new Response(body, response);
    },
  });
  const start = client.sync();
  const token = (await start.next()).value as string;
  const day = dayOfEdits(values.content, values.edits);
  day.apply();
  let edited;
  try {
    progress.log(`building after a day of ${values.edits} edits (${day.summary})...`);
    edited = build();
    traffic.requests = traffic.bytes = traffic.gzip = 0;
    const feed = client.sync(token);
    const dayChanges: RecordChange[] = [];
    for (let step = await feed.next(); !step.done; step = await feed.next())
      dayChanges.push({
        collection: step.value.collection,
        id: step.value.id,
        change: step.value.change,
        record: step.value.record && JSON.stringify(step.value.record),
      });
    const changes = dayChanges.length;
    line(`a day of ${values.edits} edits (${day.summary}), rebuilt`, `${edited.seconds.toFixed(1)} s: ${edited.feed}`);
    line(
      "a mirror's sync after it",
      `${traffic.requests} requests, ${(traffic.bytes / 1024).toFixed(0)} KB (${(traffic.gzip / 1024).toFixed(0)} KB gzip-compressed), ${changes} changes`,
    );
    const listing = await client.exports.list();
    const exportBytes = listing.data.reduce((n, e) => n + e.bytes, 0);
    const exportParts = listing.data.reduce((n, e) => n + e.parts.length, 0);
    line(
      'downloading the exports again instead',
      `${exportParts + 1} requests, ${(exportBytes / 2 ** 20).toFixed(1)} MB`,
    );
    // 90 such days appended to a history (in memory, as a build appends them): the files the feed then keeps.
    let history: PreviousHistory | null = null;
    const packs = new Map<string, string>();
    for (let d = 0; d <= KEEP_DAYS; d++) {
      const written = appendBuild(history, { at: d * 86_400, changes: d === 0 ? [] : dayChanges });
      for (const unit of written.units) packs.set(unit.path, unit.body() as string);
      for (const gone of written.removed) packs.delete(gone);
      history = { index: written.index, pack: (name) => packs.get(paths.changesPack(name))! };
    }
    line(
      `the feed's files after ${KEEP_DAYS} such days`,
      `${history!.index.packs.length + 1} (${history!.index.total} entries; an index and its packs)`,
    );
  } finally {
    day.undo();
  }
  progress.log("building after the day's edits were undone...");
  build();
  const kept = historyNow();
  console.log(`\nMachine: ${machine()}\nContent: ${values.content}\n`);
  console.log('| the changes feed | measured |\n|---|---|');
  console.log(rows.join('\n'));
  console.log(
    `\nThe history now: ${kept.builds.length} builds kept, ${kept.total} entries, ${kept.packs.length} packs.`,
  );
}

// Every edit is undone on the way out (the finally blocks), a failed build included.
await benchmark('bench:sync', main);
