// CPU seconds read from Linux's /proc, for the benchmarks that time processes other than their
// own thread: a process's own (utime + stime) and its reaped children's (cutime + cstime), at the
// kernel's usual 100 ticks a second.
import { readFileSync } from 'node:fs';

export interface ProcessCpu {
  own: number;
  children: number;
}

/** A process's CPU seconds ('self': this one), or null where there is no /proc (not Linux) or the process is gone. */
export function processCpu(pid: number | 'self'): ProcessCpu | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  return cpuOfStat(stat);
}

/** The CPU seconds of a /proc/<pid>/stat line. */
export function cpuOfStat(stat: string): ProcessCpu {
  // The command name is in parentheses and may hold any character: the fields follow the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const seconds = (a: number, b: number) => (Number(fields[a]) + Number(fields[b])) / 100;
  return { own: seconds(11, 12), children: seconds(13, 14) };
}
