// Lists filed by id into packs (see PACKS and packText in store/layout.ts), made as their lines
// come, in any order: each line is filed under its list's slot in buckets of neighbouring packs
// (a pack folder each), and each bucket is then read back whole and cut into its packs. Lines
// that come in one order (the fights' dates, as the sorted lists and event lists are written) so
// reach files of another (ids' hashes) without a text read twice: taken one by one, a pack's
// lines would be reads at random in the build's spill of texts, millions at a million fights.
// An id's text is made once per list, when its pack is cut, not once per line.
import { fnv1a } from '../../shared/hash.ts';
import { PACKS, packOfHash, packText } from '../layout.ts';
import { byGroup, type LineBuckets } from './line-buckets.ts';
import { groupItems, members, type Unit } from './lists.ts';

/** Packs a bucket holds: one folder of packs. */
const PACKS_PER_BUCKET = 256;

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

export interface PackedLists {
  /** Files `line` in the list of `slot`, at `position` in the list's order. */
  file(slot: number, position: number, line: string): void;
  /** The packs, in pack order, each at `pathOf` its number; the buckets are emptied. */
  units(pathOf: (n: number) => string): Generator<Unit>;
}

export function packedLists(of: PackedIds, buckets: LineBuckets): PackedLists {
  const packOf = (slot: number) => packOfHash(of.idHash(slot));
  return {
    file(slot, position, line) {
      buckets.add(Math.floor(packOf(slot) / PACKS_PER_BUCKET), { group: slot, position, line });
    },
    *units(pathOf) {
      try {
        for (let bucket = 0; bucket < PACKS / PACKS_PER_BUCKET; bucket++) {
          const packs = new Map<number, Array<[id: string, lines: string[]]>>();
          for (const [slot, filed] of byGroup(buckets.take(bucket))) {
            const n = packOf(slot);
            const list: [string, string[]] = [of.id(slot), filed.sort((a, b) => a.position - b.position).map((f) => f.line)];
            const pack = packs.get(n);
            if (pack) pack.push(list);
            else packs.set(n, [list]);
          }
          for (const n of [...packs.keys()].sort((a, b) => a - b)) {
            const text = packText(packs.get(n)!);
            yield { path: pathOf(n), body: () => text };
          }
        }
      } finally {
        buckets.close();
      }
    },
  };
}

/**
 * Packs made one at a time, where each id's list can be made whenever it is asked for (held in
 * memory, or read where it lies): the `slots` grouped by pack, and each pack's lists made, with
 * `listOf`, when the pack's turn comes. An id whose list is empty has no lines in its pack; a pack
 * with none is no file.
 */
export function* packUnits(slots: ArrayLike<number>, of: PackedIds, listOf: (slot: number) => string[], pathOf: (n: number) => string): Generator<Unit> {
  const packs = groupItems(PACKS, slots, (slot, add) => add(packOfHash(of.idHash(slot))));
  for (let n = 0; n < PACKS; n++) {
    // Most packs of a small collection hold none of its ids: passed over without a list made.
    if (packs.start[n] === packs.start[n + 1]) continue;
    const lists = Array.from(members(packs, n), (slot) => [of.id(slot), listOf(slot)] as const);
    if (lists.some(([, lines]) => lines.length > 0)) yield { path: pathOf(n), body: () => packText(lists) };
  }
}
