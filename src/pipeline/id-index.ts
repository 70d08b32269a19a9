// Ids to slots for millions of records: a hash table of slot numbers over the ids kept in a
// TextColumn (slot i is the i-th id added), with each entry's hash kept beside it so that a
// lookup decodes an id only when the hashes agree.
import { fnv1a } from '../shared/hash.ts';
import { TextColumn } from '../shared/text-column.ts';

const EMPTY = -1;

export class IdIndex {
  readonly ids: TextColumn;
  private table = new Int32Array(1 << 12).fill(EMPTY);
  private hashes = new Int32Array(1 << 10);

  /** An index of the ids already in `ids` (slot i for the i-th), or an empty one. */
  constructor(ids = new TextColumn()) {
    this.ids = ids;
    if (ids.count === 0) return;
    this.hashes = new Int32Array(Math.max(1 << 10, ids.count));
    for (let slot = 0; slot < ids.count; slot++) this.hashes[slot] = fnv1a(ids.get(slot)) | 0;
    let size = 1 << 12;
    while (ids.count * 2 > size) size *= 2;
    this.rehash(size);
  }

  get size(): number {
    return this.ids.count;
  }

  /** The slot of `id`, or -1. */
  slotOf(id: string): number {
    const h = fnv1a(id) | 0;
    const mask = this.table.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const slot = this.table[i];
      if (slot === EMPTY) return -1;
      if (this.hashes[slot] === h && this.ids.get(slot) === id) return slot;
    }
  }

  /** Adds `id` under the next slot, or returns the slot that already holds it (as `existing`). */
  add(id: string): { slot: number; existing: boolean } {
    const found = this.slotOf(id);
    if (found >= 0) return { slot: found, existing: true };
    const slot = this.ids.push(id);
    if (slot === this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[slot] = fnv1a(id) | 0;
    // Kept at most half full, so probes stay short.
    if (this.ids.count * 2 > this.table.length) this.rehash(this.table.length * 2);
    else this.place(slot);
    return { slot, existing: false };
  }

  id(slot: number): string {
    return this.ids.get(slot);
  }

  /** FNV-1a of the slot's id, as the table keeps it: for code that needs the hash without the id's text. */
  hashOf(slot: number): number {
    return this.hashes[slot] >>> 0;
  }

  private place(slot: number) {
    const mask = this.table.length - 1;
    let i = this.hashes[slot] & mask;
    while (this.table[i] !== EMPTY) i = (i + 1) & mask;
    this.table[i] = slot;
  }

  private rehash(size: number) {
    this.table = new Int32Array(size).fill(EMPTY);
    for (let slot = 0; slot < this.ids.count; slot++) this.place(slot);
  }
}
