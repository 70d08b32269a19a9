// Generated datasets a fraction of the shipped one's size, for tests that build them again and again.
import { spawnSync } from 'node:child_process';

/** The generator's dataset of `fights` fights and `fighters` fighters (the other collections as shipped), written to `dir`. */
export function writeDataset(dir: string, size: { fights: number; fighters: number }): string {
  const r = spawnSync(
    process.execPath,
    ['scripts/generate.ts', '--fights', String(size.fights), '--fighters', String(size.fighters), '--out', dir],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`the generator failed:\n${r.stderr}`);
  return dir;
}

/**
 * The generator's dataset at 2,100 fights and 200 fighters (the shipped content has 3,000 and
 * 1,500; the other collections are as shipped), written to `dir`. Its store has the shipped one's
 * shapes: the fights' list in three parts of a thousand, pages and chunks, export parts, and
 * longer fighters' lists; in a third of the files (most of a store's files are the fighters').
 * Its last fight is fight-002100.
 */
export function writeSmallDataset(dir: string): string {
  return writeDataset(dir, { fights: 2100, fighters: 200 });
}
