// Astro's part of a build, the documentation pages and the renderer's bundle, follows from the
// code alone: no content, day or setting reaches it (the OpenAPI document, which follows the
// store, is written by the store step). So the pages Astro makes for one version of the code are
// kept, in a folder named after the code's digest, and a later build of the same code takes them
// from there instead of starting Astro, which costs some four seconds and a core of every build.
// Keeping them is a saving, never a condition: a build whose pages cannot be kept still succeeds.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Entries of other versions kept beside the newest: for a checkout switched back to one of them,
 * or another copy of the code sharing these packages.
 */
const KEPT_VERSIONS = 3;

/** An entry's name: a code digest (SHA-256 in hex). Nothing else in the folder is ever removed. */
const ENTRY_NAME = /^[0-9a-f]{64}$/;

/** Whether `entry` holds the pages of a build. */
export const hasPages = (entry: string): boolean => existsSync(entry);

/** Copies the pages kept in `entry` into the site folder `siteDir`. */
export function restorePages(entry: string, siteDir: string): void {
  cpSync(entry, siteDir, { recursive: true });
}

/**
 * Keeps the pages in `siteDir` (Astro's output, before the store step adds to it) as `entry`,
 * unless they are kept already. Written beside it and renamed into place, so that a build reading
 * the entry never finds it half-written, and two builds saving it at once both succeed. The
 * oldest entries of other code versions are removed.
 */
export function savePages(siteDir: string, entry: string): void {
  if (hasPages(entry)) return;
  const writing = `${entry}.tmp-${process.pid}`;
  mkdirSync(path.dirname(entry), { recursive: true });
  rmSync(writing, { recursive: true, force: true });
  try {
    cpSync(siteDir, writing, { recursive: true });
    renameSync(writing, entry);
  } catch (e) {
    rmSync(writing, { recursive: true, force: true });
    // Another build saved the same pages first.
    if (!hasPages(entry)) throw e;
  }
  removeOldVersions(entry);
}

/** Removes all but the newest few entries besides `entry`; one another build removes first is passed over. */
function removeOldVersions(entry: string): void {
  const root = path.dirname(entry);
  const others = readdirSync(root)
    .filter((name) => ENTRY_NAME.test(name) && name !== path.basename(entry))
    .map((name) => ({ name, at: statSync(path.join(root, name), { throwIfNoEntry: false })?.mtimeMs }))
    .filter((e): e is { name: string; at: number } => e.at !== undefined)
    .sort((a, b) => b.at - a.at);
  for (const { name } of others.slice(KEPT_VERSIONS)) rmSync(path.join(root, name), { recursive: true, force: true });
}
