// The carried list after a change of some fighters (see update.ts): cut again around the
// changed fighters' entries (see pack/recut.ts), each pack the cut keeps renamed only where its first
// entry's place moved, each pack it makes written where its bytes differ.
import type { Division } from '../../records/schemas.ts';
import {
  CARRIED_RULE,
  carriedEntry,
  compareNameKeys,
  readCarriedEntry,
  type GramScope,
  type NameKey,
  type RunPart,
} from './format.ts';
import { lists, paths } from '../layout.ts';
import { readPositional } from '../pack/format.ts';
import { madeUnit, sortedPackText, type Unit } from '../lists/make.ts';
import { recutPacks, type Change } from '../pack/recut.ts';
import { keep } from '../pack/kept.ts';
import { entryKey, keyOf, type SearchUpdate } from './change.ts';
import { carriedHash, carriedNamer, compareCarriedGrams } from './make.ts';

/** A gram's run as its head had it: every fighter's parts, and each part's fighters per division (by the division's place). */
export interface Run {
  parts: RunPart[];
  perDivision: number[][];
}

export function runOf(head: Map<string, GramScope>, divisions: readonly Division[]): Run {
  const all = head.get('_') as Extract<GramScope, { how: 'carried' }>;
  const held = divisions.map((d) => {
    const s = head.get(d.id);
    return new Map(s?.how === 'carried' ? s.run.map((p) => [p.pack, p.held]) : []);
  });
  return { parts: all.run, perDivision: all.run.map((p) => held.map((byPack) => byPack.get(p.pack) ?? 0)) };
}

/**
 * The carried list cut again around the changed fighters' entries: the packs written (yielded,
 * each as it is cut, so that a few packs are held at a time) and removed, and, returned, the new
 * run of every gram whose run changed (its parts, and each part's fighters per division).
 */
export function* carriedChanges(
  u: SearchUpdate,
  heads: Map<string, Map<string, GramScope>>,
  affected: Set<string>,
  place: {
    gramsOfFighter(fields: readonly string[]): Set<string>;
    carriedEntries(gram: string): boolean;
    ownsRunBefore(gram: string): boolean;
  },
  removed: string[],
): Generator<Unit, Map<string, Run>> {
  const { gramsOfFighter, carriedEntries: carried } = place;
  const { divisions, read, shapes } = u;
  const divisionIndex = new Map(divisions.map((d, i) => [d.id, i]));
  // The packs in the carried list's order, each with the runs it holds (gram, start, count), from the heads.
  const grams = [...heads]
    .filter(([g, h]) => h.get('_')!.how === 'carried' && place.ownsRunBefore(g))
    .map(([g]) => g)
    .sort(compareCarriedGrams);
  const order: string[] = [];
  const segments = new Map<string, Array<{ gram: string; start: number; count: number; first: NameKey }>>();
  for (const gram of grams)
    for (const part of (heads.get(gram)!.get('_') as Extract<GramScope, { how: 'carried' }>).run) {
      if (!segments.has(part.pack)) segments.set(part.pack, []), order.push(part.pack);
      segments.get(part.pack)!.push({ gram, start: part.start, count: part.count, first: part.first! });
    }
  type Entry = { gram: string; key: NameKey; division: string; id: string; text: string };
  const texts = new Map<number, string>();
  const oldText = (k: number) => {
    let text = texts.get(k);
    if (text === undefined) {
      const path = paths.pack(lists.carried, order[k]);
      text = read(path) ?? undefined;
      if (text === undefined) throw new Error(`the store has no ${path}, which a search head names`);
      keep(texts, k, text);
    }
    return text;
  };
  const oldEntries = new Map<number, Entry[]>();
  const entriesOf = (k: number) => {
    let entries = oldEntries.get(k);
    if (!entries) {
      const pack = readPositional(oldText(k));
      shapes.addAll(Object.entries(pack.shapes.named));
      entries = segments.get(order[k])!.flatMap(({ gram, start, count }) =>
        pack.slice(start, start + count).map((text) => {
          const { division, key } = readCarriedEntry(text);
          return { gram, key, division, id: key[1], text };
        }),
      );
      // The cut asks again only for the pack it read last (to see where the next begins).
      keep(oldEntries, k, entries, 2);
    }
    return entries;
  };
  const compare = (a: { gram: string; key: NameKey }, b: { gram: string; key: NameKey }) =>
    compareCarriedGrams(a.gram, b.gram) || compareNameKeys(a.key, b.key);
  // Each changed fighter taken out of the runs of the carried grams it held, put in those it holds.
  const changes = new Map<string, Change<{ gram: string; key: NameKey }, Entry>>();
  for (const { was, is } of u.changes) {
    if (was)
      for (const gram of gramsOfFighter(was.fields))
        if (carried(gram)) changes.set(entryKey(gram, keyOf(was)), { key: { gram, key: keyOf(was) }, entry: null });
    if (is)
      for (const gram of gramsOfFighter(is.fields))
        if (carried(gram))
          changes.set(entryKey(gram, keyOf(is)), {
            key: { gram, key: keyOf(is) },
            entry: {
              gram,
              key: keyOf(is),
              division: is.division,
              id: is.id,
              text: carriedEntry(is.division, keyOf(is), is.fields, is.stored),
            },
          });
  }
  const replaced: number[] = [];
  const cut = recutPacks<{ gram: string; key: NameKey }, Entry>(
    {
      firsts: order.map((name) => ({ gram: segments.get(name)![0].gram, key: segments.get(name)![0].first })),
      entries: entriesOf,
      keyOf: (e) => e,
      compare,
      weight: () => 1,
      hash: (e) => carriedHash(e.gram, e.id),
      joined: () => false,
      rule: CARRIED_RULE,
    },
    [...changes.values()].sort((a, b) => compare(a.key, b.key)),
    replaced,
  );
  const oldByName = new Map(order.map((name, k) => [name, k]));
  // Every pack's name, in the list's order (a name depends on the names before it); the packs made
  // written as they are cut, where their bytes differ, a kept pack under its new name where that
  // changed. What the runs need of a pack made is kept: its grams' parts, not its entries.
  const name = carriedNamer();
  type Made = { gram: string; start: number; count: number; first: NameKey; perDivision: number[] };
  const packs: Array<{ name: string; kept: number } | { name: string; made: Made[] }> = [];
  for (const pack of cut) {
    if ('kept' in pack) {
      const first = segments.get(order[pack.kept])![0];
      const packName = name(first.gram, first.first[1]);
      packs.push({ name: packName, kept: pack.kept });
      if (packName !== order[pack.kept]) yield madeUnit(paths.pack(lists.carried, packName), oldText(pack.kept));
      continue;
    }
    const packName = name(pack.made[0].gram, pack.made[0].id);
    const made: Made[] = [];
    for (let i = 0; i < pack.made.length; ) {
      let j = i;
      const perDivision = divisions.map(() => 0);
      while (j < pack.made.length && pack.made[j].gram === pack.made[i].gram)
        perDivision[divisionIndex.get(pack.made[j++].division)!]++;
      made.push({ gram: pack.made[i].gram, start: i, count: j - i, first: pack.made[i].key, perDivision });
      i = j;
    }
    packs.push({ name: packName, made });
    const entries = pack.made.map((e) => e.text);
    const text = sortedPackText(entries, shapes);
    const was = oldByName.get(packName);
    if (was === undefined || oldText(was) !== text) yield madeUnit(paths.pack(lists.carried, packName), text);
  }
  const names = packs.map((pack) => pack.name);
  // The grams whose runs can have changed: those in the packs made, the packs they replace and the
  // kept packs renamed. Every other gram's parts are as they were, and keep their head.
  const touched = new Set<string>();
  for (const k of replaced) for (const s of segments.get(order[k])!) touched.add(s.gram);
  for (const pack of packs) {
    if ('made' in pack) for (const m of pack.made) touched.add(m.gram);
    else if (pack.name !== order[pack.kept]) for (const s of segments.get(order[pack.kept])!) touched.add(s.gram);
  }
  const runs = new Map<string, Run>();
  const add = (gram: string, part: RunPart, perDivision: number[]) => {
    const run = runs.get(gram) ?? runs.set(gram, { parts: [], perDivision: [] }).get(gram)!;
    run.parts.push(part);
    run.perDivision.push(perDivision);
  };
  const runsBefore = new Map<string, Run>();
  const runBefore = (gram: string) =>
    runsBefore.get(gram) ?? runsBefore.set(gram, runOf(heads.get(gram)!, divisions)).get(gram)!;
  for (const pack of packs) {
    if ('kept' in pack) {
      for (const s of segments.get(order[pack.kept])!) {
        if (!touched.has(s.gram)) continue;
        const before = runBefore(s.gram);
        add(
          s.gram,
          { pack: pack.name, start: s.start, count: s.count, held: s.count, first: s.first },
          before.perDivision[before.parts.findIndex((part) => part.pack === order[pack.kept])],
        );
      }
      continue;
    }
    for (const m of pack.made)
      add(m.gram, { pack: pack.name, start: m.start, count: m.count, held: m.count, first: m.first }, m.perDivision);
  }
  const named = new Set(names);
  for (const name of order) if (!named.has(name)) removed.push(paths.pack(lists.carried, name));
  // A gram the re-cut left as it was (parts and all) keeps its head.
  for (const [gram, run] of runs) {
    const was = heads.get(gram)?.get('_');
    if (!affected.has(gram) && was?.how === 'carried' && JSON.stringify(was.run) === JSON.stringify(run.parts))
      runs.delete(gram);
  }
  return runs;
}
