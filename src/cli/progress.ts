// Progress for a command: the console reporter (src/progress/console.ts) on standard error, with
// a bad PROGRESS_INTERVAL refused as every script refuses bad input, before any work is done; and
// the build commands' variables as their usage texts describe them.
import { consoleProgress, plainEveryMs, type ConsoleProgress } from '../progress/console.ts';
import { EXPORT_PART_BYTES } from '../store/exports/format.ts';
import { refuse } from './args.ts';

/** The variable in a command's --help, its text starting at `column` as the usage's other entries do. */
export function progressEnv(column: number): string {
  const name = '  PROGRESS_INTERVAL';
  const indent = ' '.repeat(column);
  const start = name.length < column ? name.padEnd(column) : `${name}\n${indent}`;
  return `${start}seconds between progress lines when standard error is not a\n${indent}terminal (a log, a pipe, CI); default 5`;
}

/** EXPORT_PART_BYTES in a build command's --help, its text starting at `column` as the usage's other entries do. */
export function exportPartEnv(column: number): string {
  const indent = ' '.repeat(column);
  return `  EXPORT_PART_BYTES\n${indent}the most NDJSON bytes an export part holds, before compression\n${indent}(default ${EXPORT_PART_BYTES}, ${EXPORT_PART_BYTES / 2 ** 20} MB; less cuts a small dataset into several parts)`;
}

/** BUILD_TIME as the build commands' usage texts describe it, its text from `column`. */
export function buildTimeEnv(column: number): string {
  const indent = ' '.repeat(column);
  return `  BUILD_TIME\n${indent}the time the changes feed records for the build, YYYY-MM-DDTHH:MM:SS in UTC\n${indent}(default: now)`;
}

/** Stops the process (exit code 2, with `usage`) when PROGRESS_INTERVAL cannot be used. */
export function checkProgressSetting(usage: string): void {
  try {
    plainEveryMs();
  } catch (e) {
    refuse(usage, (e as Error).message);
  }
}

export function commandProgress(usage: string): ConsoleProgress {
  checkProgressSetting(usage);
  return consoleProgress();
}
