// Name search: which fighters' name, nickname or alias holds a piece of text (a needle), in name
// order, any page of them and how many there are, in two rounds of at most four reads.
//
// A short needle (up to SHORT_NEEDLE characters) is a gram, with a head that gives, for every
// fighter and each division's:
//   - how many fighters hold it;
//   - where its fighters lie: a gram that a DENSE share of the fighters hold is read from the list
//     of every fighter (or the division's) itself, whose packs' entries begin with their search
//     fields: the head counts the gram's fighters in each of the list's packs, so a page's packs
//     follow, and the reader keeps the entries that hold the needle. A rarer gram has its fighters
//     carried: their records, in name order, in a run of the carried list (every carried gram's
//     fighters, gram after gram, cut into packs where their content says), and the head says which
//     packs hold the run, where it starts in each and how many it holds there (for a division, how
//     many of the division's).
// Every 3-gram is carried. A carried gram of 3 characters or more that more than SPLIT_FROM
// fighters hold is split: every longer gram that begins with it and adds a character is carried
// too, with a head of its own, and is split in its turn when it is held as widely. So a longer
// needle's fighters are the run of the needle itself, when it is such a gram, or are among the
// run of its longest prefix that is one, which is then no longer than SPLIT_FROM fighters (at most
// two packs) and is read whole, its entries' fields tested. A gram's head lies in the keyed pack
// (one of HEAD_PACKS, by the hash of the gram's first 3 characters) that holds the heads of every
// gram beginning as it does, so a long needle finds its prefixes' heads in one read.
//
// Carried entries begin with the fighter's division id, name key (folded name, id), folded
// nickname and alias, so a division's are kept and a long needle is tested without the record.
// Fields are separated by tabs; a head's and a run's parts by RS and US.
import { fnv1a } from '../../shared/hash.ts';
import { foldText } from '../../shared/text.ts';
import type { CutRule } from '../pack/cuts.ts';

/** Name searches up to this many characters are grams with heads of their own. */
export const SHORT_NEEDLE = 3;
/**
 * The most fighters a carried gram of 3 characters or more holds without being split (see the top
 * of this file): no more than a carried pack's least (CARRIED_RULE.min), so its run, read whole
 * for a longer needle, lies in two packs at most.
 */
export const SPLIT_FROM = 900;
/** Keyed packs of grams' heads, by the hash of a gram's first 3 characters (headPack). */
export const HEAD_PACKS = 512;
/**
 * The share of a list's fighters a gram must be held by to be read from the list itself: a page of
 * PAGE_MAX (100) matches then spans about 800 of the list's entries, two packs.
 */
export const DENSE = 1 / 8;
/** How the carried list is cut: at most 1,550 fighters a pack (at a million fights, 342 KB a pack on average, 472 KB the largest): a head, an index and two packs come to about a megabyte at most. */
export const CARRIED_RULE: CutRule = { min: 900, spacing: 900, max: 1550 };

const RS = '\x1e';
const US = '\x1f';

/** The pack (0 to n - 1) of a gram's hash. */
export const gramPack = (gram: string, n: number) => (fnv1a(gram) >>> 0) % n;

/** The first SHORT_NEEDLE characters of a gram: the grams that begin alike have their heads in one pack. */
export const headFamily = (gram: string) =>
  gram.length <= SHORT_NEEDLE ? gram : Array.from(gram).slice(0, SHORT_NEEDLE).join('');

/** The heads pack (0 to HEAD_PACKS - 1) of a gram's head. */
export const headPack = (gram: string) => gramPack(headFamily(gram), HEAD_PACKS);

/** Whether a carried gram held by `total` fighters is split (see SPLIT_FROM): `splitFrom` unless given (tests ask for less). */
export const isSplit = (gram: string, total: number, splitFrom = SPLIT_FROM) =>
  total > splitFrom && Array.from(gram).length >= SHORT_NEEDLE;

/** Whether a short gram held by `total` of `fighters` fighters is carried: every 3-gram, and any shorter gram fewer than a DENSE share hold. */
export const isCarried = (gram: string, total: number, fighters: number) =>
  Array.from(gram).length === SHORT_NEEDLE || total < DENSE * fighters;

/** Where a gram's fighters lie in one scope: the list itself, or a run of the carried list (for every fighter, whether the gram is split). */
export type GramScope =
  | { total: number; how: 'list'; counts: number[] }
  | { total: number; how: 'carried'; run: RunPart[]; split?: true };

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
        : `${scope}\t${s.split ? 'split' : 'carried'}\t${s.total}\t${s.run.map(partText).join(RS)}`,
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
        : {
            total: Number(total),
            how: 'carried',
            run: rest.split(RS).map(readPart),
            ...(how === 'split' ? { split: true as const } : {}),
          },
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

/** A carried entry: the fighter's division id, name key, folded nickname and alias, then its stored record. */
export const carriedEntry = (division: string, key: NameKey, fields: readonly string[], stored: string) =>
  `${division}\t${key[0]}\t${key[1]}\t${fields[1]}\t${fields[2]}\t${stored}`;

export function readCarriedEntry(entry: string): {
  division: string;
  key: NameKey;
  fields: readonly string[];
  stored: string;
} {
  const [division, folded, id, nickname, alias] = entry.split('\t', 5);
  const at = division.length + folded.length + id.length + nickname.length + alias.length + 5;
  return { division, key: [folded, id], fields: [folded, nickname, alias], stored: entry.slice(at) };
}

/**
 * What name search looks in: a fighter's name, nickname and alias, each folded to lower case
 * without accents. A match lies within one field, never across two.
 */
export function searchFields(f: { name: string; nickname: string | null; alias: string | null }): string[] {
  return [f.name, f.nickname ?? '', f.alias ?? ''].map(foldText);
}
