// Each collection's records in packs (see make.ts): a record's text is filed under its pack as
// the collection's sorted list first asks for it, in list order (the order a source resolves
// texts in most cheaply), so no text is read again to make the packs.
import type { LargeResource } from '../../records/resources.ts';
import type { ShapesOf } from '../pack/shapes.ts';
import type { LineBuckets } from '../pack/line-buckets.ts';
import type { TextOf, Unit } from '../lists/make.ts';
import { packedLists } from './make.ts';
import type { CollectionSource } from '../source.ts';

export function recordPacks(
  resource: LargeResource,
  records: Pick<CollectionSource, 'slots' | 'order' | 'id' | 'idHash' | 'text'>,
  buckets: LineBuckets,
  shapes: ShapesOf,
) {
  const packs = packedLists(records, buckets);
  const filed = new Uint8Array(records.slots);
  const file = (slot: number, text: string) => {
    packs.file(slot, 0, text);
    filed[slot] = 1;
  };
  return {
    /** A text function that files each record's text under its pack the first time it gives it. */
    filing(text: TextOf): TextOf {
      return (slot) => {
        const body = text(slot);
        if (!filed[slot]) file(slot, body);
        return body;
      };
    },
    /** The packs, in hash order, and the index: records not filed yet (none, once their sorted list is written) are filed first. */
    *units(): Generator<Unit> {
      for (let p = 0; p < records.order.length; p++) {
        const slot = records.order[p];
        if (!filed[slot]) file(slot, records.text(slot));
      }
      yield* packs.units({ resource }, shapes);
    },
  };
}
