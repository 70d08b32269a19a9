// A list whose entries are in the order of a key and cut into packs where their content says (see
// cuts.ts), after some entries were added, changed or taken away: each run of packs around the
// changes is read, the changes merged in, and cut again from the start of the pack before the
// first change (whose first entry, and so the cut before it, is as it was) until a pack ends where
// an unchanged pack began. Every other pack stays as it was. The same packs a cut of the whole
// list makes; the lists kept by id and the name search's carried list are cut again so.
import { PackCutter, type CutRule } from './cuts.ts';
import { lowerBound } from './list-index.ts';

/** A list cut into packs, as it was before a change, and how its entries are ordered and cut. */
export interface PackedList<K, E> {
  /** Each pack's first key, in order (a key before the first pack's falls in it). */
  firsts: readonly K[];
  /** The entries pack k held, in order. */
  entries(k: number): E[];
  keyOf(entry: E): K;
  compare(a: K, b: K): number;
  weight(entry: E): number;
  /** The entry's boundary hash (see cuts.ts). */
  hash(entry: E): number;
  /** Whether an entry must stay in the pack of the entry before it. */
  joined(before: E, entry: E): boolean;
  rule: CutRule;
}

/** An entry added or changed at its key, or taken away (null). */
export interface Change<K, E> {
  key: K;
  entry: E | null;
}

/** The list after the change, pack by pack in order: a pack kept as it was (its number), or made of these entries. */
export type RecutPack<E> = { kept: number } | { made: E[] };

/**
 * The packs of the list after `changes` (in key order, one per key), and the old packs that the
 * packs made take the place of (read, and cut again).
 */
export function recut<K, E>(
  list: PackedList<K, E>,
  changes: ReadonlyArray<Change<K, E>>,
): { packs: RecutPack<E>[]; replaced: number[] } {
  const replaced: number[] = [];
  const packs = [...recutPacks(list, changes, replaced)];
  return { packs, replaced };
}

/**
 * The same packs, each as soon as it is cut, so that a caller that makes each pack's file as it
 * comes holds one pack at a time; `replaced` gets each old pack as it is read.
 */
export function* recutPacks<K, E>(
  list: PackedList<K, E>,
  changes: ReadonlyArray<Change<K, E>>,
  replaced: number[],
): Generator<RecutPack<E>> {
  const { firsts } = list;
  // Packs cut or kept, in the list's order, not yet given to the caller.
  const packs: RecutPack<E>[] = [];
  /** The old pack a key falls in: the last that begins at or before it (the first, for a key before every pack). */
  const packOf = (key: K) => Math.max(0, lowerBound(firsts.length, (k) => list.compare(firsts[k], key) > 0) - 1);
  /** Whether a key lies before old pack k + 1's first key (in pack k, or before it). */
  const beforeNext = (key: K, k: number) => k + 1 >= firsts.length || list.compare(key, firsts[k + 1]) < 0;
  let k = 0;
  let c = 0;
  while (c < changes.length) {
    // Packs before the run stay as they were.
    const runStart = Math.max(k, packOf(changes[c].key) - 1);
    for (; k < runStart; k++) packs.push({ kept: k });
    const cutter = new PackCutter<E>(list.rule, (made) => packs.push({ made }));
    let last: E | undefined;
    const add = (entry: E) => {
      cutter.add(entry, list.weight(entry), list.hash(entry), last !== undefined && list.joined(last, entry));
      last = entry;
    };
    for (;;) {
      // Pack k's entries (none past the last pack), the changes that fall in it merged in.
      const old = k < firsts.length ? list.entries(k) : [];
      if (k < firsts.length) replaced.push(k);
      let o = 0;
      while (o < old.length || (c < changes.length && beforeNext(changes[c].key, k))) {
        const change = c < changes.length && beforeNext(changes[c].key, k) ? changes[c] : undefined;
        const order = change === undefined ? -1 : o >= old.length ? 1 : list.compare(list.keyOf(old[o]), change.key);
        if (order < 0) {
          add(old[o++]);
          yield* packs.splice(0);
          continue;
        }
        if (order === 0) o++;
        if (change!.entry !== null) add(change!.entry);
        yield* packs.splice(0);
        c++;
      }
      k++;
      if (k >= firsts.length) break;
      // The run ends where the next pack, which no change falls in, would begin a pack anyway.
      if (c >= changes.length || !beforeNext(changes[c].key, k)) {
        const upcoming = list.entries(k)[0];
        if (cutter.endsBefore(list.weight(upcoming), last !== undefined && list.joined(last, upcoming)) === 'before')
          break;
      }
    }
    cutter.end();
    yield* packs.splice(0);
  }
  for (; k < firsts.length; k++) yield { kept: k };
}
