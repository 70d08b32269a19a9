// A build's output folder is either complete or absent, never half-written: the site is built
// into a fresh sibling folder, a completion marker is written into it last, and only then is it
// swapped in for the old one. A killed build (out of memory, Ctrl-C) leaves only its own
// temporary folder, which the next build clears away.
import { BUILD_CODE, NOT_BUILD_CODE } from './code.ts';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { contentInputs, contentInputsOffThread, listContent, type ContentInputs, type FileStat } from './inputs.ts';
import { realFolder, stateFolder } from '../shared/build-folders.ts';
import type { ContentSettings } from './settings.ts';

export { realFolder, stateFolder };
import type { FileList } from '../shared/file-list.ts';
import { isAlive } from '../shared/processes.ts';

/** Written last into a finished build; a folder without it is not a build. */
export const MARKER = 'build-complete.json';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The code a build's output depends on, besides the content (see code.ts). */
const CODE = [...BUILD_CODE, 'public/**/*', 'astro.config.mjs', 'package.json', 'package-lock.json'];

/** What a build's marker says it was made from (see src/pipeline/inputs.ts for the content's part). */
export interface BuildInputs extends ContentInputs {
  /** Digest of the code's and the content's digests: equal only for a build of exactly these inputs. */
  fingerprint: string;
  /** Names the store, whose saved state (see stateFolder) names it too. */
  store?: string;
}

/**
 * Where a build over a previous one links the previous build's store files while Astro builds the
 * pages (see src/pipeline/reuse.ts): beside the build's folder, and removed with it if the build fails.
 */
export function linkFolder(dir: string): string {
  return `${realFolder(dir)}-linked`;
}

/**
 * Digest of the code files a build depends on: each one's path and bytes. Bytes, not times (as
 * the content's part takes, for millions of files): a checkout, a stash or a copy that leaves the
 * code as it was leaves its digest too, and with it the build and the pages kept for it. Some
 * 1.5 MB, read in a few milliseconds.
 */
export function codeFingerprint(root: string = ROOT): string {
  const hash = createHash('sha256');
  for (const file of fg.sync(CODE, { cwd: root, onlyFiles: true, ignore: NOT_BUILD_CODE }).sort()) {
    const bytes = readFileSync(path.join(root, file));
    hash.update(`code\t${file}\t${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * Where the pages Astro made for the code of digest `code` are kept (see
 * src/astro/pages-cache.ts): under the settings' pagesCacheDir (PAGES_CACHE_DIR), by default the
 * project's node_modules/.cache, which goes with the installed packages the pages are made from.
 */
export function pagesEntry(code: string, pagesCacheDir: string): string {
  return path.join(pagesCacheDir, code);
}

/**
 * Where Node keeps the compiled code of the processes and threads a build starts (its store step
 * or Astro, the scanners, the writer): they load the same modules build after build, and Node
 * checks each entry against its source. NODE_COMPILE_CACHE, when set, is kept (and
 * NODE_DISABLE_COMPILE_CACHE turns the cache off).
 */
export const COMPILE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'node-compile-cache');

/** `env` with Node's compile cache named, where it names none of its own. */
export const withCompileCache = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE || COMPILE_CACHE,
});

/** PAGES_CACHE_DIR as the build commands' usage texts describe it, its text from `column`. */
export function pagesCacheEnv(column: number): string {
  const indent = ' '.repeat(column);
  return `  PAGES_CACHE_DIR\n${indent}where the pages Astro made are kept, a folder for each version of the code\n${indent}(default node_modules/.cache/boxing-pages); an empty folder makes Astro run`;
}

/** The marker's inputs: the content's (taken by the store's build) under one digest with the code's. */
export function markerInputs(code: string, content: ContentInputs): BuildInputs {
  return {
    ...content,
    fingerprint: createHash('sha256').update(`code\t${code}\ncontent\t${content.fingerprint}\n`).digest('hex'),
  };
}

/** The content folder, from the project as npm runs the commands. */
const contentFolder = (content: ContentSettings) => path.resolve(ROOT, content.contentDir);

/** What a build of `content` would be made from now. */
export function buildInputs(content: ContentSettings): BuildInputs {
  return listedBuildInputs(content).inputs;
}

/** buildInputs, with the listing of the content it was made from. */
export function listedBuildInputs(content: ContentSettings): { inputs: BuildInputs; listing: FileList } {
  const listing = listContent(contentFolder(content));
  return { inputs: buildInputsOf(content, listing), listing };
}

/**
 * What a build would be made from, given a listing of the content and the files changed since
 * (see contentInputs): a live preview's, which follows every change, in a second at a million
 * files rather than the tens of seconds a listing takes.
 */
export function buildInputsOf(
  content: ContentSettings,
  listing: FileList,
  changed?: ReadonlyMap<string, FileStat | null>,
): BuildInputs {
  return markerInputs(codeFingerprint(), contentInputs(contentFolder(content), content.asOfDay, listing, changed));
}

/**
 * buildInputs with the content listed and digested on another thread: the caller's thread stays
 * free to answer requests (the code's few files are digested on it).
 */
export async function buildInputsOffThread(content: ContentSettings): Promise<BuildInputs> {
  return markerInputs(codeFingerprint(), await contentInputsOffThread(contentFolder(content), content.asOfDay));
}

/**
 * What would stop a build into `out` of `contentDir` before it starts, in one line, or null: an
 * output folder that holds the project, the current folder or the content, which the build would
 * replace whole (a bad setting is refused as the settings are made). `outOption` names `out` in
 * the message.
 */
export function buildProblem(out: string, outOption: string, contentDir: string): string | null {
  // By real paths: a link to the project or the content is the project or the content.
  let target: string;
  try {
    target = realFolder(out);
  } catch (e) {
    return `${outOption} ${out} cannot be a build's folder: ${(e as Error).message}`;
  }
  const holds = (dir: string) => {
    const inside = path.relative(target, dir);
    return inside === '' || (inside.split(path.sep)[0] !== '..' && !path.isAbsolute(inside));
  };
  const places = [
    ['the project', ROOT],
    ['the current folder', process.cwd()],
    ['the content', contentDir],
  ] as const;
  const held = places.map(([what, dir]) => [what, realFolder(dir)] as const).find(([, dir]) => holds(dir));
  return held ? `${outOption} ${out} would replace ${held[0]} (${held[1]}): name a folder of its own` : null;
}

/** The marker of a complete build in `dir`, or null when the folder is missing or unfinished. */
export function readMarker(dir: string): BuildInputs | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, MARKER), 'utf8')) as BuildInputs;
  } catch {
    return null;
  }
}

/** True when `dir` holds a complete build of exactly these inputs. */
export function isCurrent(dir: string, inputs: BuildInputs): boolean {
  return readMarker(dir)?.fingerprint === inputs.fingerprint;
}

export function writeMarker(dir: string, inputs: BuildInputs): void {
  writeFileSync(path.join(dir, MARKER), `${JSON.stringify(inputs, null, 2)}\n`);
}

/** The temporary folder a build by this process writes, next to the output so a rename can move it. */
export function tempFolder(out: string): string {
  return `${path.resolve(out)}.tmp-${process.pid}`;
}

/**
 * Removes the temporary and set-aside folders of builds whose process is gone (killed midway, or
 * finished while its old build was still being removed). Each is renamed aside at once and
 * removed in the background: a build that follows another straight away must not wait for the
 * old one's millions of files. The new name carries this build's process id, so a removal that
 * does not finish is taken up by a later build (an earlier remover still at work on the old name
 * stops at the rename; this one carries on).
 */
export function clearStale(out: string): void {
  const resolved = path.resolve(out);
  const parent = path.dirname(resolved);
  const base = path.basename(resolved);
  if (!existsSync(parent)) return;
  let cleared = 0;
  for (const name of readdirSync(parent)) {
    // A build's own folder, or its state's (named after it, see stateFolder).
    const own = name.startsWith(`.${base}.`) && name.endsWith('.state') ? name.slice(1) : name;
    const kind = ['.tmp-', '.old-'].find((k) => own.startsWith(base + k));
    if (!kind) continue;
    const pid = Number.parseInt(own.slice(base.length + kind.length), 10);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    const aside = path.join(parent, `${base}.old-${process.pid}-cleared-${cleared++}`);
    try {
      renameSync(path.join(parent, name), aside);
    } catch (e) {
      // Another build took it first.
      if (code(e) === 'ENOENT') continue;
      throw e;
    }
    removeInBackground(aside);
  }
}

const code = (e: unknown) => (e as NodeJS.ErrnoException).code;

/**
 * Puts the finished build `fresh` in place of `out`. Linux cannot rename a folder over a
 * non-empty one, so the old build is renamed aside first and the new one renamed in straight
 * after: each step is atomic, and readers never see a mixture or a partial folder.
 */
export function swapIn(fresh: string, out: string): void {
  swapFolder(fresh, out);
  // The state goes with its build; a state that names another store is never used, so a gap here is safe.
  if (existsSync(stateFolder(fresh))) {
    rmSync(stateFolder(out), { recursive: true, force: true });
    renameSync(stateFolder(fresh), stateFolder(out));
  }
}

function swapFolder(fresh: string, out: string): void {
  const target = path.resolve(out);
  const aside: string[] = [];
  for (let attempt = 0; ; attempt++) {
    const old = `${target}.old-${process.pid}-${attempt}`;
    try {
      renameSync(target, old);
      aside.push(old);
    } catch (e) {
      if (code(e) !== 'ENOENT') throw e;
    }
    try {
      renameSync(fresh, target);
      break;
    } catch (e) {
      // Another build swapped its output in between our two renames: set that aside too.
      if ((code(e) === 'ENOTEMPTY' || code(e) === 'EEXIST') && attempt < 5) continue;
      if (aside.length > 0 && !existsSync(target)) renameSync(aside.pop()!, target);
      throw e;
    }
  }
  for (const old of aside) removeInBackground(old);
}

/**
 * Removes a folder from a process of its own that outlives this one: an old build of a million
 * records is two million files, and the new build is already in place. A folder it leaves (the
 * machine stopped) is cleared by the next build (see clearStale).
 */
function removeInBackground(folder: string): void {
  const child = spawn(
    process.execPath,
    ['-e', `require('node:fs').rmSync(${JSON.stringify(folder)}, { recursive: true, force: true })`],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  child.unref();
}
