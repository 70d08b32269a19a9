// Where a build's folders are, beside the folder it builds into: its saved state (which the build
// command, the live preview and Netlify's build cache all find so), named after the real folder a
// link may stand for.
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isNoSuchFile } from './fs-errors.ts';

/**
 * Where a build's state is saved (the catalog of its content, see src/pipeline/state.ts): beside the
 * build's folder, never in it, since everything in it is deployed.
 */
export function stateFolder(dir: string): string {
  const resolved = realFolder(dir);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.state`);
}

/**
 * A folder by its real path: every symbolic link on the way resolved (a link to a folder not
 * made yet stands for that folder), the part that does not exist yet kept as it is. A build's
 * output folder is given to Astro so: its prerendering imports the project's packages from the
 * folder it builds into, and Node looks for them from the real path, so a folder inside the
 * project that links elsewhere (dist/ on a larger disk) would build as if in the project and then
 * find none of them. What sits beside a build (its state) is found by the same path.
 */
export function realFolder(dir: string): string {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; ) {
    try {
      return path.join(realpathSync(at), ...missing);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const target = linkTarget(at);
    if (target !== null) at = path.resolve(path.dirname(at), target);
    else if (path.dirname(at) === at) return path.join(at, ...missing);
    else {
      missing.unshift(path.basename(at));
      at = path.dirname(at);
    }
  }
}

/** Where a symbolic link points, or null when `file` is no link (or is not there). */
function linkTarget(file: string): string | null {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : null;
  } catch (e) {
    if (isNoSuchFile(e)) return null;
    throw e;
  }
}
