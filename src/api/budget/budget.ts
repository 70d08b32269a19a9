// What a request may read from the store: each endpoint's budget is in its registry entry, beside
// the lists it reads (`budget`, `reads`), and every request, whatever its endpoint, reads at most
// MAX_READ_BYTES in all. The benchmark reports against it; a test holds every query of the mix
// (mix.ts) to it, counted by counting-store.ts.
import type { ReadStats } from './counting-store.ts';

/** Files a request reads, in at most so many sequential rounds (reads that wait for another). */
export interface ReadBudget {
  reads: number;
  rounds: number;
  /** Bytes in all, MAX_READ_BYTES unless said (an export part is a file read whole). */
  bytes?: number;
}

/** One file: a small resource's whole list, a list's head, a rankings page. */
export const ONE_READ: ReadBudget = { reads: 1, rounds: 1 };
/** A list's index (or a head, or a search's head) and the packs it names: get-one, every other list request, a name search, a cursor step. */
export const TWO_ROUNDS: ReadBudget = { reads: 4, rounds: 2 };

/** The most a request reads from the store, in all. */
export const MAX_READ_BYTES = 1 << 20;

/** Why a request's reads break a budget, or null. */
export function overBudget(budget: ReadBudget, stats: ReadStats): string | null {
  if (stats.repeated.length > 0) return `read ${stats.repeated.join(', ')} twice`;
  if (stats.reads > budget.reads || stats.rounds > budget.rounds)
    return `${stats.reads} reads in ${stats.rounds} rounds (budget: ${budget.reads} reads, ${budget.rounds} rounds)`;
  const bytes = budget.bytes ?? MAX_READ_BYTES;
  if (stats.bytes > bytes) return `${stats.bytes} bytes read (budget: ${bytes})`;
  return null;
}

/** A budget as the benchmark's table shows it: reads / rounds. */
export const budgetLabel = (budget: ReadBudget) => `${budget.reads} / ${budget.rounds}`;
