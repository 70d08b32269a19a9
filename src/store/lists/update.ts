// A list in order's files after a change, made from the list as the store holds it: only the packs
// whose records changed, moved or were cut anew, and the index where it differs. Packs end where
// their content says (see pack/cuts.ts), so a change cuts anew only around itself, and every other
// pack keeps its name and its bytes: the same files a build from nothing makes. The lists kept by
// id are updated in records/update.ts.
import { paths, sortedFolder } from '../layout.ts';
import { readPositional, type PositionalPack } from '../pack/format.ts';
import { readOrderedIndex, type OrderedIndex } from '../pack/list-index.ts';
import { storedAtEnd, type Shapes } from '../pack/shapes.ts';
import type { SortedList } from './format.ts';
import { keep } from '../pack/kept.ts';
import {
  indexUnit,
  madeUnit,
  packEnd,
  sortedPackText,
  sortedPackUnit,
  sortedPacks,
  type ListIds,
  type TextOf,
  type Unit,
} from './make.ts';

/** Reads a store file as it was before the change, or null when there was none. */
export type ReadBefore = (path: string) => string | null;

/** A pack a list's index names, as it was: one that is not there is a store in pieces, not an empty pack. */
export function readIndexed(read: ReadBefore, path: string): string {
  const body = read(path);
  if (body === null) throw new Error(`the store has no ${path}, which its index names`);
  return body;
}

/**
 * A list in order as the store held it: its index, and the line at each of its positions (and the
 * stored record the line ends with), read from the pack that holds it (the packs around a change are
 * read once and kept a while), its shapes added to `shapes`. Null when the store had no such list.
 */
export function listBefore(
  list: SortedList,
  read: ReadBefore,
  shapes: Shapes,
): { index: OrderedIndex; at(position: number): string; record(position: number): string } | null {
  const folder = sortedFolder(list);
  const text = read(paths.index(folder));
  if (text === null) return null;
  const index = readOrderedIndex(text);
  const kept = new Map<number, PositionalPack>();
  const at = (position: number) => {
    const k = index.packOf(position);
    let pack = kept.get(k);
    if (!pack) {
      const body = readIndexed(read, paths.pack(folder, index.name(k)));
      pack = readPositional(body);
      shapes.addAll(Object.entries(pack.shapes.named));
      keep(kept, k, pack);
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
export function linesBefore(
  before: ArrayLike<number>,
  old: ReturnType<typeof listBefore>,
  changed: ReadonlySet<number>,
  text: TextOf,
): TextOf {
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
  list: SortedList,
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  ids: ListIds,
  changed: ReadonlySet<number>,
  text: TextOf,
  day: ((slot: number) => string) | undefined,
  read: ReadBefore,
  shapes: Shapes,
  removed: string[],
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
  if (read(index.path) !== body) yield madeUnit(index.path, body);
}

/**
 * The files of a list in order whose records all kept their places (none added, removed or moved,
 * no day changed): the packs that hold a record with a new text, each its lines before with those
 * records' new lines in their places. The cut, the names and the index stay as they were, so only
 * the changed records' places are needed (`changedAt`: place in the list -> slot), not the list:
 * what a record's change costs follows the change, not the list's length.
 */
export function* keptOrderChanges(
  list: SortedList,
  changedAt: ReadonlyMap<number, number>,
  text: TextOf,
  read: ReadBefore,
  shapes: Shapes,
): Generator<Unit> {
  if (changedAt.size === 0) return;
  const old = listBefore(list, read, shapes);
  if (old === null)
    throw new Error(`the store has no ${paths.index(sortedFolder(list))}, though the list holds records`);
  const { index } = old;
  const byPack = new Map<number, Array<[at: number, slot: number]>>();
  for (const [position, slot] of changedAt) {
    const k = index.packOf(position);
    (byPack.get(k) ?? byPack.set(k, []).get(k)!).push([position, slot]);
  }
  for (const [k, changed] of byPack) {
    const [start, end] = [index.start(k), index.end(k)];
    yield {
      path: paths.pack(sortedFolder(list), index.name(k)),
      body: () => {
        const lines = Array.from({ length: end - start }, (_, i) => old.at(start + i));
        for (const [position, slot] of changed) lines[position - start] = text(slot);
        return sortedPackText(lines, shapes);
      },
    };
  }
}

/** Whether old pack k held the records [from, to) of the list after, in the same order, none with a new text. */
function samePack(
  index: OrderedIndex,
  k: number,
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  from: number,
  to: number,
  changed: ReadonlySet<number>,
): boolean {
  const start = index.start(k);
  const end = index.end(k);
  if (end - start !== to - from) return false;
  for (let i = 0; i < to - from; i++) {
    const slot = after[from + i];
    if (before[start + i] !== slot || changed.has(slot)) return false;
  }
  return true;
}
