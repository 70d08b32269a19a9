// Each fighter's fights, one whole list per fighter, made without reading any fight's text again.
// A fight is in two fighters' lists, and a fighter's fights lie years apart in the fights' order:
// taken one by one, each line cost a read at random in the build's spill of texts (two million of
// them at a million fights). Instead each fight's line, as the event lists make it, is filed under
// both its fighters into buckets of fighters (neighbours in slot order, the order their lists are
// written in), and each bucket is read back whole and cut into its fighters' lists. A bucket holds
// a bounded number of lines, so memory follows the bucket, not the data; a build keeps the
// buckets on disk (see build/line-buckets.ts).
import { listText, paths } from '../layout.ts';
import { groupStarts, type GroupsOf, type Unit } from './lists.ts';
import type { FightSource } from './source.ts';

/** A fight's fighters, each once (a fight of a fighter against themself is in one list). */
export const fightersOf =
  (fights: Pick<FightSource, 'corners'>): GroupsOf =>
  (slot, add) => {
    const [a, b] = fights.corners(slot);
    add(a);
    if (b !== a) add(b);
  };

/** A line filed under a fighter, with its place in the fights' order. */
export interface FiledLine {
  fighter: number;
  position: number;
  line: string;
}

/** Where filed lines wait until their bucket's lists are made: in memory, or on disk in a build. */
export interface LineBuckets {
  add(bucket: number, filed: FiledLine): void;
  /** Every line added to the bucket, in the order added; the bucket is emptied. */
  take(bucket: number): FiledLine[];
  close(): void;
}

export function memoryLineBuckets(): LineBuckets {
  const buckets = new Map<number, FiledLine[]>();
  return {
    add(bucket, filed) {
      const lines = buckets.get(bucket);
      if (lines) lines.push(filed);
      else buckets.set(bucket, [filed]);
    },
    take(bucket) {
      const lines = buckets.get(bucket) ?? [];
      buckets.delete(bucket);
      return lines;
    },
    close: () => buckets.clear(),
  };
}

/** Lines a bucket is filled to (more only where one fighter's list is longer): some 13 MB of fights. */
export const BUCKET_LINES = 8192;

/**
 * The lists of `fighters` fighters, of the fights in `order` (the fights' order), each fight in
 * the lists of `fightersOf` it. Every fight's line is filed (`file`) before `units` is walked.
 */
export function fighterLists(fighters: number, order: ArrayLike<number>, fightersOf: GroupsOf, buckets: LineBuckets, bucketLines = BUCKET_LINES) {
  // How many lines each list holds: the counting pass of the grouping alone.
  const start = groupStarts(fighters, order, fightersOf);
  const expected = start[fighters];
  // Fighters in slot order, cut into buckets of about bucketLines lines.
  const bucketOf = new Uint32Array(fighters);
  const firstOf: number[] = [];
  let held = 0;
  for (let f = 0; f < fighters; f++) {
    const lines = start[f + 1] - start[f];
    if (firstOf.length === 0 || (held > 0 && held + lines > bucketLines)) {
      firstOf.push(f);
      held = 0;
    }
    bucketOf[f] = firstOf.length - 1;
    held += lines;
  }
  firstOf.push(fighters);
  let filedLines = 0;

  return {
    /** Files fight `slot`'s line (at `position` in the fights' order) under each of its fighters. */
    file(slot: number, position: number, line: string): void {
      fightersOf(slot, (fighter) => {
        buckets.add(bucketOf[fighter], { fighter, position, line });
        filedLines++;
      });
    },
    /** The lists, in slot order; `id` names a fighter. */
    *units(id: (fighter: number) => string): Generator<Unit> {
      try {
        // Every fight filed, or a list would be short without a word: a fault of the caller's.
        if (filedLines !== expected) throw new Error(`the fighters' lists were given ${filedLines} of their ${expected} lines`);
        for (let bucket = 0; bucket + 1 < firstOf.length; bucket++) {
          // Only the fighters with lines: a bucket may span many fighters with none.
          const listOf = new Map<number, FiledLine[]>();
          for (const filed of buckets.take(bucket)) {
            const list = listOf.get(filed.fighter);
            if (list) list.push(filed);
            else listOf.set(filed.fighter, [filed]);
          }
          for (const fighter of [...listOf.keys()].sort((x, y) => x - y)) {
            const list = listOf.get(fighter)!;
            // Filed in the order the event lists go; a card's fights may fall on other days than the card.
            list.sort((x, y) => x.position - y.position);
            const text = listText(list.map((m) => m.line));
            yield { path: paths.whole({ resource: 'fights', by: 'fighter', id: id(fighter) }), body: () => text };
          }
        }
      } finally {
        buckets.close();
      }
    },
  };
}
