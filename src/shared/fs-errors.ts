// What a failed file system call says, for code that only asks whether a file is there.
import { readFileSync } from 'node:fs';

/** Whether an error says there is no such file: ENOENT, or ENOTDIR (a folder on the way is a file). */
export function isNoSuchFile(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * A file's text, or null when there is no such file. Any other failure (a file that cannot be
 * read) throws: read as "none", it would make a store file from the rest of a pack without it.
 */
export function readTextIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if (isNoSuchFile(e)) return null;
    throw e;
  }
}
