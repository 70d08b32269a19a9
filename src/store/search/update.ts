// The name search's files a change of some fighters touches, made from the files as they are:
// the heads of the grams the fighters held or hold (their counts, and where their fighters lie),
// the runs of the carried list around those fighters (cut again: see pack/recut.ts), the counts of the
// grams read from the fighters' lists in the packs of those lists that changed, and the
// candidates of the 4-grams they held or hold. The same files a build from nothing makes (see
// make.ts). A change that moves a gram between the fighters' lists and the carried list (a gram
// that a fighter added or taken away brings to a DENSE share of the fighters, or takes from it) is
// answered with null: the caller makes the search files again whole.
import {
  CANDIDATE_PACKS,
  DENSE,
  HEAD_PACKS,
  LONG_GRAM,
  SHORT_NEEDLE,
  candidatesEntry,
  compareNameKeys,
  gramPack,
  headEntry,
  isCarried,
  readCandidatesEntry,
  readHeadEntry,
  type GramScope,
} from './format.ts';
import { readKeyed } from '../pack/format.ts';
import { paths, sortedFolder } from '../layout.ts';
import { readOrderedIndex } from '../pack/list-index.ts';
import type { SortedList } from '../lists/format.ts';
import { madeUnit, sortedPacks, type Unit } from '../lists/make.ts';
import { carriedChanges, runOf, type Run } from './carried-update.ts';
import { keyOf, type SearchUpdate } from './change.ts';
import { gramPackText, gramsOf } from './make.ts';

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

  // The grams the changed fighters held or hold, and each one's new count, for everyone and per division.
  const affected = new Set<string>();
  const affected4 = new Set<string>();
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
      for (const g of gramsOf(seen.fields, 1, SHORT_NEEDLE))
        affected.add(g), count(g, '_', by), count(g, seen.division, by);
      for (const q of gramsOf(seen.fields, LONG_GRAM, LONG_GRAM)) affected4.add(q);
    }
  const totalOf = (gram: string, scope: string) =>
    totals.get(gram)?.get(scope) ?? heads.get(gram)?.get(scope)?.total ?? 0;

  // Where each gram's fighters now lie: a change of the fighters' number can move any gram.
  const carried = (gram: string) => isCarried(gram, totalOf(gram, '_'), n);
  const fromList = (gram: string, d: number) =>
    totalOf(gram, divisions[d].id) >= DENSE * divisionSize[d] || !carried(gram);
  for (const gram of new Set([...heads.keys(), ...affected])) {
    const was = heads.get(gram);
    if (was === undefined || totalOf(gram, '_') === 0) continue;
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

  return searchChanged(u, removed, heads, headPacks, affected, affected4, carried, how, totalOf);
}

/** The search files a change touches, once it is known that every gram's fighters stay where they lie (see searchChangeUnits). */
function* searchChanged(
  u: SearchUpdate,
  removed: string[],
  heads: Map<string, Map<string, GramScope>>,
  headPacks: Map<number, Array<[string, string]>>,
  affected: Set<string>,
  affected4: Set<string>,
  carried: (gram: string) => boolean,
  how: (gram: string, d: number | null) => GramScope['how'],
  totalOf: (gram: string, scope: string) => number,
): Generator<Unit> {
  const { divisions, read } = u;
  const runs = yield* carriedChanges(u, heads, affected, carried, removed);
  const counts = listCounts(u, heads, affected, how, totalOf);

  // Each head that changed, in its pack.
  const changedHeads = new Map<string, string | null>();
  for (const gram of new Set([...affected, ...runs.keys(), ...counts.keys()])) {
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
      const { parts, perDivision } = (run ??= runs.get(gram) ?? runOf(heads.get(gram)!, divisions));
      if (d === null) return { total, how: 'carried', run: parts };
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
  yield* keyedPackChanges(changedHeads, HEAD_PACKS, (p) => headPacks.get(p) ?? [], paths.searchHeads, read, removed);

  // Each 4-gram's candidates: the changed fighters taken out where they were, put in where they are.
  const candidates = new Map<string, string | null>();
  const candidatePacks = new Map<number, Array<[string, string]>>();
  const packOf = (p: number) =>
    candidatePacks.get(p) ??
    candidatePacks.set(p, readKeyed(read(paths.searchCandidates(p)) ?? '{"entries":0}\n\n').all()).get(p)!;
  const gone = new Set(u.changes.flatMap((c) => (c.was ? [c.was.id] : [])));
  const holding = u.changes.flatMap(({ is }) => (is ? [{ is, grams: gramsOf(is.fields, LONG_GRAM, LONG_GRAM) }] : []));
  for (const q of affected4) {
    const held = packOf(gramPack(q, CANDIDATE_PACKS)).find(([g]) => g === q)?.[1];
    const list = (held === undefined ? [] : readCandidatesEntry(held)).filter((c) => !gone.has(c.key[1]));
    for (const { is, grams } of holding)
      if (grams.has(q)) list.push({ division: is.division, key: keyOf(is), fields: is.fields });
    candidates.set(q, list.length === 0 ? null : candidatesEntry(list.sort((a, b) => compareNameKeys(a.key, b.key))));
  }
  yield* keyedPackChanges(candidates, CANDIDATE_PACKS, packOf, paths.searchCandidates, read, removed);
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
 * Keyed packs (of grams, by the gram's hash) with some entries changed (null: gone): each pack that
 * holds one made again from the pack as it was, in the grams' order, and written where it differs;
 * a pack left with none goes.
 */
function keyedPackChanges(
  changed: Map<string, string | null>,
  packCount: number,
  entriesOf: (p: number) => Array<[string, string]>,
  pathOf: (p: number) => string,
  read: (path: string) => string | null,
  removed: string[],
): Unit[] {
  const byPack = new Map<number, Map<string, string | null>>();
  for (const [gram, entry] of changed)
    (
      byPack.get(gramPack(gram, packCount)) ??
      byPack.set(gramPack(gram, packCount), new Map()).get(gramPack(gram, packCount))!
    ).set(gram, entry);
  const units: Unit[] = [];
  for (const [p, entries] of byPack) {
    const kept = entriesOf(p).filter(([gram]) => !entries.has(gram));
    const all = [
      ...kept,
      ...[...entries].flatMap(([gram, entry]) => (entry === null ? [] : [[gram, entry] as [string, string]])),
    ];
    if (all.length === 0) {
      if (read(pathOf(p)) !== null) removed.push(pathOf(p));
      continue;
    }
    const text = gramPackText(all);
    if (read(pathOf(p)) !== text) units.push(madeUnit(pathOf(p), text));
  }
  return units;
}
