// Where a list's packs end: where its content says, not at fixed positions. A pack ends after an
// entry whose id hashes so (a boundary), once the pack holds a minimum, or early where the next
// entry would take it past a maximum. Adding, removing or moving one entry then moves no boundary
// but those at the change: the packs before and after it keep their entries and their bytes, so
// an edit rewrites a pack or two, whatever its place in the list. The exports' parts are cut the
// same way (see exports/format.ts).
import { fnv1a, mix32 } from '../../shared/hash.ts';

/**
 * How a list's entries are cut into packs. Weights are what an entry holds: a record is 1, a list
 * read whole is its lines. A pack weighs `min` at least (but the list's last) and `max` at most (a
 * pack under `min` takes the next entry whatever it weighs, so a heavy list read whole can take one
 * past `max`); `spacing` is how many entries lie between two boundaries on average.
 */
export interface CutRule {
  min: number;
  spacing: number;
  max: number;
}

/** An entry's boundary hash: its id's FNV-1a hash (fnv1a in shared/hash.ts), mixed. */
export const boundaryHash = (idHash: number) => mix32(idHash);

/** Whether an entry of this boundary hash is a boundary: a pack ends after it once it weighs its minimum. */
export const isBoundary = (hash: number, rule: CutRule) => hash % rule.spacing === 0;

/**
 * Where a pack that reached its maximum without a boundary ends: after the entry of the lowest
 * rank among those past its minimum, a second hash of the entry's own. A pack cut at a fixed
 * weight would move every cut after it by what an edit added or took, up to the next boundary;
 * the entry of the lowest rank stays the same unless the edit takes it out of reach.
 */
export const fallbackRank = (hash: number) => mix32(hash ^ 0x9e3779b9);

/**
 * A list cut into packs as its entries come, in list order. A pack ends after a boundary once it
 * weighs its minimum; where the next entry would take it past its maximum, it ends after the entry
 * of the lowest fallback rank it holds past its minimum (the entries after that begin the next
 * pack). An entry `joined` to the one before never begins a pack (a list kept by id
 * never splits one hash). The same entries make the same packs, so a build from nothing and an
 * update agree.
 */
export class PackCutter<T> {
  private items: T[] = [];
  private weights: number[] = [];
  private hashes: number[] = [];
  private joins: boolean[] = [];
  private held = 0;
  private readonly rule: CutRule;
  private readonly emit: (pack: T[]) => void;

  constructor(rule: CutRule, emit: (pack: T[]) => void) {
    this.rule = rule;
    this.emit = emit;
  }

  /**
   * Where a pack would end were an entry of this weight added now: `before` it (the entries held
   * are a pack), `earlier` (after one of them: see fallbackRank), or `none`. Asks; changes nothing.
   */
  endsBefore(weight: number, joined: boolean): 'before' | 'earlier' | 'none' {
    const { rule, held } = this;
    const last = this.items.length - 1;
    if (last < 0 || joined) return 'none';
    if (held >= rule.min && isBoundary(this.hashes[last], rule)) return 'before';
    if (held >= rule.max || (held >= rule.min && held + weight > rule.max)) {
      const fallback = this.fallbackCut();
      return fallback >= 0 && fallback < last ? 'earlier' : 'before';
    }
    return 'none';
  }

  add(item: T, weight: number, hash: number, joined: boolean): void {
    const ends = this.endsBefore(weight, joined);
    if (ends === 'before') this.flush(this.items.length);
    else if (ends === 'earlier') {
      const cut = this.fallbackCut() + 1;
      const rest = {
        items: this.items.slice(cut),
        weights: this.weights.slice(cut),
        hashes: this.hashes.slice(cut),
        joins: this.joins.slice(cut),
      };
      this.flush(cut);
      // The entries past the cut begin the next pack, cut as any would be.
      rest.items.forEach((held, i) => this.add(held, rest.weights[i], rest.hashes[i], i > 0 && rest.joins[i]));
    }
    this.items.push(item);
    this.weights.push(weight);
    this.hashes.push(hash);
    this.joins.push(joined);
    this.held += weight;
  }

  /** Ends the list: the entries held are its last pack. */
  end(): void {
    if (this.items.length > 0) this.flush(this.items.length);
  }

  /** The entry a full pack ends after: of those past the minimum with no joined entry after them, the lowest fallback rank (the latest of equals); -1 if none. */
  private fallbackCut(): number {
    let weight = this.held;
    let best = -1;
    let bestRank = Infinity;
    for (let i = this.items.length - 1; i >= 0 && weight >= this.rule.min; i--) {
      const rank = fallbackRank(this.hashes[i]);
      if ((i + 1 === this.items.length || !this.joins[i + 1]) && rank < bestRank) [best, bestRank] = [i, rank];
      weight -= this.weights[i];
    }
    return best;
  }

  private flush(count: number): void {
    const pack = this.items.slice(0, count);
    this.items = [];
    this.weights = [];
    this.hashes = [];
    this.joins = [];
    this.held = 0;
    this.emit(pack);
  }
}

/** What a whole list's cut reads of its entries, by their index in the list. */
export interface CutEntries {
  count: number;
  weight(i: number): number;
  /** The entry's boundary hash (see boundaryHash). */
  hash(i: number): number;
  /** Whether entry i stays in entry i - 1's pack (see PackCutter). */
  joined?(i: number): boolean;
}

/** Where each pack of a list starts (see PackCutter): the index of its first entry, in order. */
export function packStarts(entries: CutEntries, rule: CutRule): number[] {
  const starts: number[] = [];
  const cutter = new PackCutter<number>(rule, (pack) => starts.push(pack[0]));
  for (let i = 0; i < entries.count; i++)
    cutter.add(i, entries.weight(i), entries.hash(i), i > 0 && (entries.joined?.(i) ?? false));
  cutter.end();
  return starts;
}

const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

/**
 * Names packs of a list in order: a pack is named for its first entry's id, and a name an earlier
 * pack of the list took is made again from the id and a count, so that within a list every name is
 * new. The same list's packs get the same names.
 */
export function packNamer(): (firstId: string) => string {
  const taken = new Set<string>();
  return (firstId) => {
    let name = hex8(boundaryHash(fnv1a(firstId, 0x9e3779b9)));
    for (let n = 1; taken.has(name); n++) name = hex8(boundaryHash(fnv1a(`${firstId}#${n}`, 0x9e3779b9)));
    taken.add(name);
    return name;
  };
}

/** A list kept by id names each pack by its first entry's hash (see joined): unique within the list. */
export const hashName = (hash: number) => hex8(hash);
