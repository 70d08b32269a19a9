// A store that counts what a request reads: how many files, in how many sequential rounds, how
// many bytes, and whether any path is read twice. Reads complete on a later turn of the event
// loop, as network reads do, so reads issued together share a round; a read issued after another
// completed is counted in the round after it. The budget test and the benchmark hold each query
// of the mix to its endpoint's budget with these counts.
import { MAX_READ_BYTES, type ReadBudget } from '../../src/api/budget/budget.ts';
import type { Store } from '../../src/store/store.ts';

export interface ReadStats {
  reads: number;
  rounds: number;
  bytes: number;
  /** Paths read more than once. */
  repeated: string[];
  paths: string[];
}

export function countingStore(inner: Store) {
  let paths: string[] = [];
  let bytes = 0;
  let rounds = 0;
  let completed = 0;
  const counted =
    <T extends { length: number }>(read: (path: string) => Promise<T | null>) =>
    async (path: string): Promise<T | null> => {
      const round = completed + 1;
      rounds = Math.max(rounds, round);
      paths.push(path);
      const file = await read(path);
      await new Promise((resolve) => setImmediate(resolve));
      completed = Math.max(completed, round);
      bytes += file?.length ?? 0;
      return file;
    };
  const store: Store = {
    read: counted((path) => inner.read(path)),
    readBytes: counted((path) => inner.readBytes(path)),
  };
  return {
    store,
    /** The counts since the last call, then starts counting afresh. */
    take(): ReadStats {
      const seen = new Set<string>();
      const repeated = paths.filter((p) => (seen.has(p) ? true : (seen.add(p), false)));
      const stats = { reads: paths.length, rounds, bytes, repeated, paths };
      paths = [];
      bytes = 0;
      rounds = 0;
      completed = 0;
      return stats;
    },
  };
}

/** Why a request's reads break a budget, or null. */
export function overBudget(budget: ReadBudget, stats: ReadStats): string | null {
  if (stats.repeated.length > 0) return `read ${stats.repeated.join(', ')} twice`;
  if (stats.reads > budget.reads || stats.rounds > budget.rounds)
    return `${stats.reads} reads in ${stats.rounds} rounds (budget: ${budget.reads} reads, ${budget.rounds} rounds)`;
  const bytes = budget.bytes ?? MAX_READ_BYTES;
  if (stats.bytes > bytes) return `${stats.bytes} bytes read (budget: ${bytes})`;
  return null;
}
