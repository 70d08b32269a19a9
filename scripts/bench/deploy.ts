// npm run bench:deploy: what a deploy of a built folder costs before its uploads, and what it
// uploads after an earlier deploy (see deploy-hash.ts).
import path from 'node:path';
import { existingFolder, nonEmpty, parseCommandLine, UsageError } from '../../src/cli/args.ts';
import { commandProgress, progressEnv } from '../../src/cli/progress.ts';
import { grouped } from '../../src/shared/numbers.ts';
import { existsSync } from 'node:fs';

const USAGE = `Usage: npm run bench:deploy -- --dist DIR [--previous MANIFEST] [--save MANIFEST]
       (or node scripts/bench/deploy.ts [options])

Hashes a built folder with netlify-cli's own code, as netlify deploy (and Netlify's build) does
before its first upload, and prints the files a deploy lists, the size of the one request that
lists them with their hashes, the time the hashing took, and the largest folder and file. Given
the manifest of an earlier deploy, it also prints how many files, and bytes, a deploy of this
folder would upload after that one: the files whose hashes the earlier one lacks.

  --dist DIR            the built folder (npm run build's output)
  --previous MANIFEST   a manifest saved by an earlier run (--save)
  --save MANIFEST       writes this folder's manifest (every path's hash, each hash's size)
  -h, --help            print this text

Environment:
${progressEnv(22)}`;

const values = parseCommandLine(USAGE, {
  dist: { type: 'string', required: true, parse: existingFolder },
  previous: {
    type: 'string',
    parse: (text, name) => {
      if (!existsSync(text)) throw new UsageError(`${name} names no file: ${text}`);
      return text;
    },
  },
  save: { type: 'string', parse: nonEmpty },
});
const progress = commandProgress(USAGE);
const { deployUpload, hashDeploy, readManifest, saveManifest } = await import('./deploy-hash.ts');

progress.log(`hashing ${values.dist} as netlify deploy does...`);
const hashed = await hashDeploy(values.dist);
const files = Object.keys(hashed.manifest.files).length;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
console.log(`| deploy of ${path.basename(path.resolve(values.dist))} | |`);
console.log('|---|---|');
console.log(`| files | ${grouped(files)} |`);
console.log(`| the deploy request (every path and its hash) | ${mb(hashed.requestBytes)} |`);
console.log(`| hashing (netlify-cli's hashFiles, 100 at once) | ${hashed.seconds.toFixed(1)} s |`);
console.log(`| largest folder | ${hashed.largestFolder.dir} (${grouped(hashed.largestFolder.entries)} entries) |`);
console.log(`| largest file | ${hashed.largestFile.path} (${mb(hashed.largestFile.bytes)}) |`);
if (values.previous) {
  const upload = deployUpload(readManifest(values.previous), hashed.manifest);
  console.log(`| after ${path.basename(values.previous)}: paths changed | ${grouped(upload.changedPaths)} |`);
  console.log(
    `| after ${path.basename(values.previous)}: files uploaded | ${grouped(upload.files)}, ${mb(upload.bytes)} |`,
  );
}
if (values.save) saveManifest(values.save, hashed.manifest);
