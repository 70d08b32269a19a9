// The listing the build takes its content digest and its changes from: in name order, cut to a
// folder without decoding every name, and the same after a trip to another thread.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileList, listFiles, transferList } from '../../../src/shared/file-list.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'file-list-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files = [
  'fights/b.json',
  'fights/a.json',
  'fights/sub/c.json',
  'fighters/x.json',
  'fightsx.json',
  'fights-old/o.json',
  'fights.json',
  'events/e.json',
  '.hidden',
  'fights/.swp',
  'fights0/z.json',
  'fights/d.JSON',
];
for (const file of files) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), file);
}
const all = (list: FileList) => Array.from({ length: list.count }, (_, i) => list.at(i));

describe('FileList', () => {
  const listing = listFiles(root, { stats: true });

  it('lists every file but hidden ones, in name order, with sizes', () => {
    expect(all(listing)).toEqual([
      'events/e.json',
      'fighters/x.json',
      'fights-old/o.json',
      'fights.json',
      'fights/a.json',
      'fights/b.json',
      'fights/d.JSON',
      'fights/sub/c.json',
      'fights0/z.json',
      'fightsx.json',
    ]);
    expect(listing.size(4)).toBe('fights/a.json'.length);
  });

  it('cuts a folder out by path relative to it, its sizes and times kept', () => {
    const fights = listing.within('fights');
    // Its neighbours in name order (fights-old/, fights.json, fights0/, fightsx.json) are not in it.
    expect(all(fights)).toEqual(['a.json', 'b.json', 'd.JSON', 'sub/c.json']);
    expect([fights.size(0), fights.mtime(0)]).toEqual([listing.size(4), listing.mtime(4)]);
    expect(all(fights.within('sub'))).toEqual(['c.json']);
    expect(all(fights.filterAt((i) => fights.at(i).startsWith('b')))).toEqual(['b.json']);
    expect(listing.within('rankings').count).toBe(0);
    expect(listing.within('zzz').count).toBe(0);
  });

  it("tells a name's ending from its bytes, and keeps files by their place", () => {
    const fights = listing.within('fights');
    expect(all(fights).map((_, i) => fights.endsWith(i, '.json'))).toEqual([true, true, false, true]);
    expect(all(fights.filterAt((i) => fights.endsWith(i, '.JSON')))).toEqual(['d.JSON']);
    expect(all(fights.filterAt((i) => i % 2 === 1))).toEqual(['b.json', 'sub/c.json']);
  });

  it('says whether a path is one of its files, a folder not being one', () => {
    expect([
      listing.has('fights.json'),
      listing.has('fights/a.json'),
      listing.has('fights'),
      listing.has('zzz'),
    ]).toEqual([true, true, false, false]);
    expect(listing.within('fights').has('sub/c.json')).toBe(true);
  });

  it('is the same list after packing, as it crosses to another thread', () => {
    const fights = listing.within('fights');
    const again = FileList.from(structuredClone(fights.packed()));
    expect(all(again)).toEqual(all(fights));
    expect(again.size(1)).toBe(fights.size(1));
  });
});

describe('FileList, as a build hands it over', () => {
  it('packs into buffers of their exact size, moved whole to another thread', () => {
    // A list cut from a larger one: its parts are views into the larger one's buffers.
    const fights = listFiles(root, { stats: true }).within('fights');
    const parts = fights.packed();
    for (const view of [parts.bytes, parts.ends, parts.order, parts.sizes!, parts.mtimes!])
      expect(view.byteLength).toBe(view.buffer.byteLength);
    const moved = structuredClone(parts, { transfer: transferList(parts) });
    // Moved, not copied: the sender's buffers are gone.
    expect(parts.bytes.byteLength).toBe(0);
    expect(all(FileList.from(moved))).toEqual(all(fights));
  });

  it('cannot be read once released, by any holder', () => {
    const list = listFiles(root, { stats: true });
    const heldElsewhere = { list };
    list.release();
    expect(() => heldElsewhere.list.count).toThrow(/released/);
    expect(() => heldElsewhere.list.at(0)).toThrow(/released/);
    // Not an empty list in disguise: asking for a folder or a file throws too.
    expect(() => heldElsewhere.list.within('fights')).toThrow(/released/);
    expect(() => heldElsewhere.list.has('fights.json')).toThrow(/released/);
    expect(() => heldElsewhere.list.size(0)).toThrow(/released/);
  });
});
