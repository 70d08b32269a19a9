// What npm run build costs when a build is already there and one fight's result was entered:
// the build from nothing (when DIST holds none), the build after the edit, and after undoing it;
// and what a deploy after the edit would upload (see deploy-hash.ts).
import { existingFolder, nonEmpty, parseCommandLine } from '../../src/cli/args.ts';
import { readMarker } from '../../src/pipeline/output.ts';
import { commandProgress, progressEnv } from '../../src/cli/progress.ts';
import { deployUpload, hashDeploy } from './deploy-hash.ts';
import { edits } from './edits.ts';
import { machine } from './report.ts';
import { benchmark, timedBuild } from './timed-build.ts';

const USAGE = `Usage: npm run bench:rebuild -- --content DIR --dist DIR
       (or node scripts/bench/rebuild.ts [options])

Times npm run build on a content folder: from nothing when DIST holds no build, then after one
fight's result is entered (the build takes every other file from the previous one), then after
the edit is undone; and hashes the build before and after the edit as netlify deploy does, to say
what a deploy of the edit would upload. The content folder is left as it was. NODE_OPTIONS
reaches the builds (for example --max-old-space-size=1024 to build with a 1 GB heap).

  --content DIR   the content folder (one fight file is edited and restored)
  --dist DIR      the folder to build into
  -h, --help      print this text

Environment:
  AS_OF           the day fighters' ages are computed for (see npm run build -- --help)
${progressEnv(18)}`;

const values = parseCommandLine(USAGE, {
  content: { type: 'string', required: true, parse: existingFolder },
  dist: { type: 'string', required: true, parse: nonEmpty },
});
const progress = commandProgress(USAGE);

const build = () => timedBuild(values.content, values.dist, { show: true }).seconds;

async function main(): Promise<void> {
  const rows: Array<[string, number]> = [];
  if (readMarker(values.dist) === null) {
    progress.log('building from nothing...');
    rows.push(['build from nothing', build()]);
  }
  progress.log('hashing the build as netlify deploy does...');
  const before = await hashDeploy(values.dist);
  const [result] = edits(values.content);
  result.apply();
  let upload: ReturnType<typeof deployUpload>;
  try {
    progress.log('building after a result was entered...');
    rows.push(["one fight's result entered", build()]);
    progress.log('hashing the build again...');
    upload = deployUpload(before.manifest, (await hashDeploy(values.dist)).manifest);
  } finally {
    result.undo();
  }
  progress.log('building after the edit was undone...');
  rows.push(['the edit undone', build()]);
  console.log(`\nMachine: ${machine()}\nContent: ${values.content}\n`);
  console.log('| npm run build | time |\n|---|---|');
  for (const [name, seconds] of rows) console.log(`| ${name} | ${seconds.toFixed(1)} s |`);
  console.log(
    `\nA deploy after the result was entered: ${upload.changedPaths} paths changed, ${upload.files} files uploaded, ${(upload.bytes / 2 ** 20).toFixed(2)} MB.`,
  );
}

// The edit is undone on the way out (the finally block), a failed build included.
await benchmark('bench:rebuild', main);
