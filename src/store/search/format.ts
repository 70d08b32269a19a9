// Name search: which fighters' name, nickname or alias holds a piece of text (a needle), in name
// order, any page of them and how many there are, in two rounds of at most four reads.
//
// A short needle (up to SHORT_NEEDLE characters) is a gram, with a head (in one of HEAD_PACKS
// keyed packs, by the gram's hash) that gives, for every fighter and each division's:
//   - how many fighters hold it;
//   - where its fighters lie: a gram that a DENSE share of the fighters hold is read from the list
//     of every fighter (or the division's) itself, whose packs' entries begin with their search
//     fields: the head counts the gram's fighters in each of the list's packs, so a page's packs
//     follow, and the reader keeps the entries that hold the needle. A rarer gram has its fighters
//     carried: their records, in name order, in a run of the carried list (every carried gram's
//     fighters, gram after gram, cut into packs where their content says), and the head says which
//     packs hold the run, where it starts in each and how many it holds there (for a division, how
//     many of the division's).
// Every 3-gram is carried. A longer needle reads the candidates of its first LONG_GRAM characters
// (in one of CANDIDATE_PACKS keyed packs: every fighter holding them, with their search fields),
// so the matches and their count are exact, and beside them the head of its first 3 characters,
// whose run holds every match: the page's records are read from the packs of that run that hold
// them, found by name key.
//
// Carried entries, and candidates, begin with the fighter's division id and name key (folded name,
// id), so a division's are kept and a candidate is found by binary search. Fields are separated by tabs; a head's and a run's parts by RS and US.
import { fnv1a } from '../../shared/hash.ts';
import { foldText } from '../../shared/text.ts';
import type { CutRule } from '../pack/cuts.ts';

/** Name searches up to this many characters are grams with heads of their own. */
export const SHORT_NEEDLE = 3;
/** Longer searches read the candidates of their first LONG_GRAM characters. */
export const LONG_GRAM = 4;
/** Keyed packs of grams' heads, and of 4-grams' candidates (by the gram's hash): few, and small at a million fights. */
export const HEAD_PACKS = 64;
export const CANDIDATE_PACKS = 512;
/**
 * The share of a list's fighters a gram must be held by to be read from the list itself: a page of
 * PAGE_MAX (100) matches then spans about 800 of the list's entries, two packs.
 */
export const DENSE = 1 / 8;
/** How the carried list is cut: at most 1,550 fighters a pack (at a million fights, 342 KB a pack on average, 472 KB the largest): a head, an index and two packs come to about a megabyte at most. */
export const CARRIED_RULE: CutRule = { min: 900, spacing: 900, max: 1550 };

const RS = '\x1e';
const US = '\x1f';

/** The pack (0 to n - 1) a gram's head or candidates are in. */
export const gramPack = (gram: string, n: number) => (fnv1a(gram) >>> 0) % n;

/** Whether a short gram held by `total` of `fighters` fighters is carried: every 3-gram, and any shorter gram fewer than a DENSE share hold. */
export const isCarried = (gram: string, total: number, fighters: number) =>
  Array.from(gram).length === SHORT_NEEDLE || total < DENSE * fighters;

/** Where a gram's fighters lie in one scope: the list itself, or a run of the carried list. */
export type GramScope =
  | { total: number; how: 'list'; counts: number[] }
  | { total: number; how: 'carried'; run: RunPart[] };

/** A part of a carried run: the pack (by name), where the run starts in it, how many of its entries are the run's, and how many of the scope's. */
export interface RunPart {
  pack: string;
  start: number;
  count: number;
  /** The scope's fighters among them: `count` for every fighter, the division's for a division. */
  held: number;
  /** The name key of the part's first fighter, for every fighter's scope (a long needle's records are found by key). */
  first?: NameKey;
}

const partText = (p: RunPart) => [p.pack, p.start, p.count, p.held, ...(p.first ?? [])].join(US);

function readPart(text: string): RunPart {
  const [pack, start, count, held, folded, id] = text.split(US);
  return {
    pack,
    start: Number(start),
    count: Number(count),
    held: Number(held),
    ...(id === undefined ? {} : { first: [folded, id] as const }),
  };
}

/** A gram's head: a line per scope ('_' for every fighter, else a division id), in the order given. */
export function headEntry(scopes: ReadonlyArray<readonly [scope: string, GramScope]>): string {
  return scopes
    .map(([scope, s]) =>
      s.how === 'list'
        ? `${scope}\tlist\t${s.total}\t${s.counts.map((n) => n.toString(36)).join(US)}`
        : `${scope}\tcarried\t${s.total}\t${s.run.map(partText).join(RS)}`,
    )
    .join('\n');
}

/** A gram's head as read: each scope's. */
export function readHeadEntry(entry: string): Map<string, GramScope> {
  const scopes = new Map<string, GramScope>();
  for (const line of entry.split('\n')) {
    const [scope, how, total, rest] = line.split('\t');
    scopes.set(
      scope,
      how === 'list'
        ? { total: Number(total), how, counts: rest.split(US).map((n) => parseInt(n, 36)) }
        : { total: Number(total), how: 'carried', run: rest.split(RS).map(readPart) },
    );
  }
  return scopes;
}

/** A fighter's search fields as the entries of the list of every fighter begin with them: name, nickname, alias (folded). */
export const fieldsPrefix = (fields: readonly string[]) => `${fields.join('\t')}\t`;

/** A fighter's name key: its folded name, then its id (the fighters' order). */
export type NameKey = readonly [folded: string, id: string];

export const compareNameKeys = (a: NameKey, b: NameKey) =>
  a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;

/** A carried entry: the fighter's division id, name key, then its stored record. */
export const carriedEntry = (division: string, key: NameKey, stored: string) =>
  `${division}\t${key[0]}\t${key[1]}\t${stored}`;

export function readCarriedEntry(entry: string): { division: string; key: NameKey; stored: string } {
  const [division, folded, id] = entry.split('\t', 3);
  return { division, key: [folded, id], stored: entry.slice(division.length + folded.length + id.length + 3) };
}

/** A candidate: the fighter's division id, name key, then its nickname and alias (folded; the folded name is the key's). */
export interface Candidate {
  division: string;
  key: NameKey;
  fields: readonly string[];
}

/** A 4-gram's candidates: a line per candidate, in name order. */
export const candidatesEntry = (candidates: readonly Candidate[]) => candidates.map(candidateLine).join('\n');

const candidateLine = (c: Candidate) => [c.division, c.key[0], c.key[1], c.fields[1], c.fields[2]].join('\t');

export function readCandidatesEntry(entry: string): Candidate[] {
  return entry.split('\n').map((line): Candidate => {
    const [division, folded, id, nickname, alias] = line.split('\t');
    return { division, key: [folded, id], fields: [folded, nickname, alias] };
  });
}

/**
 * What name search looks in: a fighter's name, nickname and alias, each folded to lower case
 * without accents. A match lies within one field, never across two.
 */
export function searchFields(f: { name: string; nickname: string | null; alias: string | null }): string[] {
  return [f.name, f.nickname ?? '', f.alias ?? ''].map(foldText);
}
