// Name search lists. A needle of up to SHORT_NEEDLE characters is itself a gram: the fighters
// whose search text holds it are listed exactly, in parts, for everyone and per division, so a
// page and the count are read without scanning. A longer needle reads the candidates holding its
// first LONG_GRAM characters, each with its search text, and checks them.
//
// Every fighter holds dozens of grams, so the pairs are not kept in memory: each (gram, fighter)
// goes to one of the grams' shard buckets (the same shards their files use), and each bucket is
// then grouped on its own. Fighters are taken in name order, so every list comes out in it.
import type { Division } from '../../records/schemas.ts';
import { LONG_GRAM, PART_SIZE, SHORT_NEEDLE, candidateLine, listText, paths, shardOf, withHeader } from '../layout.ts';
import type { Unit } from './lists.ts';
import type { FighterSource } from './source.ts';

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

/** A character outside the Basic Multilingual Plane is two code units: grams count characters. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** Where (gram, rank) pairs wait, by bucket: in memory, or in files for data of any size. */
export interface GramBuckets {
  add(bucket: number, line: string): void;
  /** Every line added to the bucket, in the order added. */
  lines(bucket: number): string[];
  close(): void;
}

export function memoryBuckets(): GramBuckets {
  const buckets = new Map<number, string[]>();
  return {
    add: (bucket, line) => {
      const lines = buckets.get(bucket);
      if (lines) lines.push(line);
      else buckets.set(bucket, [line]);
    },
    lines: (bucket) => buckets.get(bucket) ?? [],
    close: () => buckets.clear(),
  };
}

const BUCKETS = 256;
const bucketOf = (gram: string) => parseInt(shardOf(gram), 16);

/** One bucket's pairs grouped: each gram's fighters' name ranks, in name order. */
function grouped(lines: string[], kind: 's' | 'c'): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const line of lines) {
    if (line[0] !== kind) continue;
    const tab = line.lastIndexOf('\t');
    const gram = line.slice(2, tab);
    const rank = Number(line.slice(tab + 1));
    const list = groups.get(gram);
    if (list) list.push(rank);
    else groups.set(gram, [rank]);
  }
  return groups;
}

/** The part files of one gram's list of fighter ids (for everyone, or one division). */
export function* searchPartUnits(gram: string, divisionId: string | null, ids: readonly string[]): Generator<Unit> {
  for (let k = 0; k * PART_SIZE < ids.length; k++)
    yield { path: paths.searchPart(gram, divisionId, k), body: () => withHeader({ total: ids.length }, ids.slice(k * PART_SIZE, (k + 1) * PART_SIZE)) };
}

/** Every search file. `buckets` holds the pairs while they are grouped. */
export function* searchUnits(fighters: FighterSource, divisions: readonly Division[], buckets: GramBuckets): Generator<Unit> {
  for (let rank = 0; rank < fighters.count; rank++) {
    const fields = fighters.searchFields(fighters.order[rank]);
    for (const gram of gramsOf(fields, 1, SHORT_NEEDLE)) buckets.add(bucketOf(gram), `s\t${gram}\t${rank}`);
    for (const gram of gramsOf(fields, LONG_GRAM, LONG_GRAM)) buckets.add(bucketOf(gram), `c\t${gram}\t${rank}`);
  }
  const slotAt = (rank: number) => fighters.order[rank];
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    const lines = buckets.lines(bucket);
    for (const [gram, ranks] of grouped(lines, 's')) {
      yield* searchPartUnits(gram, null, ranks.map((r) => fighters.id(slotAt(r))));
      const byDivision = new Map<number, string[]>();
      for (const r of ranks) {
        const d = fighters.division(slotAt(r));
        const ids = byDivision.get(d);
        if (ids) ids.push(fighters.id(slotAt(r)));
        else byDivision.set(d, [fighters.id(slotAt(r))]);
      }
      for (const [d, ids] of byDivision) yield* searchPartUnits(gram, divisions[d].id, ids);
    }
    for (const [gram, ranks] of grouped(lines, 'c'))
      yield {
        path: paths.searchCandidates(gram),
        body: () =>
          listText(ranks.map((r) => {
            const slot = slotAt(r);
            return candidateLine(fighters.id(slot), divisions[fighters.division(slot)].id, fighters.searchFields(slot));
          })),
      };
  }
  buckets.close();
}
