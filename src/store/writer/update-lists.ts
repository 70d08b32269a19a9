// A list's files after a change, made from the list as the store holds it: only the packs whose
// records changed, moved or were cut anew, and the index where it differs. Packs end where their
// content says (see cuts.ts), so a change cuts anew only around itself, and every other pack keeps
// its name and its bytes: the same files a build from nothing makes.
import { fnv1a } from '../../shared/hash.ts';
import {
  PackCutter, boundaryHash, hashName, hashedFolder, hashedIndexText, hashedRule, keyedPack, lowerBound, paths, readHashedIndex, readKeyed,
  readOrderedIndex, readPositional, sortedFolder, storedAtEnd, type HashedList, type Shapes, type OrderedIndex, type PositionalPack, type SortedList,
} from '../layout.ts';
import { indexUnit, packEnd, sortedPackUnit, sortedPacks, type ListIds, type TextOf, type Unit } from './lists.ts';
import { byHashThenId, keyedEntries, type HashedEntry } from './packs.ts';

/** Reads a store file as it was before the change, or null when there was none. */
export type ReadBefore = (path: string) => string | null;

/** Packs kept while a change reads a list's records back (a change's neighbours share a few). */
const PACKS_KEPT = 8;

/**
 * A list in order as the store held it: its index, and the line at each of its positions (and the
 * stored record the line ends with), read from the pack that holds it (the packs around a change are
 * read once and kept a while), its shapes added to `shapes`. Null when the store had no such list.
 */
export function listBefore(list: SortedList, read: ReadBefore, shapes: Shapes): { index: OrderedIndex; at(position: number): string; record(position: number): string } | null {
  const folder = sortedFolder(list);
  const text = read(paths.index(folder));
  if (text === null) return null;
  const index = readOrderedIndex(text);
  const kept = new Map<number, PositionalPack>();
  const at = (position: number) => {
    const k = index.packOf(position);
    let pack = kept.get(k);
    if (!pack) {
      const path = paths.pack(folder, index.name(k));
      const body = read(path);
      if (body === null) throw new Error(`the store has no ${path}, which its index names`);
      pack = readPositional(body);
      shapes.addAll(Object.entries(pack.shapes.named));
      if (kept.size === PACKS_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(k, pack);
    }
    return pack.entry(position - index.start(k));
  };
  // A fighter's line begins with its search fields: the record is what it ends with.
  return { index, at, record: (position) => storedAtEnd(at(position)) };
}

/**
 * A record's text in a list's pack, taken from the list as it was when its text did not change: a
 * record moved to another date shifts every record between its two places by one, and one pack
 * read gives hundreds of them. Records new to the list, or with a new text, are made from the record.
 */
export function linesBefore(before: ArrayLike<number>, old: ReturnType<typeof listBefore>, changed: ReadonlySet<number>, text: TextOf): TextOf {
  /** Each slot's position in the list before, plus one (0: not in it); made when first asked. */
  let positions: Int32Array | undefined;
  return (slot) => {
    if (changed.has(slot) || old === null) return text(slot);
    if (!positions) {
      let most = -1;
      for (let i = 0; i < before.length; i++) most = Math.max(most, before[i]);
      positions = new Int32Array(most + 1);
      for (let i = 0; i < before.length; i++) positions[before[i]] = i + 1;
    }
    const at = slot < positions.length ? positions[slot] - 1 : -1;
    return at < 0 ? text(slot) : old.at(at);
  };
}

/**
 * The files of a list in order that a change touches: each pack whose records, their texts or its
 * cut changed, and the index if it differs; `removed` gets the packs no longer in the list. The list
 * is cut again whole from its records' ids (no text is read for that), and each pack compared with
 * the pack of the same name before.
 */
export function* sortedListChanges(
  list: SortedList, before: ArrayLike<number>, after: ArrayLike<number>, ids: ListIds, changed: ReadonlySet<number>, text: TextOf,
  day: ((slot: number) => string) | undefined, read: ReadBefore, shapes: Shapes, removed: string[],
): Generator<Unit> {
  const folder = sortedFolder(list);
  const old = listBefore(list, read, shapes);
  const oldPacks = new Map<string, number>();
  if (old) for (let k = 0; k < old.index.packs; k++) oldPacks.set(old.index.name(k), k);
  const packs = sortedPacks(list, after, ids);
  const line = linesBefore(before, old, changed, text);
  for (let k = 0; k < packs.starts.length; k++) {
    const [from, to] = [packs.starts[k], packEnd(packs, k, after.length)];
    const was = oldPacks.get(packs.names[k]);
    oldPacks.delete(packs.names[k]);
    if (was !== undefined && old && samePack(old.index, was, before, after, from, to, changed)) continue;
    yield sortedPackUnit(list, after, packs, k, line, shapes);
  }
  for (const name of oldPacks.keys()) removed.push(paths.pack(folder, name));
  if (after.length === 0) {
    if (old) removed.push(paths.index(folder));
    return;
  }
  const index = indexUnit(list, after, packs, day);
  const body = index.body();
  if (read(index.path) !== body) yield { path: index.path, body: () => body };
}

/** Whether old pack k held the records [from, to) of the list after, in the same order, none with a new text. */
function samePack(index: OrderedIndex, k: number, before: ArrayLike<number>, after: ArrayLike<number>, from: number, to: number, changed: ReadonlySet<number>): boolean {
  const start = index.start(k);
  const end = k + 1 < index.packs ? index.start(k + 1) : index.total;
  if (end - start !== to - from) return false;
  for (let i = 0; i < to - from; i++) {
    const slot = after[from + i];
    if (before[start + i] !== slot || changed.has(slot)) return false;
  }
  return true;
}

/** A change to a list kept by id: each id's entry as it is now (its lines), or null where it went (or has none). */
export type HashedChanges = ReadonlyMap<string, readonly string[] | null>;

/** A change, in the list's order: an id's entry as it is now, or null where it goes. */
type Change = { id: string; hash: number; lines: readonly string[] | null };

/**
 * The files of a list kept by id that a change touches. Each run of packs around the changed ids
 * is read, the changes merged in, and cut again from the start of the pack before the first change
 * (whose first entry, and so the cut before it, is as it was) until a pack ends where an unchanged
 * pack began: packs that come out as they were are not written, packs no longer in the list go to
 * `removed`, and the index is made again if it differs. The same files a build from nothing makes.
 */
export function hashedListChanges(list: HashedList, changes: HashedChanges, read: ReadBefore, shapes: Shapes, removed: string[]): Unit[] {
  if (changes.size === 0) return [];
  const folder = hashedFolder(list);
  const indexPath = paths.index(folder);
  const indexText = read(indexPath);
  const index = indexText === null ? null : readHashedIndex(indexText);
  const firsts = index === null ? [] : Array.from({ length: index.packs }, (_, k) => index.first(k));
  const oldTexts = new Map<number, string>();
  const oldText = (k: number) => {
    let text = oldTexts.get(k);
    if (text === undefined) {
      const path = paths.pack(folder, hashName(firsts[k]));
      const found = read(path);
      if (found === null) throw new Error(`the store has no ${path}, which its index names`);
      oldTexts.set(k, (text = found));
    }
    return text;
  };
  const oldEntries = (k: number): HashedEntry[] => {
    const pack = readKeyed(oldText(k));
    shapes.addAll(Object.entries(pack.shapes.named));
    return pack.all().map(([id, entry]) => ({ id, hash: boundaryHash(fnv1a(id)), lines: entry.split('\n') }));
  };
  /** The old pack a hash falls in: the last that begins at or before it (the first, for a hash before every pack). */
  const packOf = (hash: number) => Math.max(0, lowerBound(firsts.length, (k) => firsts[k] > hash) - 1);
  /** Where pack k's range of hashes ends (the next pack's first hash). */
  const endOf = (k: number) => (k + 1 < firsts.length ? firsts[k + 1] : Infinity);
  const pending: Change[] = [...changes].map(([id, lines]) => ({ id, hash: boundaryHash(fnv1a(id)), lines })).sort(byHashThenId);

  const units: Unit[] = [];
  const newFirsts: number[] = [];
  let k = 0;
  let c = 0;
  while (c < pending.length) {
    // Packs before the run stay as they were.
    const runStart = Math.max(k, packOf(pending[c].hash) - 1);
    for (; k < runStart; k++) newFirsts.push(firsts[k]);
    const consumed = new Set<number>();
    const cutter = new PackCutter<HashedEntry>(hashedRule(list), (pack) => {
      const first = pack[0].hash;
      const text = keyedPack(...keyedEntries(pack, shapes));
      const was = [...consumed].find((j) => firsts[j] === first);
      if (was === undefined || oldText(was) !== text) units.push({ path: paths.pack(folder, hashName(first)), body: () => text });
      if (was !== undefined) consumed.delete(was);
      newFirsts.push(first);
    });
    let lastHash = -1;
    const add = (entry: HashedEntry) => {
      cutter.add(entry, entry.lines.length, entry.hash, entry.hash === lastHash);
      lastHash = entry.hash;
    };
    for (;;) {
      // Pack k's entries (none past the last pack), the changes that fall in it merged in.
      const old = k < firsts.length ? oldEntries(k) : [];
      if (k < firsts.length) consumed.add(k);
      let o = 0;
      while (o < old.length || (c < pending.length && pending[c].hash < endOf(k))) {
        const change = c < pending.length && pending[c].hash < endOf(k) ? pending[c] : undefined;
        const order = change === undefined ? -1 : o >= old.length ? 1 : byHashThenId(old[o], change);
        if (order < 0) {
          add(old[o++]);
          continue;
        }
        if (order === 0) o++;
        if (change!.lines !== null) add(change as HashedEntry);
        c++;
      }
      k++;
      if (k >= firsts.length) break;
      // The run ends where the next pack, which no change falls in, would begin a pack anyway.
      if (c >= pending.length || pending[c].hash >= endOf(k)) {
        const upcoming = oldEntries(k)[0];
        if (cutter.endsBefore(upcoming.lines.length, upcoming.hash === lastHash) === 'before') break;
      }
    }
    cutter.end();
    for (const j of consumed) removed.push(paths.pack(folder, hashName(firsts[j])));
  }
  for (; k < firsts.length; k++) newFirsts.push(firsts[k]);
  const text = hashedIndexText(newFirsts);
  if (text !== indexText) units.push({ path: indexPath, body: () => text });
  return units;
}
