// A list kept by id's files after a change, made from the list as the store holds it: the packs
// around the changed ids cut again where their content says (see pack/cuts.ts), so every other
// pack keeps its name and its bytes: the same files a build from nothing makes.
import { fnv1a } from '../../shared/hash.ts';
import { hashedFolder, hashedRule, paths } from '../layout.ts';
import { readIndexed, type ReadBefore } from '../lists/update.ts';
import { madeUnit, type Unit } from '../lists/make.ts';
import { boundaryHash, hashName } from '../pack/cuts.ts';
import { readKeyed, type KeyedPack } from '../pack/format.ts';
import { lowerBound, readHashedIndex } from '../pack/list-index.ts';
import { recutPacks } from '../pack/recut.ts';
import { keep } from '../pack/kept.ts';
import type { Shapes } from '../pack/shapes.ts';
import type { HashedList } from './format.ts';
import { byHashThenId, hashedIndexUnit, hashedPackText, type HashedEntry } from './make.ts';

/** A change to a list kept by id: each id's entry as it is now (its lines), or null where it went (or has none). */
export type HashedChanges = ReadonlyMap<string, readonly string[] | null>;

/**
 * The files of a list kept by id that a change touches: the packs around the changed ids cut again
 * (see pack/recut.ts), each written only where its bytes differ; the packs no longer in the list go to
 * `removed`, and the index is made again if it differs. The same files a build from nothing makes,
 * each made as it is taken: what is held is the few packs around the change being cut, whatever
 * the number of changes.
 */
export function* hashedListChanges(
  list: HashedList,
  changes: HashedChanges,
  read: ReadBefore,
  shapes: Shapes,
  removed: string[],
): Generator<Unit> {
  if (changes.size === 0) return;
  const folder = hashedFolder(list);
  const indexPath = paths.index(folder);
  const indexText = read(indexPath);
  const index = indexText === null ? null : readHashedIndex(indexText);
  const firsts = index === null ? [] : Array.from({ length: index.packs }, (_, k) => index.first(k));
  const pathOf = (hash: number) => paths.pack(folder, hashName(hash));
  // Old packs are read as the cut reaches them, and asked for again only within a run.
  const oldTexts = new Map<number, string>();
  const oldText = (k: number) => {
    let text = oldTexts.get(k);
    if (text === undefined) {
      text = readIndexed(read, pathOf(firsts[k]));
      keep(oldTexts, k, text);
    }
    return text;
  };
  const byKey = (a: HashedKey, b: HashedKey) => byHashThenId(a, b);
  const replaced: number[] = [];
  const cut = recutPacks<HashedKey, HashedEntry>(
    {
      firsts: firsts.map((hash) => ({ hash, id: '' })),
      entries: (k) => {
        const pack = readKeyed(oldText(k));
        shapes.addAll(Object.entries(pack.shapes.named));
        return pack.all().map(([id, entry]) => ({ id, hash: boundaryHash(fnv1a(id)), lines: entry.split('\n') }));
      },
      keyOf: (entry) => entry,
      compare: byKey,
      weight: (entry) => entry.lines.length,
      hash: (entry) => entry.hash,
      joined: (before, entry) => before.hash === entry.hash,
      rule: hashedRule(list),
    },
    [...changes.keys()]
      .map((id) => ({ id, hash: boundaryHash(fnv1a(id)) }))
      .sort(byKey)
      .map((key) => ({ key, entry: lines(changes, key) })),
    replaced,
  );
  const made = new Set<number>();
  const newFirsts: number[] = [];
  /** The old pack that began at `first`, if any: a made pack takes its name, so it is replaced (and was read). */
  const oldPackAt = (first: number) => {
    const k = lowerBound(firsts.length, (i) => firsts[i] >= first);
    return k < firsts.length && firsts[k] === first ? k : undefined;
  };
  for (const pack of cut) {
    if ('kept' in pack) {
      newFirsts.push(firsts[pack.kept]);
      continue;
    }
    const first = pack.made[0].hash;
    newFirsts.push(first);
    made.add(first);
    const text = hashedPackText(pack.made, shapes);
    const was = oldPackAt(first);
    if (was === undefined || oldText(was) !== text) yield madeUnit(pathOf(first), text);
  }
  for (const k of replaced) if (!made.has(firsts[k])) removed.push(pathOf(firsts[k]));
  const newIndex = hashedIndexUnit(list, newFirsts);
  if (newIndex.body() !== indexText) yield newIndex;
}

/**
 * A list kept by id's entries as the store held them: an id's lines as stored, or null where it
 * held none. The packs read are kept a few at a time: a change's ids are asked for in no order.
 */
export function entriesBefore(list: HashedList, read: ReadBefore): (id: string) => string[] | null {
  const folder = hashedFolder(list);
  const indexText = read(paths.index(folder));
  if (indexText === null) return () => null;
  const index = readHashedIndex(indexText);
  const kept = new Map<string, KeyedPack>();
  return (id) => {
    const name = index.packOf(boundaryHash(fnv1a(id)));
    if (name === null) return null;
    let pack = kept.get(name);
    if (!pack) {
      pack = readKeyed(readIndexed(read, paths.pack(folder, name)));
      keep(kept, name, pack);
    }
    return pack.find(id)?.split('\n') ?? null;
  };
}

/** A change's key in a list kept by id: the id's hash, then the id (an empty id falls before every id of its hash). */
type HashedKey = { hash: number; id: string };

/** The entry a change makes at a key: the id's lines, or none. */
function lines(changes: HashedChanges, key: HashedKey): HashedEntry | null {
  const made = changes.get(key.id)!;
  return made === null ? null : { ...key, lines: made };
}
