// The name search's files a change of some fighters touches, made from the files as they are:
// the heads of the grams the fighters held or hold (their counts, and where their fighters lie),
// the runs of the carried list around those fighters (cut again: see pack/recut.ts), and the
// counts of the grams read from the fighters' lists in the packs of those lists that changed. The
// same files a build from nothing makes (see make.ts). A change that moves a gram between the
// fighters' lists and the carried list (a gram that a fighter added or taken away brings to a
// DENSE share of the fighters, or takes from it), or that splits a gram or joins one again (brings
// it past SPLIT_FROM fighters or back), is answered with null: the caller makes the search files
// again whole.
import {
  DENSE,
  HEAD_PACKS,
  SHORT_NEEDLE,
  headEntry,
  headPack,
  isCarried,
  isSplit,
  readHeadEntry,
  type GramScope,
} from './format.ts';
import { readKeyed } from '../pack/format.ts';
import { paths, sortedFolder } from '../layout.ts';
import { readOrderedIndex } from '../pack/list-index.ts';
import type { SortedList } from '../lists/format.ts';
import { madeUnit, sortedPacks, type Unit } from '../lists/make.ts';
import { carriedChanges, runOf, type Run } from './carried-update.ts';
import type { SearchUpdate } from './change.ts';
import { extensionGramsOf, gramPackText, gramsOf, parentGram, sharesRun } from './make.ts';

export type { FighterChange, SearchUpdate } from './change.ts';

/**
 * The search files a change touches, made as they are taken (and the files it removes, in
 * `removed`, all of them once the last is taken), or null when the search is to be made again whole.
 */
export function searchChangeUnits(u: SearchUpdate, removed: string[]): Iterable<Unit> | null {
  const { fighters, divisions, read } = u;
  const n = fighters.count;
  const divisionSize = divisions.map((_, d) => u.lists.division(d).length);

  // Every gram's head as it was.
  const heads = new Map<string, Map<string, GramScope>>();
  const headPacks = new Map<number, Array<[string, string]>>();
  for (let p = 0; p < HEAD_PACKS; p++) {
    const text = read(paths.searchHeads(p));
    if (text === null) continue;
    const entries = readKeyed(text).all();
    headPacks.set(p, entries);
    for (const [gram, entry] of entries) heads.set(gram, readHeadEntry(entry));
  }

  // The grams the changed fighters held or hold, and each one's new count, for everyone and per
  // division: their short grams, and the longer grams of the grams split before the change (should
  // it split a gram or join one, the search is made again whole: see below).
  const splitBefore = (gram: string) => {
    const all = heads.get(gram)?.get('_');
    return all?.how === 'carried' && all.split === true;
  };
  const gramsOfFighter = (fields: readonly string[]) =>
    new Set([...gramsOf(fields, 1, SHORT_NEEDLE), ...extensionGramsOf(fields, splitBefore)]);
  const affected = new Set<string>();
  const totals = new Map<string, Map<string, number>>();
  const count = (gram: string, scope: string, by: number) => {
    const scopes =
      totals.get(gram) ??
      totals.set(gram, new Map([...(heads.get(gram) ?? new Map()).entries()].map(([s, g]) => [s, g.total]))).get(gram)!;
    scopes.set(scope, (scopes.get(scope) ?? 0) + by);
  };
  for (const { was, is } of u.changes)
    for (const [seen, by] of [
      [was, -1],
      [is, 1],
    ] as const) {
      if (!seen) continue;
      for (const g of gramsOfFighter(seen.fields)) affected.add(g), count(g, '_', by), count(g, seen.division, by);
    }
  const totalOf = (gram: string, scope: string) =>
    totals.get(gram)?.get(scope) ?? heads.get(gram)?.get(scope)?.total ?? 0;

  // Where each gram's fighters now lie: a change of the fighters' number can move any short gram;
  // a longer gram is carried, every division's share of it too.
  const isShort = (gram: string) => Array.from(gram).length <= SHORT_NEEDLE;
  const carried = (gram: string) => !isShort(gram) || isCarried(gram, totalOf(gram, '_'), n);
  const fromList = (gram: string, d: number) =>
    isShort(gram) && (totalOf(gram, divisions[d].id) >= DENSE * divisionSize[d] || !carried(gram));
  const splitNow = (gram: string) => isSplit(gram, totalOf(gram, '_'), u.splitFrom);
  // A longer gram shares the run of the gram it extends while as many fighters hold both (see sharesRun).
  const headTotal = (gram: string) => heads.get(gram)?.get('_')?.total ?? 0;
  const sharedBefore = (gram: string) =>
    !isShort(gram) && heads.has(gram) && sharesRun(gram, headTotal(gram), headTotal(parentGram(gram)));
  const sharesNow = (gram: string) =>
    !isShort(gram) && sharesRun(gram, totalOf(gram, '_'), totalOf(parentGram(gram), '_'));
  for (const gram of new Set([...heads.keys(), ...affected])) {
    const was = heads.get(gram);
    if (totalOf(gram, '_') === 0) continue;
    if (splitBefore(gram) !== splitNow(gram) || sharedBefore(gram) !== sharesNow(gram)) return null;
    if (was === undefined) continue;
    if ((was.get('_')!.how === 'carried') !== carried(gram)) return null;
    for (const [d, division] of divisions.entries())
      if (
        totalOf(gram, division.id) > 0 &&
        was.has(division.id) &&
        (was.get(division.id)!.how === 'list') !== fromList(gram, d)
      )
        return null;
  }

  /** Where a gram's fighters lie in a scope now: the list (of everyone, or division d's), or its carried run. */
  const how = (gram: string, d: number | null): GramScope['how'] =>
    (d === null ? !carried(gram) : fromList(gram, d)) ? 'list' : 'carried';

  const place: Placement = {
    gramsOfFighter,
    carriedEntries: (gram) => carried(gram) && !sharesNow(gram),
    ownsRunBefore: (gram) => !sharedBefore(gram),
    owner: (gram) => {
      while (sharesNow(gram)) gram = parentGram(gram);
      return gram;
    },
    splitNow,
    how,
    totalOf,
  };
  return searchChanged(u, removed, heads, headPacks, affected, place);
}

/** Where each gram's fighters lie after the change, once it is known that none moves between the lists and the carried list, and none splits, joins or shares anew. */
interface Placement {
  /** A fighter's grams that are heads' (its short grams and the longer grams of the grams split). */
  gramsOfFighter(fields: readonly string[]): Set<string>;
  /** Whether a gram's fighters have entries of its own in the carried list. */
  carriedEntries(gram: string): boolean;
  /** Whether a gram had entries of its own in the carried list (its run was no other's). */
  ownsRunBefore(gram: string): boolean;
  /** The gram whose run a gram's head gives: itself, or the gram whose fighters it shares. */
  owner(gram: string): string;
  splitNow(gram: string): boolean;
  how(gram: string, d: number | null): GramScope['how'];
  totalOf(gram: string, scope: string): number;
}

/** The search files a change touches, once it is known that every gram's fighters stay where they lie (see searchChangeUnits). */
function* searchChanged(
  u: SearchUpdate,
  removed: string[],
  heads: Map<string, Map<string, GramScope>>,
  headPacks: Map<number, Array<[string, string]>>,
  affected: Set<string>,
  place: Placement,
): Generator<Unit> {
  const { divisions, read } = u;
  const { how, totalOf, splitNow, owner } = place;
  const runs = yield* carriedChanges(u, heads, affected, place, removed);
  const counts = listCounts(u, heads, affected, how, totalOf);

  // Each head that changed, in its pack: of the grams the change touched, those whose run or
  // counts it moved, and those that share a run it moved.
  const sharers = [...heads.keys()].filter((gram) => totalOf(gram, '_') > 0 && runs.has(owner(gram)));
  const changedHeads = new Map<string, string | null>();
  for (const gram of new Set([...affected, ...runs.keys(), ...counts.keys(), ...sharers])) {
    if (totalOf(gram, '_') === 0) {
      if (heads.has(gram)) changedHeads.set(gram, null);
      continue;
    }
    let run: Run | undefined;
    const scope = (name: string, d: number | null): GramScope => {
      const total = totalOf(gram, name);
      if (how(gram, d) === 'list')
        return {
          total,
          how: 'list',
          counts: counts.get(gram)?.get(name) ?? (heads.get(gram)!.get(name) as { counts: number[] }).counts,
        };
      const { parts, perDivision } = (run ??= runs.get(owner(gram)) ?? runOf(heads.get(owner(gram))!, divisions));
      if (d === null) return { total, how: 'carried', run: parts, ...(splitNow(gram) ? { split: true as const } : {}) };
      return {
        total,
        how: 'carried',
        run: parts.map(({ first: _, ...p }, k) => ({ ...p, held: perDivision[k][d] })).filter((p) => p.held > 0),
      };
    };
    const scopes: Array<readonly [string, GramScope]> = [['_', scope('_', null)]];
    divisions.forEach(
      (division, d) => totalOf(gram, division.id) > 0 && scopes.push([division.id, scope(division.id, d)]),
    );
    changedHeads.set(gram, headEntry(scopes));
  }
  yield* headsPackChanges(changedHeads, (p) => headPacks.get(p) ?? [], read, removed);
}

/**
 * The counts, in each pack of the fighters' lists, of the grams read from those lists, where they
 * changed: a pack that holds the same fighters as the pack of its name did, none of them moved,
 * keeps its counts; any other is counted again from its fighters' fields.
 */
function listCounts(
  u: SearchUpdate,
  heads: Map<string, Map<string, GramScope>>,
  affected: Set<string>,
  how: (gram: string, d: number | null) => GramScope['how'],
  totalOf: (gram: string, scope: string) => number,
): Map<string, Map<string, number[]>> {
  const { fighters, divisions, read } = u;
  const changed = new Map<string, Map<string, number[]>>();
  const scopes: Array<[string, SortedList, ArrayLike<number>, ArrayLike<number>, number | null]> = [
    ['_', { resource: 'fighters' }, u.lists.all, u.before.all, null],
    ...divisions.map((d, i): [string, SortedList, ArrayLike<number>, ArrayLike<number>, number] => [
      d.id,
      { resource: 'fighters', division_id: d.id },
      u.lists.division(i),
      u.before.division(i),
      i,
    ]),
  ];
  for (const [scope, list, now, was, d] of scopes) {
    // The grams read from this list: as they were, and any the change brought to it.
    const listed = new Set<string>();
    for (const [gram, h] of heads) if (h.get(scope)?.how === 'list' && totalOf(gram, scope) > 0) listed.add(gram);
    for (const gram of affected) if (totalOf(gram, scope) > 0 && how(gram, d) === 'list') listed.add(gram);
    if (listed.size === 0) continue;
    const packs = sortedPacks(list, now, fighters);
    const indexText = read(paths.index(sortedFolder(list)));
    const old = indexText === null ? null : readOrderedIndex(indexText);
    const oldAt = new Map<string, number>();
    if (old) for (let k = 0; k < old.packs; k++) oldAt.set(old.name(k), k);
    const counts = new Map([...listed].map((g) => [g, [] as number[]]));
    packs.starts.forEach((start, k) => {
      const end = k + 1 < packs.starts.length ? packs.starts[k + 1] : now.length;
      const o = oldAt.get(packs.names[k]);
      const oldStart = o === undefined ? 0 : old!.start(o);
      const oldEnd = o === undefined ? -1 : o + 1 < old!.packs ? old!.start(o + 1) : old!.total;
      let same = o !== undefined && oldEnd - oldStart === end - start;
      for (let i = 0; same && i < end - start; i++)
        same = was[oldStart + i] === now[start + i] && !u.moved.has(now[start + i]);
      for (const gram of listed) {
        const before = heads.get(gram)?.get(scope);
        if (same && before?.how === 'list') counts.get(gram)!.push(before.counts[o!]);
        else {
          let held = 0;
          for (let i = start; i < end; i++)
            if (fighters.searchFields(now[i]).some((field) => field.includes(gram))) held++;
          counts.get(gram)!.push(held);
        }
      }
    });
    for (const [gram, vector] of counts) {
      const before = heads.get(gram)?.get(scope);
      if (before?.how === 'list' && before.counts.join() === vector.join()) continue;
      (changed.get(gram) ?? changed.set(gram, new Map()).get(gram)!).set(scope, vector);
    }
  }
  return changed;
}

/**
 * Heads packs with some entries changed (null: gone): each pack that holds one made again from the
 * pack as it was, in the grams' order, and written where it differs; a pack left with none goes.
 */
function headsPackChanges(
  changed: Map<string, string | null>,
  entriesOf: (p: number) => Array<[string, string]>,
  read: (path: string) => string | null,
  removed: string[],
): Unit[] {
  const byPack = new Map<number, Map<string, string | null>>();
  for (const [gram, entry] of changed) {
    const p = headPack(gram);
    (byPack.get(p) ?? byPack.set(p, new Map()).get(p)!).set(gram, entry);
  }
  const units: Unit[] = [];
  for (const [p, entries] of byPack) {
    const path = paths.searchHeads(p);
    const kept = entriesOf(p).filter(([gram]) => !entries.has(gram));
    const all = [
      ...kept,
      ...[...entries].flatMap(([gram, entry]) => (entry === null ? [] : [[gram, entry] as [string, string]])),
    ];
    if (all.length === 0) {
      if (read(path) !== null) removed.push(path);
      continue;
    }
    const text = gramPackText(all);
    if (read(path) !== text) units.push(madeUnit(path, text));
  }
  return units;
}
