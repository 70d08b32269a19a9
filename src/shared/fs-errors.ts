// What a failed file system call says, for code that only asks whether a file is there.

/** Whether an error says there is no such file: ENOENT, or ENOTDIR (a folder on the way is a file). */
export function isNoSuchFile(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
