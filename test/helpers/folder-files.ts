// Two built folders compared file for file, as the tests that hold a build to another (taken from
// a previous build, updated in place, made without Astro) compare them: every path under each, and
// every file's bytes. A file is read only when both have it, one pair at a time:
// a store is tens of thousands of files, never held in memory at once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Comparison {
  /** Only what is under this folder of each (e.g. 'store'); by default everything. */
  under?: string;
  /** Folders count too: a folder one has and the other has not (left empty, say) is a difference. */
  folders?: boolean;
  /** Paths whose bytes may differ (both must still have them). */
  bytesMayDiffer?: string[];
  /** Folders left out (their paths from the root, e.g. 'store/changes': the changes feed's history, which a build from nothing begins afresh). */
  apart?: string[];
}

/** The changes feed's history: a build over a previous one continues it, a build from nothing begins it, so comparisons of the two leave it apart. */
export const HISTORY = 'store/changes';

/**
 * Every entry under `root` (or its folder `under`), by its path from `root` with '/' between names:
 * true for a folder. Walked with names joined here, not path.join and path.relative per entry:
 * a store is tens of thousands of entries, and those calls were most of a comparison's time.
 */
function entries(root: string, under: string | undefined): Map<string, boolean> {
  const found = new Map<string, boolean>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = prefix + entry.name;
      const folder = entry.isDirectory();
      found.set(name, folder);
      if (folder) walk(`${dir}/${entry.name}`, `${name}/`);
    }
  };
  const from = under === undefined ? '' : under.split(path.sep).join('/');
  walk(from === '' ? root : path.join(root, from), from === '' ? '' : `${from}/`);
  return found;
}

/** The paths that one folder has and the other has not, or whose bytes differ; in order, none when the two are the same. */
export function differingFiles(a: string, b: string, options: Comparison = {}): string[] {
  const [inA, inB] = [entries(a, options.under), entries(b, options.under)];
  const mayDiffer = new Set(options.bytesMayDiffer);
  const differing: string[] = [];
  const apart = (name: string) =>
    options.apart?.some((folder) => name === folder || name.startsWith(`${folder}/`)) ?? false;
  for (const name of [...new Set([...inA.keys(), ...inB.keys()])].sort()) {
    if (apart(name)) continue;
    const [folderA, folderB] = [inA.get(name), inB.get(name)];
    if (folderA === undefined || folderB === undefined) {
      if (options.folders || !(folderA ?? folderB)) differing.push(name);
    } else if (folderA !== folderB) differing.push(name);
    else if (!folderA && !mayDiffer.has(name) && !sameBytes(path.join(a, name), path.join(b, name)))
      differing.push(name);
  }
  return differing;
}

/** Read whole, without a size compared first: store files are small, and two reads cost less than two stats and two reads. */
function sameBytes(a: string, b: string): boolean {
  return readFileSync(a).equals(readFileSync(b));
}

/**
 * What a folder holds, to be compared later with what it holds then: every path under it (or its
 * folder `under`) with its size and modification time, which any write changes.
 */
export function folderState(root: string, under?: string): Map<string, string> {
  const state = new Map<string, string>();
  for (const [name, folder] of entries(root, under)) {
    const { size, mtimeMs } = statSync(path.join(root, name));
    state.set(name, folder ? 'folder' : `${size} ${mtimeMs}`);
  }
  return state;
}
