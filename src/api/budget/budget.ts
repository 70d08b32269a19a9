// What a request may read from the store: each endpoint's budget is in its registry entry, beside
// the lists it reads (`budget`, `reads`), and every request, whatever its endpoint, reads at most
// MAX_READ_BYTES in all. The benchmark reports against it; a test holds every query of the mix to
// it (test/helpers/counting-store.ts counts the reads).

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
