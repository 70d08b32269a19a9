// The name search's files (see format.ts): every gram's head, and the carried list of the rarer
// grams' fighters and of the split grams' longer grams.
//
// Fighters are taken in name order, from the keys alone: first to count each short gram's
// fighters (for everyone and each division), which decides where each gram is read from; then to
// count the dense grams' fighters in each pack of the fighters' lists, and to file each (gram,
// fighter) pair of the carried grams as two numbers in the grams' buckets; then, a character
// longer at a time, to count and file the grams that extend a split one. Each bucket is then
// grouped on its own. The carried list takes its records from the fighters' stored records, held
// for the while in one buffer (some 250 bytes a fighter).
import type { Division } from '../../records/schemas.ts';
import { fnv1a } from '../../shared/hash.ts';
import {
  CARRIED_RULE,
  DENSE,
  HEAD_PACKS,
  SHORT_NEEDLE,
  carriedEntry,
  gramPack,
  headEntry,
  headPack,
  isCarried,
  isSplit,
  readHeadEntry,
  type GramScope,
  type NameKey,
  type RunPart,
} from './format.ts';
import { PackCutter, boundaryHash, packNamer } from '../pack/cuts.ts';
import { keyedPack, readKeyed } from '../pack/format.ts';
import { lists, paths } from '../layout.ts';
import type { ShapesOf } from '../pack/shapes.ts';
import { madeUnit, sortedPackText, sortedPacks, type Unit } from '../lists/make.ts';
import type { FighterSource } from '../source.ts';

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

/** Buckets the grams' pairs are filed in, by the gram's hash. */
export const GRAM_BUCKETS = 256;

/**
 * Where (gram, rank) pairs wait, by bucket: in memory, or in files for data of any size. A pair
 * is two numbers, the gram's number (in the order grams are first met) and the fighter's rank in
 * name order: nothing to format, encode, split or parse again.
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

/** One bucket's pairs grouped: each gram's fighters' ranks, in name order. */
function grouped(pairs: Uint32Array): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < pairs.length; i += 2) {
    const list = groups.get(pairs[i]);
    if (list) list.push(pairs[i + 1]);
    else groups.set(pairs[i], [pairs[i + 1]]);
  }
  return groups;
}

/** A gram's bucket. */
const bucketOf = (gram: string) => gramPack(gram, GRAM_BUCKETS);

/** The order of the carried list's runs: by the grams' buckets, then by their text. */
export const compareCarriedGrams = (a: string, b: string) => bucketOf(a) - bucketOf(b) || compareTexts(a, b);

/** A carried entry's boundary hash (see pack/cuts.ts): of its gram and its fighter's id. */
export const carriedHash = (gram: string, id: string) => boundaryHash(fnv1a(gram, fnv1a(id)));

/** A carried pack's name, from its first entry's gram and fighter id, in the order of the carried list (see packNamer). */
export const carriedNamer = () => {
  const name = packNamer();
  return (gram: string, id: string) => name(`${gram}\t${id}`);
};

/** The grams met, numbered in the order first met, with their fighters counted for everyone and per division. */
class Grams {
  readonly texts: string[] = [];
  readonly total: number[] = [];
  readonly perDivision: Uint32Array[] = [];
  private readonly numbers = new Map<string, number>();
  private readonly divisions: number;
  constructor(divisions: number) {
    this.divisions = divisions;
  }

  count(gram: string, division: number): void {
    let n = this.numbers.get(gram);
    if (n === undefined) {
      n = this.texts.length;
      this.numbers.set(gram, n);
      this.texts.push(gram);
      this.total.push(0);
      this.perDivision.push(new Uint32Array(this.divisions));
    }
    this.total[n]++;
    this.perDivision[n][division]++;
  }

  number(gram: string): number | undefined {
    return this.numbers.get(gram);
  }
}

/** How the search is cut (tests ask for less, to see small content split). */
export interface SearchCut {
  /** SPLIT_FROM unless given. */
  splitFrom?: number;
}

/**
 * Where a split gram's longer grams start: a fighter's (rank's) field and the place in it, of
 * every gram of the last length taken that is split, a character longer at each step.
 */
class Places {
  rank = new Uint32Array(1024);
  field = new Uint8Array(1024);
  start = new Uint16Array(1024);
  count = 0;
  add(rank: number, field: number, start: number) {
    if (this.count === this.rank.length) {
      const grow = <T extends Uint32Array | Uint8Array | Uint16Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      [this.rank, this.field, this.start] = [grow(this.rank), grow(this.field), grow(this.start)];
    }
    [this.rank[this.count], this.field[this.count], this.start[this.count]] = [rank, field, start];
    this.count++;
  }
}

/** A field's characters (a character outside the Basic Multilingual Plane is one), or the field itself when each is one code unit. */
const charsOf = (field: string): string | string[] => (SURROGATE.test(field) ? Array.from(field) : field);
const gramAt = (chars: string | string[], start: number, length: number) =>
  typeof chars === 'string' ? chars.slice(start, start + length) : chars.slice(start, start + length).join('');

/**
 * The grams that extend a split gram by a character, a length at a time, as `fieldsOf` a rank
 * hold them: for each length, `take` is told of each rank's distinct grams of it (in rank
 * order); then `isSplitGram`, asked once they all are, says which of them are split, whose
 * extensions are taken at the next (and, first, which 3-grams are).
 */
function splitGrams(
  ranks: number,
  fieldsOf: (rank: number) => readonly string[],
  isSplitGram: (gram: string) => boolean,
  take: (rank: number, grams: Set<string>) => void,
): void {
  let places = new Places();
  for (let r = 0; r < ranks; r++)
    fieldsOf(r).forEach((field, f) => {
      const chars = charsOf(field);
      for (let i = 0; i + SHORT_NEEDLE <= chars.length; i++)
        if (isSplitGram(gramAt(chars, i, SHORT_NEEDLE))) places.add(r, f, i);
    });
  for (let length = SHORT_NEEDLE + 1; places.count > 0; length++) {
    const gramOf = (p: number) => {
      const chars = charsOf(fieldsOf(places.rank[p])[places.field[p]]);
      return places.start[p] + length > chars.length ? null : gramAt(chars, places.start[p], length);
    };
    // Every rank's grams of this length taken first: whether one is split follows from them all.
    for (let p = 0; p < places.count; ) {
      const rank = places.rank[p];
      const held = new Set<string>();
      for (; p < places.count && places.rank[p] === rank; p++) {
        const gram = gramOf(p);
        if (gram !== null) held.add(gram);
      }
      if (held.size > 0) take(rank, held);
    }
    const next = new Places();
    for (let p = 0; p < places.count; p++) {
      const gram = gramOf(p);
      if (gram !== null && isSplitGram(gram)) next.add(places.rank[p], places.field[p], places.start[p]);
    }
    places = next;
  }
}

/** The gram a longer gram extends: it without its last character. */
export const parentGram = (gram: string) =>
  SURROGATE.test(gram) ? Array.from(gram).slice(0, -1).join('') : gram.slice(0, -1);

/**
 * Whether a longer gram held by `total` fighters shares the run of the gram it extends, held by
 * `parentTotal`: when as many hold it, they are the same fighters (whoever holds it holds the
 * other), so its head gives that run (at a million fights some 40% of the longer grams' entries
 * are not carried twice). A gram of SHORT_NEEDLE + 1 characters shares none: a 3-gram's head may
 * read a division's fighters from the division's list, where a longer gram's are always carried.
 */
export const sharesRun = (gram: string, total: number, parentTotal: number) =>
  total === parentTotal && Array.from(gram).length > SHORT_NEEDLE + 1;

/** The grams of `fields` that extend a split gram (by `isSplitGram`), each once: a fighter's share of splitGrams, where which grams are split is known. */
export function extensionGramsOf(fields: readonly string[], isSplitGram: (gram: string) => boolean): Set<string> {
  const found = new Set<string>();
  for (const field of fields) {
    const chars = charsOf(field);
    for (let i = 0; i + SHORT_NEEDLE <= chars.length; i++)
      for (let k = SHORT_NEEDLE; i + k < chars.length && isSplitGram(gramAt(chars, i, k)); k++)
        found.add(gramAt(chars, i, k + 1));
  }
  return found;
}

/** Every search file of the fighters, whose lists in order (of everyone and each division's) are `lists`. */
export function* searchUnits(
  fighters: FighterSource,
  divisions: readonly Division[],
  buckets: GramBuckets,
  shapes: ShapesOf,
  fighterLists: { all: ArrayLike<number>; division: (d: number) => ArrayLike<number> },
  cut: SearchCut = {},
): Generator<Unit> {
  const ranks = fighters.order;
  const n = fighters.count;
  // Each fighter's division, search fields and id, by rank: read from the source once each (some
  // 100 bytes a fighter), not once per gram a fighter holds.
  const divisionAt = new Uint16Array(n);
  const fieldsAt: Array<readonly string[]> = new Array(n);
  const idAt: string[] = new Array(n);
  for (let r = 0; r < n; r++)
    [divisionAt[r], fieldsAt[r], idAt[r]] = [
      fighters.division(ranks[r]),
      fighters.searchFields(ranks[r]),
      fighters.id(ranks[r]),
    ];
  const divisionOf = (rank: number) => divisionAt[rank];

  // Pass 1: every short gram's fighters, counted for everyone and per division.
  const grams = new Grams(divisions.length);
  const divisionSize = new Uint32Array(divisions.length);
  for (let r = 0; r < n; r++) {
    const d = divisionOf(r);
    divisionSize[d]++;
    for (const g of gramsOf(fieldsAt[r], 1, SHORT_NEEDLE)) grams.count(g, d);
  }
  const shortGrams = grams.texts.length;
  const isShort = (g: number) => g < shortGrams;
  // Every 3-gram is carried (longer needles read their prefixes' runs), and any shorter gram too rare to read from the list of every fighter.
  const carried = new Set<number>();
  for (let g = 0; g < shortGrams; g++) if (isCarried(grams.texts[g], grams.total[g], n)) carried.add(g);
  /** Whether a gram is read from a division's own list (a short gram dense in it, or not carried at all). */
  const fromList = (g: number, d: number) =>
    isShort(g) && (grams.perDivision[g][d] >= DENSE * divisionSize[d] || !carried.has(g));
  const splitGram = (text: string) => {
    const g = grams.number(text);
    return g !== undefined && carried.has(g) && isSplit(text, grams.total[g], cut.splitFrom);
  };

  // Where each fighter lies in the packs of its lists: of everyone, and of its division.
  const allPacks = sortedPacks({ resource: 'fighters' }, fighterLists.all, fighters);
  const packAt = packIndex(allPacks.starts, n);
  const divisionPacks = divisions.map((division, d) => {
    const slots = fighterLists.division(d);
    return slots.length === 0
      ? null
      : { slots, packs: sortedPacks({ resource: 'fighters', division_id: division.id }, slots, fighters) };
  });
  const divisionPackAt = divisionPacks.map((p) =>
    p === null ? new Uint32Array(0) : packIndex(p.packs.starts, p.slots.length),
  );

  // Pass 2: dense grams counted per pack; the carried grams' pairs filed.
  const listCounts = new Map<number, Uint32Array>();
  const divisionCounts = new Map<string, Uint32Array>();
  const divisionRank = new Uint32Array(divisions.length);
  for (let r = 0; r < n; r++) {
    const d = divisionOf(r);
    const rd = divisionRank[d]++;
    for (const text of gramsOf(fieldsAt[r], 1, SHORT_NEEDLE)) {
      const g = grams.number(text)!;
      if (carried.has(g)) buckets.add(bucketOf(text), g, r);
      else (listCounts.get(g) ?? listCounts.set(g, new Uint32Array(allPacks.starts.length)).get(g)!)[packAt[r]]++;
      if (fromList(g, d)) {
        const key = `${g}\t${d}`;
        (divisionCounts.get(key) ??
          divisionCounts.set(key, new Uint32Array(divisionPacks[d]!.packs.starts.length)).get(key)!)[
          divisionPackAt[d][rd]
        ]++;
      }
    }
  }

  // The split grams' longer grams, a character at a time: each counted, carried, and its pairs
  // filed once its length is reached (so each gram's fighters are filed in name order).
  splitGrams(
    n,
    (r) => fieldsAt[r],
    splitGram,
    (r, held) => {
      for (const text of held) {
        grams.count(text, divisionOf(r));
        const g = grams.number(text)!;
        carried.add(g);
        buckets.add(bucketOf(text), g, r);
      }
    },
  );

  // A longer gram that every fighter of the gram it extends holds has the same fighters: it has no
  // run of its own, and its head gives the run of the gram whose fighters it shares (see sharesRun).
  const owner = new Int32Array(grams.texts.length).map((_, g) => g);
  for (let g = shortGrams; g < grams.texts.length; g++) {
    const parent = grams.number(parentGram(grams.texts[g]))!;
    if (sharesRun(grams.texts[g], grams.total[g], grams.total[parent])) owner[g] = owner[parent];
  }

  // The fighters' stored records, by rank, in one buffer (they are ASCII): the carried list's entries.
  const stored = storedByRank(fighters, n);
  const keyAt = (rank: number): NameKey => [fieldsAt[rank][0], idAt[rank]];

  // The carried list: each carried gram's fighters in name order, grams by bucket, then by their text.
  const runs = new Map<number, RunPart[]>();
  /** Each run part's fighters per division, beside its part. */
  const runDivisions = new Map<number, Uint32Array[]>();
  const name = carriedNamer();
  const made: Unit[] = [];
  type Entry = { gram: number; rank: number; text: string };
  const cutter = new PackCutter<Entry>(CARRIED_RULE, (pack) => {
    const packName = name(grams.texts[pack[0].gram], idAt[pack[0].rank]);
    for (let i = 0; i < pack.length; ) {
      const gram = pack[i].gram;
      let j = i;
      while (j < pack.length && pack[j].gram === gram) j++;
      (runs.get(gram) ?? runs.set(gram, []).get(gram)!).push({
        pack: packName,
        start: i,
        count: j - i,
        held: j - i,
        first: keyAt(pack[i].rank),
      });
      const perDivision = new Uint32Array(divisions.length);
      for (let k = i; k < j; k++) perDivision[divisionOf(pack[k].rank)]++;
      (runDivisions.get(gram) ?? runDivisions.set(gram, []).get(gram)!).push(perDivision);
      i = j;
    }
    const texts = pack.map((e) => e.text);
    made.push({
      path: paths.pack(lists.carried, packName),
      body: () => sortedPackText(texts, shapes),
    });
  });
  for (let bucket = 0; bucket < GRAM_BUCKETS; bucket++) {
    const inBucket = [...grouped(buckets.pairs(bucket))]
      .filter(([g]) => owner[g] === g)
      .sort(([a], [b]) => compareTexts(grams.texts[a], grams.texts[b]));
    for (const [g, held] of inBucket)
      for (const rank of held) {
        const text = carriedEntry(divisions[divisionOf(rank)].id, keyAt(rank), fieldsAt[rank], stored(rank));
        cutter.add({ gram: g, rank, text }, 1, carriedHash(grams.texts[g], idAt[rank]), false);
        yield* made.splice(0);
      }
  }
  cutter.end();
  yield* made.splice(0);
  buckets.close();

  // Every gram's head: for everyone and each division it has fighters in.
  const heads = new Map<number, Array<[string, string]>>();
  for (let g = 0; g < grams.texts.length; g++) {
    const text = grams.texts[g];
    const scopes: Array<readonly [string, GramScope]> = [];
    const run = runs.get(owner[g]);
    scopes.push([
      '_',
      run
        ? {
            total: grams.total[g],
            how: 'carried',
            run,
            ...(isSplit(text, grams.total[g], cut.splitFrom) ? { split: true as const } : {}),
          }
        : { total: grams.total[g], how: 'list', counts: Array.from(listCounts.get(g)!) },
    ]);
    divisions.forEach((division, d) => {
      const total = grams.perDivision[g][d];
      if (total === 0) return;
      if (fromList(g, d))
        scopes.push([division.id, { total, how: 'list', counts: Array.from(divisionCounts.get(`${g}\t${d}`)!) }]);
      else {
        const perPart = runDivisions.get(owner[g])!;
        const parts = run!
          .map((p, k) => ({ pack: p.pack, start: p.start, count: p.count, held: perPart[k][d] }))
          .filter((p) => p.held > 0);
        scopes.push([division.id, { total, how: 'carried', run: parts }]);
      }
    });
    const at = headPack(text);
    (heads.get(at) ?? heads.set(at, []).get(at)!).push([text, headEntry(scopes)]);
  }
  for (const [at, entries] of [...heads].sort(([a], [b]) => a - b))
    yield madeUnit(paths.searchHeads(at), gramPackText(entries));
}

/** The fighters' stored records by rank, from one buffer of them all (stored records are ASCII), read from `fighters` once in rank order. */
function storedByRank(fighters: FighterSource, n: number): (rank: number) => string {
  const ends = new Float64Array(n + 1);
  const chunks: Buffer[] = [];
  let held: string[] = [];
  let size = 0;
  for (let r = 0; r < n; r++) {
    const text = fighters.text(fighters.order[r]);
    held.push(text);
    size += text.length;
    ends[r + 1] = ends[r] + text.length;
    // Joined a few megabytes at a time: one string per fighter would be some 20 bytes each again.
    if (size > 1 << 22) chunks.push(Buffer.from(held.join(''), 'latin1')), (held = []), (size = 0);
  }
  chunks.push(Buffer.from(held.join(''), 'latin1'));
  const all = Buffer.concat(chunks);
  return (rank) => all.toString('latin1', ends[rank], ends[rank + 1]);
}

/** Code-unit order, the same in every runtime. */
export const compareTexts = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The bytes of a heads pack: its grams' entries (gram, entry) in the grams' order,
 * by a build from nothing and by an update alike. The entries are sorted in place.
 */
export const gramPackText = (entries: Array<[string, string]>): string =>
  keyedPack(entries.sort(([a], [b]) => compareTexts(a, b)));

/** The pack of each position of a list whose packs start at `starts`. */
function packIndex(starts: readonly number[], total: number): Uint32Array {
  const at = new Uint32Array(total);
  starts.forEach((start, k) => at.fill(k, start, k + 1 < starts.length ? starts[k + 1] : total));
  return at;
}

/**
 * The search files a change of fighters touches: every search file made again from the fighters as
 * they are (a carried list holds their records, so any change to a fighter can touch it), kept where
 * its bytes differ from the file before; the files before that are no longer made go to `removed`
 * (every heads pack has a fixed path; the carried packs are those the heads named).
 */
export function searchChanges(made: Iterable<Unit>, read: (path: string) => string | null, removed: string[]): Unit[] {
  const units: Unit[] = [];
  const now = new Set<string>();
  for (const unit of made) {
    now.add(unit.path);
    const body = unit.body() as string;
    if (read(unit.path) !== body) units.push(madeUnit(unit.path, body));
  }
  for (const path of searchFilesBefore(read)) if (!now.has(path)) removed.push(path);
  return units;
}

/** Every search file a store holds: its heads packs (at their fixed paths) and the carried packs its heads name. */
function searchFilesBefore(read: (path: string) => string | null): string[] {
  const files: string[] = [];
  const carried = new Set<string>();
  for (let n = 0; n < HEAD_PACKS; n++) {
    const path = paths.searchHeads(n);
    const text = read(path);
    if (text === null) continue;
    files.push(path);
    for (const [, entry] of readKeyed(text).all())
      for (const scope of readHeadEntry(entry).values())
        if (scope.how === 'carried') for (const part of scope.run) carried.add(part.pack);
  }
  for (const name of carried) files.push(paths.pack(lists.carried, name));
  return files;
}
