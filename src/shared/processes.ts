// Whether a process still runs, for the folders and locks a process leaves behind when killed.

/** True while process `pid` exists (another user's too: it cannot be signalled, but it is there). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
