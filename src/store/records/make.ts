// Lists kept by id (records, an event's or a fighter's fights, a title's holders): each id's
// entry in the order of its id's hash (boundaryHash in pack/cuts.ts), cut into keyed packs where the
// hashes say, then the list's index of each pack's first hash.
//
// Lines can be filed as they come, in any order (packedLists): each goes to a bucket of a range
// of hashes (on disk in a build), and each bucket is then read back whole, its ids put in hash
// order and their entries cut into packs. Lines that come in one order (the fights' dates, as the
// sorted lists and event lists are written) so reach files of another (ids' hashes) without a text
// read twice: taken one by one, a pack's lines would be reads at random in the build's spill of
// texts, millions at a million fights. Or each id's lines can be made when its turn comes
// (packUnits).
import { fnv1a } from '../../shared/hash.ts';
import { PackCutter, boundaryHash, hashName } from '../pack/cuts.ts';
import { hashedFolder, hashedRule, paths } from '../layout.ts';
import { hashedIndexText } from '../pack/list-index.ts';
import { keyedPack } from '../pack/format.ts';
import { shapesNamed, type ShapesOf } from '../pack/shapes.ts';
import type { HashedList } from './format.ts';
import { byGroup, type LineBuckets } from '../pack/line-buckets.ts';
import { madeUnit, type Unit } from '../lists/make.ts';

/** Buckets of hashes lines are filed in: each the hashes of one top byte. */
const BUCKETS = 256;

/** Whose lists are packed: slots with an id and its FNV-1a hash. */
export interface PackedIds {
  id(slot: number): string;
  idHash(slot: number): number;
}

/** The records of an array as packed ids: slot i is record i. */
export const idsOfRecords = (records: ReadonlyArray<{ id: string }>): PackedIds => ({
  id: (i) => records[i].id,
  idHash: (i) => fnv1a(records[i].id),
});

/** An id's entry of a list kept by id: its lines (one for a record). */
export interface HashedEntry {
  id: string;
  hash: number;
  lines: readonly string[];
}

/** Compares two ids by the order of a list kept by id: their hashes, then the ids. */
export const byHashThenId = (a: { hash: number; id: string }, b: { hash: number; id: string }) =>
  a.hash - b.hash || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The bytes of a pack of a list kept by id: its ids' entries in hash order, with the shapes of the
 * stored records in them. Every such pack is made here, by a build from nothing and by an update alike.
 */
export function hashedPackText(entries: readonly HashedEntry[], shapes: ShapesOf): string {
  const texts = entries.map((e) => [e.id, e.lines.join('\n')] as const);
  return keyedPack(
    texts,
    shapesNamed(
      texts.map(([, text]) => text),
      shapes,
    ),
  );
}

/** A list kept by id's index: the first hash of each of its packs, in order. */
export const hashedIndexUnit = (list: HashedList, firsts: readonly number[]): Unit => ({
  path: paths.index(hashedFolder(list)),
  body: () => hashedIndexText(firsts),
});

/**
 * Every file of a list kept by id, from its entries in hash order (see byHashThenId; an empty
 * list has no entry): its packs, then its index.
 */
export function* hashedListUnits(list: HashedList, entries: Iterable<HashedEntry>, shapes: ShapesOf): Generator<Unit> {
  const folder = hashedFolder(list);
  const firsts: number[] = [];
  const made: Unit[] = [];
  const cutter = new PackCutter<HashedEntry>(hashedRule(list), (pack) => {
    firsts.push(pack[0].hash);
    made.push(madeUnit(paths.pack(folder, hashName(pack[0].hash)), hashedPackText(pack, shapes)));
  });
  let lastHash = -1;
  for (const entry of entries) {
    cutter.add(entry, entry.lines.length, entry.hash, entry.hash === lastHash);
    lastHash = entry.hash;
    yield* made.splice(0);
  }
  cutter.end();
  yield* made.splice(0);
  yield hashedIndexUnit(list, firsts);
}

export interface PackedLists {
  /** Files `line` in the list of `slot`, at `position` in the list's order. */
  file(slot: number, position: number, line: string): void;
  /** The list's files (see hashedListUnits); the buckets are emptied. */
  units(list: HashedList, shapes: ShapesOf): Generator<Unit>;
}

export function packedLists(of: PackedIds, buckets: LineBuckets): PackedLists {
  const hashOf = (slot: number) => boundaryHash(of.idHash(slot));
  function* entries(): Generator<HashedEntry> {
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      const made = byGroup(buckets.take(bucket)).map(
        ([slot, filed]): HashedEntry => ({
          id: of.id(slot),
          hash: hashOf(slot),
          lines: filed.sort((a, b) => a.position - b.position).map((f) => f.line),
        }),
      );
      yield* made.sort(byHashThenId);
    }
  }
  return {
    file(slot, position, line) {
      buckets.add(hashOf(slot) >>> 24, { group: slot, position, line });
    },
    *units(list, shapes) {
      try {
        yield* hashedListUnits(list, entries(), shapes);
      } finally {
        buckets.close();
      }
    },
  };
}

/**
 * A list kept by id whose lists are made as their turn comes (held in memory, or read where they
 * lie): `slots` in hash order, each list made with `listOf`. An id whose list is empty has no entry.
 */
export function* packUnits(
  list: HashedList,
  slots: ArrayLike<number>,
  of: PackedIds,
  listOf: (slot: number) => string[],
  shapes: ShapesOf,
): Generator<Unit> {
  const order = Array.from(slots, (slot) => ({ slot, id: of.id(slot), hash: boundaryHash(of.idHash(slot)) })).sort(
    byHashThenId,
  );
  function* entries(): Generator<HashedEntry> {
    for (const { slot, id, hash } of order) {
      const lines = listOf(slot);
      if (lines.length > 0) yield { id, hash, lines };
    }
  }
  yield* hashedListUnits(list, entries(), shapes);
}
