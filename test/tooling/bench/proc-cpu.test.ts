// The benchmarks' CPU figures, read from /proc/<pid>/stat (scripts/bench/proc-cpu.ts).
import { expect, it } from 'vitest';
import { cpuOfStat, processCpu } from '../../../scripts/bench/proc-cpu.ts';

it('reads utime + stime and cutime + cstime, in ticks of a hundredth of a second, after a command name holding ") "', () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
  const stat = '4242 (odd) name) S 1 4242 4242 0 -1 4194304 10 20 0 0 150 50 1200 300 20 0 1 0';
  expect(cpuOfStat(stat)).toEqual({ own: 2, children: 15 });
});

// /proc is Linux's: elsewhere the benchmarks report no CPU figure, and this test does not run.
it.skipIf(process.platform !== 'linux')(
  'gives this process its own CPU, and nothing for a process that is not there',
  () => {
    expect(processCpu('self')!.own).toBeGreaterThan(0);
    expect(processCpu(2 ** 31 - 1)).toBeNull();
  },
);
