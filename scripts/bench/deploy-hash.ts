// What a deploy of a built folder costs before its first upload, measured with netlify-cli's own
// code: `hashFiles` (node_modules/netlify-cli/dist/utils/deploy/hash-files.js) hashes every file
// with SHA-1, as `netlify deploy` does (and Netlify's build, through its own client, alike), and the
// deploy then sends ONE request whose body maps every path to its hash; Netlify answers with the
// hashes it lacks, and each is uploaded with a request of its own. The files a deploy filters out
// are those netlify-cli's deploy command leaves out (its getDeployFilesFilter, which it does not
// export: dot files, _redirects and _headers).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import hashFiles from 'netlify-cli/dist/utils/deploy/hash-files.js';

/** A deploy's manifest: every path's hash (what the deploy request sends), and each hash's file size (what its upload would send). */
export interface DeployManifest {
  files: Record<string, string>;
  sizes: Record<string, number>;
}

export interface DeployHash {
  manifest: DeployManifest;
  /** Bytes of the deploy request's body: `{"files":{path:hash,...}}`. */
  requestBytes: number;
  seconds: number;
  largestFolder: { dir: string; entries: number };
  largestFile: { path: string; bytes: number };
}

/** Whether a file is one netlify-cli's deploy leaves out (as its getDeployFilesFilter, for a folder that is not the project). */
const leftOut = (name: string) =>
  (name.startsWith('.') && name !== '.well-known') ||
  name.startsWith('__MACOSX') ||
  name === '_redirects' ||
  name === '_headers';

interface WalkedFile {
  normalizedPath: string;
  hash: string;
  stat: { size: number };
}

/** Hashes a built folder as `netlify deploy --dir DIR` does (100 files at once, its default). */
export async function hashDeploy(dir: string): Promise<DeployHash> {
  const root = path.resolve(dir);
  const started = performance.now();
  const { files, filesShaMap } = (await hashFiles({
    directories: [root],
    filter: (name: string | null) => name !== null && (name === root || !leftOut(path.basename(name))),
    concurrentHash: 100,
    hashAlgorithm: 'sha1',
    statusCb: () => {},
  })) as { files: Record<string, string>; filesShaMap: Record<string, WalkedFile[]> };
  const seconds = (performance.now() - started) / 1000;
  const sizes: Record<string, number> = {};
  let largestFile = { path: '', bytes: 0 };
  for (const [hash, walked] of Object.entries(filesShaMap)) {
    sizes[hash] = walked[0].stat.size;
    if (walked[0].stat.size > largestFile.bytes)
      largestFile = { path: walked[0].normalizedPath, bytes: walked[0].stat.size };
  }
  // A folder's entries: its files, and the folders in it.
  const entries = new Map<string, Set<string>>();
  for (const file of Object.keys(files))
    for (
      let child = file, parent = path.posix.dirname(file);
      child !== parent && child !== '/';
      child = parent, parent = path.posix.dirname(parent)
    )
      (entries.get(parent) ?? entries.set(parent, new Set()).get(parent)!).add(child);
  let largestFolder = { dir: '', entries: 0 };
  for (const [folder, held] of entries)
    if (held.size > largestFolder.entries) largestFolder = { dir: folder, entries: held.size };
  return {
    manifest: { files, sizes },
    requestBytes: Buffer.byteLength(JSON.stringify({ files })),
    seconds,
    largestFolder,
    largestFile,
  };
}

/** What a deploy of `now` uploads after a deploy of `before`: each hash Netlify has not seen, once. */
export function deployUpload(
  before: DeployManifest,
  now: DeployManifest,
): { files: number; bytes: number; changedPaths: number } {
  const had = new Set(Object.values(before.files));
  const needed = new Set(Object.values(now.files).filter((hash) => !had.has(hash)));
  const changedPaths =
    Object.entries(now.files).filter(([file, hash]) => before.files[file] !== hash).length +
    Object.keys(before.files).filter((file) => !(file in now.files)).length;
  return { files: needed.size, bytes: [...needed].reduce((n, hash) => n + now.sizes[hash], 0), changedPaths };
}

export const readManifest = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as DeployManifest;
export const saveManifest = (file: string, manifest: DeployManifest) => writeFileSync(file, JSON.stringify(manifest));
