// Name search lists. A needle of up to SHORT_NEEDLE characters is itself a gram: the fighters
// whose search text holds it are listed exactly, in parts, for everyone and per division, so a
// page and the count are read without scanning. A longer needle reads the candidates holding its
// first LONG_GRAM characters, each with its search text, and checks them.
//
// Every fighter holds dozens of grams, so the pairs are not kept in memory: each (gram, fighter)
// goes, as two numbers, to one of the grams' shard buckets (the same shards their files use), and
// each bucket is then grouped on its own; each distinct gram's text is kept once. Fighters are
// taken in name order, so every list comes out in it.
import type { Division } from '../../records/schemas.ts';
import { LONG_GRAM, PART_SIZE, SHARDS, SHORT_NEEDLE, candidateLine, fileCount, listText, paths, shardNumberOf, spanOf, splitHeader, withHeader } from '../layout.ts';
import type { Unit } from './lists.ts';
import type { FighterSource, StoreSource } from './source.ts';

/** A character outside the Basic Multilingual Plane is two code units: grams count characters. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** The distinct substrings of `min`..`max` characters of each field (none spans two fields). */
export function gramsOf(fields: readonly string[], min: number, max: number): Set<string> {
  const grams = new Set<string>();
  for (const field of fields) {
    if (!SURROGATE.test(field)) {
      // Every character one code unit (nearly every name): slices of the text itself, with none
      // of the arrays the general case makes for each of a fighter's dozens of grams.
      for (let n = min; n <= max; n++) for (let i = 0; i + n <= field.length; i++) grams.add(field.slice(i, i + n));
      continue;
    }
    const chars = Array.from(field);
    for (let n = min; n <= max; n++)
      for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  }
  return grams;
}

/**
 * Where (gram, rank) pairs wait, by bucket: in memory, or in files for data of any size. A pair
 * is two numbers, the gram's number (given by searchUnits, in the order grams are first met) and
 * the fighter's rank in name order: nothing to format, encode, split or parse again.
 */
export interface GramBuckets {
  add(bucket: number, gram: number, rank: number): void;
  /** Every pair added to the bucket, in the order added: gram, rank, gram, rank, ... */
  pairs(bucket: number): Uint32Array;
  close(): void;
}

export function memoryBuckets(): GramBuckets {
  const buckets = new Map<number, number[]>();
  return {
    add: (bucket, gram, rank) => {
      const pairs = buckets.get(bucket);
      if (pairs) pairs.push(gram, rank);
      else buckets.set(bucket, [gram, rank]);
    },
    pairs: (bucket) => Uint32Array.from(buckets.get(bucket) ?? []),
    close: () => buckets.clear(),
  };
}

// A gram's length says which lists it is in: a text both kinds could hold would be numbered once.
if (SHORT_NEEDLE >= LONG_GRAM) throw new Error('the exact lists\' grams must be shorter than the candidates\'');

/** One bucket's pairs grouped: each gram's fighters' name ranks, in name order, the grams in the order first added. */
function grouped(pairs: Uint32Array): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < pairs.length; i += 2) {
    const list = groups.get(pairs[i]);
    if (list) list.push(pairs[i + 1]);
    else groups.set(pairs[i], [pairs[i + 1]]);
  }
  return groups;
}

/** The part files of one gram's list of fighter ids (for everyone, or one division). */
export function* searchPartUnits(gram: string, divisionId: string | null, ids: readonly string[]): Generator<Unit> {
  for (let k = 0; k < fileCount(ids.length, PART_SIZE); k++)
    yield { path: paths.searchPart(gram, divisionId, k), body: () => withHeader({ total: ids.length }, ids.slice(...spanOf(ids.length, k, PART_SIZE))) };
}

/** Every search file. `buckets` holds the pairs while they are grouped. */
export function* searchUnits(fighters: FighterSource, divisions: readonly Division[], buckets: GramBuckets): Generator<Unit> {
  // Each gram's number, its text, its bucket, and whether it is a candidates gram (LONG_GRAM
  // characters; the exact lists' grams are shorter, so no text is both: see the check above).
  const numbers = new Map<string, number>();
  const grams: string[] = [];
  const gramBucket: number[] = [];
  const long: boolean[] = [];
  const add = (gram: string, isLong: boolean, rank: number) => {
    let n = numbers.get(gram);
    if (n === undefined) {
      n = grams.length;
      numbers.set(gram, n);
      grams.push(gram);
      gramBucket.push(shardNumberOf(gram));
      long.push(isLong);
    }
    buckets.add(gramBucket[n], n, rank);
  };
  for (let rank = 0; rank < fighters.count; rank++) {
    const fields = fighters.searchFields(fighters.order[rank]);
    for (const gram of gramsOf(fields, 1, SHORT_NEEDLE)) add(gram, false, rank);
    for (const gram of gramsOf(fields, LONG_GRAM, LONG_GRAM)) add(gram, true, rank);
  }
  numbers.clear();
  gramBucket.length = 0;
  const slotAt = (rank: number) => fighters.order[rank];
  // Each fighter's id is in dozens of lists: decoded once from the source's packed column, then
  // kept by rank until the lists are made (some 40 bytes a fighter).
  const ids: string[] = new Array(fighters.count);
  const idAt = (rank: number) => (ids[rank] ??= fighters.id(slotAt(rank)));
  for (let bucket = 0; bucket < SHARDS; bucket++) {
    const groups = grouped(buckets.pairs(bucket));
    // A bucket's exact lists first, then its candidates.
    for (const [n, ranks] of groups) {
      if (long[n]) continue;
      yield* searchPartUnits(grams[n], null, ranks.map(idAt));
      const byDivision = new Map<number, string[]>();
      for (const r of ranks) {
        const d = fighters.division(slotAt(r));
        const list = byDivision.get(d);
        if (list) list.push(idAt(r));
        else byDivision.set(d, [idAt(r)]);
      }
      for (const [d, list] of byDivision) yield* searchPartUnits(grams[n], divisions[d].id, list);
    }
    for (const [n, ranks] of groups) {
      if (!long[n]) continue;
      yield {
        path: paths.searchCandidates(grams[n]),
        body: () =>
          listText(ranks.map((r) => {
            const slot = slotAt(r);
            return candidateLine(idAt(r), divisions[fighters.division(slot)].id, fighters.searchFields(slot));
          })),
      };
    }
  }
  buckets.close();
}

/** What a change's search lists read of the store and the fighters as they were. */
export interface FightersBefore {
  read(path: string): string | null;
  /** A changed or removed fighter's division and search fields as they were. */
  fighter(slot: number): { divisionId: string; searchFields: readonly string[] } | undefined;
  removedIds: { fighters: ReadonlyMap<number, string> };
}

/**
 * Search lists of every gram a changed fighter held or holds: made again from every fighter's
 * search fields (a scan of the keys, no file read), for everyone and for each division the
 * fighter was or is in; parts past a list's new end go. Lists of other grams do not change.
 */
export function searchChanges(source: StoreSource, before: FightersBefore, searchable: ReadonlySet<number>, removed: string[]): Unit[] {
  const { fighters, divisions } = source;
  const units: Unit[] = [];
  if (searchable.size === 0) return units;
  const short = new Map<string, Set<number>>();
  const long = new Set<string>();
  const note = (fields: readonly string[], division: number) => {
    for (const gram of gramsOf(fields, 1, SHORT_NEEDLE)) {
      const seen = short.get(gram);
      if (seen) seen.add(division);
      else short.set(gram, new Set([division]));
    }
    for (const gram of gramsOf(fields, LONG_GRAM, LONG_GRAM)) long.add(gram);
  };
  for (const slot of searchable) {
    const was = before.fighter(slot);
    if (was) note(was.searchFields, divisions.findIndex((d) => d.id === was.divisionId));
    if (!before.removedIds.fighters.has(slot)) note(fighters.searchFields(slot), fighters.division(slot));
  }
  // Every fighter holding each gram, in list order: one pass over the fighters for all the grams
  // (a fighter's fields are made once, not once per gram: a rename touches some sixty grams).
  const grams = [...short.keys(), ...long];
  const holding = new Map<string, number[]>(grams.map((g) => [g, []]));
  for (let i = 0; i < fighters.order.length; i++) {
    const slot = fighters.order[i];
    const fields = fighters.searchFields(slot);
    for (const gram of grams) if (fields.some((field) => field.includes(gram))) holding.get(gram)!.push(slot);
  }
  const holders = (gram: string) => holding.get(gram)!;
  // A short gram ("a") is held by most fighters, in several lists: each id is decoded once.
  const idCache: (string | undefined)[] = new Array(fighters.count);
  const idOf = (slot: number) => (idCache[slot] ??= fighters.id(slot));
  const oldTotal = (gram: string, divisionId: string | null) => {
    const text = before.read(paths.searchPart(gram, divisionId, 0));
    return text === null ? 0 : splitHeader(text).header.total;
  };
  const parts = (gram: string, divisionId: string | null, ids: string[]) => {
    units.push(...searchPartUnits(gram, divisionId, ids));
    for (let k = fileCount(ids.length, PART_SIZE); k < fileCount(oldTotal(gram, divisionId), PART_SIZE); k++) removed.push(paths.searchPart(gram, divisionId, k));
  };
  for (const [gram, inDivisions] of short) {
    const slots = holders(gram);
    parts(gram, null, slots.map(idOf));
    for (const d of inDivisions) parts(gram, divisions[d].id, slots.filter((s) => fighters.division(s) === d).map(idOf));
  }
  for (const gram of long) {
    const slots = holders(gram);
    if (slots.length === 0) removed.push(paths.searchCandidates(gram));
    else
      units.push({
        path: paths.searchCandidates(gram),
        body: () => listText(slots.map((s) => candidateLine(fighters.id(s), divisions[fighters.division(s)].id, fighters.searchFields(s)))),
      });
  }
  return units;
}
