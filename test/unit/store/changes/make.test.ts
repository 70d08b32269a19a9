// The changes feed's history as builds append to it: packs that grow at the end and start anew
// once full, the builds kept (the newest 1,000 within 90 days), and the packs dropped with them.
import { describe, expect, it } from 'vitest';
import {
  CHANGES_PACK_BYTES,
  CHANGES_PACK_ENTRIES,
  KEEP_BUILDS,
  KEEP_DAYS,
  buildEndingAt,
  historyStart,
  packEntries,
  packsHolding,
  readHistoryIndex,
  type HistoryIndex,
} from '../../../../src/store/changes/format.ts';
import { paths } from '../../../../src/store/layout.ts';
import {
  appendBuild,
  BrokenHistory,
  historyUnits,
  type PreviousHistory,
  type RecordChange,
} from '../../../../src/store/changes/make.ts';

const DAY = 86_400;

/** A history kept in memory as a store would keep its files. */
function history() {
  const files = new Map<string, string>();
  let previous: PreviousHistory | null = null;
  return {
    files,
    append(at: number, changes: RecordChange[]) {
      const written = appendBuild(previous, { at, changes, seed: 'seed' });
      for (const unit of historyUnits(written, previous)) files.set(unit.path, unit.body() as string);
      for (const gone of written.removed) files.delete(gone);
      previous = { index: written.index, pack: (name) => files.get(paths.changesPack(name))! };
      return written;
    },
    get index(): HistoryIndex {
      return readHistoryIndex(files.get(paths.changesIndex)!);
    },
  };
}

const change = (n: number, bytes = 0): RecordChange => ({
  collection: 'fights',
  id: `fight-${n}`,
  change: 'changed',
  record: JSON.stringify({ id: `fight-${n}`, pad: 'x'.repeat(bytes) }),
});

describe('the history of changes', () => {
  it('begins with a build of no change, named by its time and what it holds; a build of no change leaves it as it is', () => {
    const h = history();
    const fresh = h.append(1000, []);
    expect(fresh.fresh).toBe(true);
    expect(h.index).toEqual({
      history: fresh.index.history,
      total: 0,
      builds: [[1, 1000, 0, fresh.index.history]],
      from: null,
      packs: [],
    });
    expect(appendBuild({ index: h.index, pack: () => '' }, { at: 1000, changes: [], seed: 'seed' }).units).toEqual([]);
    expect(appendBuild(null, { at: 1000, changes: [], seed: 'seed' }).index.history).toBe(fresh.index.history);
    expect(appendBuild(null, { at: 1001, changes: [], seed: 'seed' }).index.history).not.toBe(fresh.index.history);
  });

  it('appends to its last pack until the pack holds a page and its bytes, then starts another: a build rewrites the index and one or two packs', () => {
    const h = history();
    h.append(0, []);
    let n = 0;
    for (let build = 1; build <= 40; build++) {
      const written = h.append(
        build,
        Array.from({ length: 30 }, () => change(n++, 200)),
      );
      expect(written.units.length).toBeLessThanOrEqual(3);
    }
    const { index } = h;
    expect(index.total).toBe(1200);
    for (const [k, [first, name]] of index.packs.entries()) {
      const end = k + 1 < index.packs.length ? index.packs[k + 1][0] : index.total;
      const text = h.files.get(paths.changesPack(name))!;
      expect(packEntries(text)).toHaveLength(end - first);
      if (k + 1 < index.packs.length) {
        expect(end - first).toBeGreaterThanOrEqual(CHANGES_PACK_ENTRIES);
        expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(CHANGES_PACK_BYTES);
      }
    }
    // Every entry in order, each naming its build.
    const entries = packsHolding(index, 0, index.total).flatMap((p) =>
      packEntries(h.files.get(paths.changesPack(p.name))!),
    );
    expect(entries.map((e) => JSON.parse(e).id)).toEqual(Array.from({ length: 1200 }, (_, i) => `fight-${i}`));
    expect(JSON.parse(entries[0]).build).toBe(2);
    expect(JSON.parse(entries[1199]).build).toBe(41);
  });

  it('names each build from the one before and its entries: two builds made apart from one history are told apart', () => {
    const h = history();
    h.append(0, []);
    h.append(1, [change(1)]);
    const base = { index: h.index, pack: (name: string) => h.files.get(paths.changesPack(name))! };
    const [a, b] = [
      appendBuild(base, { at: 2, changes: [change(2)] }),
      appendBuild(base, { at: 2, changes: [change(3)] }),
    ];
    expect([a.index.total, a.index.builds.at(-1)![0]]).toEqual([b.index.total, b.index.builds.at(-1)![0]]);
    expect(buildEndingAt(a.index, a.index.total)).not.toBe(buildEndingAt(b.index, b.index.total));
    expect(buildEndingAt(a.index, 1)).toBe(buildEndingAt(b.index, 1));
    // The same changes at the same time from the same place make the same name (a build is reproducible).
    expect(appendBuild(base, { at: 2, changes: [change(2)] }).index.builds.at(-1)![3]).toBe(a.index.builds.at(-1)![3]);
  });

  it('refuses to append to a last pack that does not hold what the index says, and writes a full last pack no more', () => {
    const h = history();
    h.append(0, []);
    h.append(
      1,
      Array.from({ length: CHANGES_PACK_ENTRIES }, (_, i) => change(i, 3000)),
    );
    const last = h.index.packs.at(-1)![1];
    const cut = {
      index: h.index,
      pack: (name: string) => h.files.get(paths.changesPack(name))!.split('\n').slice(1).join('\n'),
    };
    expect(() => appendBuild(cut, { at: 2, changes: [change(9)] })).toThrow(BrokenHistory);
    // The last pack is full: the next build starts a pack, and leaves the full one as it is.
    const written = h.append(2, [change(1000)]);
    expect(written.units.map((u) => u.path)).toEqual([paths.changesPack(h.index.packs.at(-1)![1]), paths.changesIndex]);
    expect(written.kept).toContain(last);
  });

  it(`keeps the newest ${KEEP_BUILDS} builds, and drops the packs that hold only older ones`, () => {
    const h = history();
    h.append(0, []);
    for (let build = 1; build <= KEEP_BUILDS + 300; build++) h.append(build, [change(build, 3000)]);
    const { index } = h;
    expect(index.builds).toHaveLength(KEEP_BUILDS);
    expect(index.builds[0][0]).toBe(302);
    // A token of the newest build dropped still names the place the kept history starts from.
    expect(buildEndingAt(index, historyStart(index))).toBe(index.from);
    expect(historyStart(index)).toBe(300);
    // Every pack kept holds an entry of a kept build; the files are the index and those packs.
    expect(index.packs.length).toBeGreaterThan(1);
    const [, second] = index.packs;
    expect(second[0]).toBeGreaterThan(historyStart(index));
    expect([...h.files.keys()].sort()).toEqual(
      [paths.changesIndex, ...index.packs.map(([, name]) => paths.changesPack(name))].sort(),
    );
  });

  it(`keeps the builds within ${KEEP_DAYS} days of the newest, and always the newest`, () => {
    const h = history();
    h.append(0, []);
    h.append(10 * DAY, [change(1)]);
    h.append(50 * DAY, [change(2)]);
    h.append(120 * DAY, [change(3)]);
    expect(h.index.builds.map(([seq]) => seq)).toEqual([3, 4]);
    expect(historyStart(h.index)).toBe(1);
    h.append(500 * DAY, [change(4)]);
    expect(h.index.builds.map(([seq]) => seq)).toEqual([5]);
    expect(historyStart(h.index)).toBe(3);
  });
});
