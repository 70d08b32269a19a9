// The changes feed's history, written: a build's changes appended to the log of the builds before
// it (see format.ts), builds past the kept span dropped, and the files that differ
// named. Only the index and the packs a build appends to are made anew; every other pack keeps
// its bytes, so a deploy after a build of a few changes uploads two or three files for the feed.
import { createHash, randomBytes } from 'node:crypto';
import {
  CHANGES_PACK_BYTES,
  CHANGES_PACK_ENTRIES,
  CHANGES_PACK_MAX_BYTES,
  KEEP_BUILDS,
  KEEP_DAYS,
  builtAtText,
  changeEntryText,
  changesPackName,
  historyIndexText,
  historyStart,
  packEntries,
  type ChangeKind,
  type HistoryIndex,
} from './format.ts';
import { paths } from '../layout.ts';
import { madeUnit, type Unit } from '../lists/make.ts';

/** A record a build created, changed or deleted: its text as the API returns it (null when deleted). */
export interface RecordChange {
  collection: string;
  id: string;
  change: ChangeKind;
  record: string | null;
}

/** A build's changes: when it was made (epoch seconds), and what it did, in the order the feed gives them. */
export interface BuildChanges {
  at: number;
  changes: readonly RecordChange[];
  /** What the build holds, in a few words (a digest of its records): a history begun with it is named by it and the time. */
  seed?: string;
}

/** The history as a build finds it: its index, and a way to read one of its packs (by name). */
export interface PreviousHistory {
  index: HistoryIndex;
  pack(name: string): string;
}

export interface WrittenHistory {
  index: HistoryIndex;
  /** The files that differ from the previous history's: the index and the packs appended to. */
  units: Unit[];
  /** Packs of the previous history that are kept as they are. */
  kept: string[];
  /** Packs of the previous history no longer kept (every build in them is past the kept span). */
  removed: string[];
  /** Whether the history began with this build (there was none before it, or none to compare with). */
  fresh: boolean;
}

const DAY = 86_400;
const byteLength = (text: string) => Buffer.byteLength(text);

/**
 * A history that starts with a build of no changes: its state is where mirrors start (the
 * exports). Its name is made from the build's time and `seed` (what the build holds): a build
 * of the same data at the same time (BUILD_TIME) writes the same bytes; without a seed, random.
 */
function freshIndex(at: number, seed: string | undefined): HistoryIndex {
  const history =
    seed === undefined
      ? randomBytes(8).toString('hex')
      : createHash('sha256').update(`${at}\n${seed}`).digest('hex').slice(0, 16);
  return { history, total: 0, builds: [[1, at, 0, history]], from: null, packs: [] };
}

/**
 * The history after a build: its changes appended to `previous` (or a history begun afresh when
 * there is none), then the builds past the newest KEEP_BUILDS, or older than KEEP_DAYS, dropped
 * (the newest always stays). A build of no changes leaves the history as it was.
 */
export function appendBuild(previous: PreviousHistory | null, build: BuildChanges): WrittenHistory {
  if (previous === null) {
    const index = freshIndex(build.at, build.seed);
    return { index, units: [indexUnit(index)], kept: [], removed: [], fresh: true };
  }
  const before = previous.index;
  if (build.changes.length === 0)
    return { index: before, units: [], kept: before.packs.map(([, name]) => name), removed: [], fresh: false };

  const newest = before.builds[before.builds.length - 1];
  const seq = newest[0] + 1;
  const at = build.at;
  const packs = before.packs.map(([first, name]) => [first, name] as [number, string]);
  const made = new Map<string, string>();
  // The last pack grows until full; the ones after it start empty. One that does not hold what
  // the index says (a preview stopped between writing the two) is no history to append to.
  let last = packs.length > 0 ? packs[packs.length - 1] : null;
  let text = last ? previous.pack(last[1]) : '';
  let entries = last ? before.total - last[0] : 0;
  if (last && packEntries(text).length !== entries)
    throw new BrokenHistory(
      `its last pack holds ${packEntries(text).length} changes, not the ${entries} its index says`,
    );
  let bytes = byteLength(text);
  let total = before.total;
  const builtAt = builtAtText(at);
  const lines: string[] = [];
  for (const c of build.changes) {
    const line = changeEntryText(seq, builtAt, c.collection, c.id, c.change, c.record);
    const size = byteLength(line);
    lines.push(line);
    const full =
      last === null ||
      (entries >= CHANGES_PACK_ENTRIES && bytes >= CHANGES_PACK_BYTES) ||
      bytes + 1 + size > CHANGES_PACK_MAX_BYTES;
    if (full && (last === null || entries > 0)) {
      last = [total, changesPackName(total)];
      packs.push(last);
      text = '';
      entries = 0;
      bytes = 0;
    }
    text = entries === 0 ? line : `${text}\n${line}`;
    bytes += size + (entries === 0 ? 0 : 1);
    entries++;
    total++;
    // Only the packs entries went into are made: a full last pack keeps its bytes.
    made.set(last![1], text);
  }

  // Each build's name is made from the one before and its entries: a chain no other build shares.
  const name = createHash('sha256')
    .update(`${newest[3]}\n${lines.join('\n')}`)
    .digest('hex')
    .slice(0, 16);
  const builds = [...before.builds, [seq, at, before.total, name] as HistoryIndex['builds'][number]];
  // The newest KEEP_BUILDS, and of those the ones within KEEP_DAYS: whichever keeps fewer.
  let from = Math.max(0, builds.length - KEEP_BUILDS);
  while (from < builds.length - 1 && builds[from][1] < at - KEEP_DAYS * DAY) from++;
  const index: HistoryIndex = {
    history: before.history,
    total,
    builds: builds.slice(from),
    from: from > 0 ? builds[from - 1][3] : before.from,
    packs: [],
  };
  // A pack goes once every entry in it is before the kept history's start; the last one always stays.
  const start = historyStart(index);
  const removed: string[] = [];
  for (let k = 0; k < packs.length; k++) {
    const end = k + 1 < packs.length ? packs[k + 1][0] : total;
    if (k + 1 < packs.length && end <= start) removed.push(paths.changesPack(packs[k][1]));
    else index.packs.push(packs[k]);
  }
  // The index last: a host that moves the files in their order never shows an index ahead of its packs.
  const units: Unit[] = [];
  const kept: string[] = [];
  for (const [, packName] of index.packs) {
    const body = made.get(packName);
    if (body === undefined) kept.push(packName);
    else units.push(madeUnit(paths.changesPack(packName), body));
  }
  units.push(indexUnit(index));
  return { index, units, kept, removed, fresh: false };
}

/** A previous history that cannot be appended to: the build begins another. */
export class BrokenHistory extends Error {}

/** Every file of the history, for a store written whole: the index, the packs made, and the previous history's packs kept as they are. */
export function historyUnits(written: WrittenHistory, previous: PreviousHistory | null): Unit[] {
  const made = written.units.filter((unit) => unit.path !== paths.changesIndex);
  const kept = written.kept.map((name) => ({ path: paths.changesPack(name), body: () => previous!.pack(name) }));
  return [...made, ...kept, indexUnit(written.index)];
}

const indexUnit = (index: HistoryIndex): Unit => ({ path: paths.changesIndex, body: () => historyIndexText(index) });
