// A chunk made again after a change takes each unchanged record's line from the chunk that held
// it before: one read gives 50 lines. Records with a new text, records new to the list, and
// chunks the store does not have are made from the record.
import { describe, expect, it } from 'vitest';
import { fnv1a } from '../../../../src/shared/hash.ts';
import { CHUNK_SIZE, packOfHash, packText, paths, type SortedList } from '../../../../src/store/layout.ts';
import type { CollectionSource } from '../../../../src/store/writer/source.ts';
import { linesBefore, recordChanges, type Before } from '../../../../src/store/writer/update.ts';

const list: SortedList = { resource: 'fights', division_id: 'welterweight' };
const lineOf = (slot: number) => `{"slot":${slot}}`;

/** A store holding `order`'s chunks, counting the reads; chunk `missing` is absent. */
function store(order: number[], missing = -1) {
  const reads: string[] = [];
  const files = new Map<string, string>();
  for (let k = 0; k * CHUNK_SIZE < order.length; k++)
    if (k !== missing) files.set(paths.chunk(list, k), order.slice(k * CHUNK_SIZE, (k + 1) * CHUNK_SIZE).map(lineOf).join('\n'));
  const previous = { read: (p: string) => (reads.push(p), files.get(p) ?? null) } as unknown as Before;
  return { previous, reads };
}

describe('linesBefore', () => {
  const before = Array.from({ length: 3 * CHUNK_SIZE }, (_, i) => i * 2);
  // The last record moved to the front: every other record shifts by one place.
  const after = [before.at(-1)!, ...before.slice(0, -1)];

  it('takes unchanged records from the chunks before, a chunk read for many records', () => {
    const { previous, reads } = store(before);
    const made: number[] = [];
    const line = linesBefore(list, before, new Set(), (slot) => (made.push(slot), `made ${slot}`), previous);
    expect(after.map(line)).toEqual(after.map(lineOf));
    expect(made).toEqual([]);
    expect(reads.length).toBeLessThanOrEqual(4);
  });

  it('makes the records whose text changed, the records new to the list, and those of a chunk the store lacks', () => {
    const { previous } = store(before, 1);
    const line = linesBefore(list, before, new Set([before[3]]), (slot) => `made ${slot}`, previous);
    expect(line(before[3])).toBe(`made ${before[3]}`);
    expect(line(7)).toBe('made 7');
    expect(line(before[CHUNK_SIZE + 2])).toBe(`made ${before[CHUNK_SIZE + 2]}`);
    expect(line(before[2 * CHUNK_SIZE + 2])).toBe(lineOf(before[2 * CHUNK_SIZE + 2]));
  });
});

// A record's pack made again after a change keeps the other records' lines as the pack held them,
// and goes when no record is left in it.
describe('recordChanges', () => {
  // Ids that fall in one pack, found by trying: a, b and c share it.
  const ids = Array.from({ length: 400_000 }, (_, i) => `fight-${i}`);
  const pack = packOfHash(fnv1a(ids[0]));
  const [a, b, c] = ids.filter((id) => packOfHash(fnv1a(id)) === pack);
  const file = paths.recordPack('fights', a);
  const slots = [a, b, c];
  const made: number[] = [];
  const records = {
    id: (slot: number) => slots[slot],
    idHash: (slot: number) => fnv1a(slots[slot]),
    text: (slot: number) => (made.push(slot), `{"id":"${slots[slot]}","new":true}`),
  } as unknown as CollectionSource;
  const previous = { read: (p: string) => (p === file ? packText([[a, ['A0']], [b, ['B0']]]) : null) } as unknown as Before;
  const change = (changed: number[], gone: string[]) => {
    made.length = 0;
    const removed: string[] = [];
    const units = recordChanges('fights', records, new Set(changed), gone, previous, removed);
    const bodies = units.map((u) => [u.path, u.body()]);
    return { removed, made: [...made], bodies };
  };

  it('keeps the lines of records that did not change, and makes only those that did', () => {
    expect(change([0], [])).toEqual({ removed: [], made: [0], bodies: [[file, packText([[a, [`{"id":"${a}","new":true}`]], [b, ['B0']]])]] });
    expect(change([2], []).bodies).toEqual([[file, packText([[a, ['A0']], [b, ['B0']], [c, [`{"id":"${c}","new":true}`]]])]]);
  });

  it('drops a record that went, and the pack once it holds none', () => {
    expect(change([], [a])).toEqual({ removed: [], made: [], bodies: [[file, packText([[b, ['B0']]])]] });
    expect(change([], [a, b])).toEqual({ removed: [file], made: [], bodies: [] });
  });
});
