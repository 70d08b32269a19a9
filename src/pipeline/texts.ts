// Every fight's, event's and fighter's API text, resolved before the store is written and set
// aside in spill files, read back by position as the writer asks. Resolving is most of what the
// writing once spent on the main thread (a third of it at a million fights): each list is cut in
// two, the main thread resolves the first half and a thread of its own the second, both cores
// busy. Each half is appended in list order, so the writer, which reads a list in that order,
// reads each file forward. Small content is resolved on the main thread alone: starting the
// thread would cost more than it saves.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LARGE, SINGULAR, type LargeResource } from '../records/resources.ts';
import { Shapes, storedRecord } from '../store/pack/shapes.ts';
import type { TextOf } from '../store/lists/make.ts';
import type { Catalog } from './catalog.ts';
import type { Orders, Resolver } from './catalog-source.ts';
import { answeringThread } from './answering-thread.ts';
import type { Progress } from './progress.ts';
import { closeAll, closeAllAfter, Spill } from './spill.ts';

/** Records (of the three collections together) from which the second half of each list is resolved on a thread of its own. */
export const RESOLVE_THREAD_FROM = 20_000;

/** Heap of the resolving thread, as a scanner's: a record at a time, and the recent events. */
const RESOLVER_HEAP_MB = 96;

/** Records resolved between two turns of the event loop: the other thread's progress is heard between them. */
const TURN = 2048;

/** Where each text of a share lies in its spill file, by its place in the share. */
export interface ShareTexts {
  at: Float64Array<ArrayBuffer>;
  length: Uint32Array<ArrayBuffer>;
}

/** Resolves the records of `slots`, in that order, appending each as packs hold it (see storedRecord) to `spill`; its shape goes to `shapes`. */
export async function resolveShare(
  resolve: Resolver,
  collection: LargeResource,
  slots: ArrayLike<number>,
  spill: Spill,
  shapes: Shapes,
  tick: (n: number) => void,
): Promise<ShareTexts> {
  const one = resolve[SINGULAR[collection]];
  const at = new Float64Array(slots.length);
  const length = new Uint32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const text = storedRecord(one(slots[i]), shapes);
    at[i] = spill.append(text);
    length[i] = text.length;
    if ((i + 1) % TURN === 0) {
      tick(TURN);
      await new Promise(setImmediate);
    }
  }
  tick(slots.length % TURN);
  return { at, length };
}

/** A large collection's columns as the resolving thread is given them: copies, the other thread's own. */
interface SpillColumns {
  spillFile: Uint8Array<ArrayBuffer>;
  spillAt: Float64Array<ArrayBuffer>;
  spillLength: Uint32Array<ArrayBuffer>;
}
interface PackedText {
  bytes: Uint8Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
}

/** What the resolving thread is given: the catalog's parts a record's text reads, its share of each list, and its files. */
export interface TextsRequest {
  asOfDay: string;
  catalog: Pick<Catalog, 'spills' | 'divisions' | 'organizations' | 'titles' | 'rankings'> & {
    fights: SpillColumns & { event: Int32Array<ArrayBuffer> };
    events: SpillColumns;
    fighters: SpillColumns & { ids: PackedText; name: PackedText; fullName: PackedText };
  };
  shares: Record<LargeResource, Uint32Array<ArrayBuffer>>;
  files: Record<LargeResource, string>;
}

export type TextsMessage =
  | { resolved: number }
  | { texts: Record<LargeResource, ShareTexts>; shapes: Array<[string, readonly string[]]> };

/** Where a collection's texts lie: slot s's is `length[s]` bytes at `at[s]` of `files[half[s]]`. */
export interface TextPlaces {
  at: Float64Array<ArrayBuffer>;
  length: Uint32Array<ArrayBuffer>;
  half: Uint8Array<ArrayBuffer>;
  files: string[];
}

/** Each record as packs hold it (see storedRecord), by slot, and the shapes they name. */
export interface RecordTexts {
  fights: TextOf;
  events: TextOf;
  fighters: TextOf;
  shapes: Shapes;
  /** Where each collection's texts lie, for another thread to read them (see textsAt). */
  places: Record<LargeResource, TextPlaces>;
  close(): void;
}

export interface ResolveOptions {
  asOfDay: string;
  /** A folder of the build's own, for the spill files. */
  workDir: string;
  progress: Progress;
  /** RESOLVE_THREAD_FROM unless given (tests ask for 0, to have a small dataset resolved on both threads). */
  threadFrom?: number;
}

/** Every valid record's text, resolved once: `resolve` on this thread, the second half of each list on another when the content is large. */
export async function resolveTexts(
  catalog: Catalog,
  orders: Orders,
  resolve: Resolver,
  options: ResolveOptions,
): Promise<RecordTexts> {
  const total = LARGE.reduce((n, c) => n + orders[c].length, 0);
  const shared = total >= (options.threadFrom ?? RESOLVE_THREAD_FROM);
  const cut = (c: LargeResource) => (shared ? Math.ceil(orders[c].length / 2) : orders[c].length);
  const file = (c: LargeResource, half: number) => path.join(options.workDir, `${c}-${half}.ndjson`);
  const phase = options.progress.phase('resolving records', total);
  const opened: Spill[] = [];
  const open = (c: LargeResource, half: number, mode?: 'r') => {
    const spill = new Spill(file(c, half), mode);
    opened.push(spill);
    return spill;
  };
  let other: ReturnType<typeof startThread> | null = null;
  try {
    if (shared) {
      const shares = Object.fromEntries(LARGE.map((c) => [c, orders[c].slice(cut(c))])) as TextsRequest['shares'];
      other = startThread(
        catalog,
        options.asOfDay,
        shares,
        Object.fromEntries(LARGE.map((c) => [c, file(c, 1)])) as TextsRequest['files'],
        (n) => phase.tick(n),
      );
    }
    const here = {} as Record<LargeResource, ShareTexts>;
    const mine = {} as Record<LargeResource, Spill>;
    const shapes = new Shapes();
    for (const c of LARGE) {
      mine[c] = open(c, 0);
      // A failure of the other thread is heard between two turns, and ends this half too.
      here[c] = await resolveShare(
        resolve,
        c,
        orders[c].subarray(0, cut(c)),
        mine[c],
        shapes,
        (n) => (phase.tick(n), other?.check()),
      );
    }
    const there = other ? await other.done : null;
    phase.done();
    if (there) shapes.addAll(there.shapes);
    const texts = {} as Record<LargeResource, TextOf>;
    const places = {} as Record<LargeResource, TextPlaces>;
    for (const c of LARGE) {
      // Written out, so that another thread may read this half too.
      mine[c].flush();
      places[c] = placed(
        catalog[c].count,
        orders[c],
        cut(c),
        [here[c], there?.texts[c]],
        [file(c, 0), ...(there ? [file(c, 1)] : [])],
      );
      texts[c] = textsAt(places[c], [mine[c], ...(there ? [open(c, 1, 'r')] : [])]);
    }
    return { ...texts, shapes, places, close: () => closeAll(opened) };
  } catch (e) {
    // Thrown once the other thread has ended, its files closed with it.
    await other?.stop();
    closeAllAfter(e, opened);
  }
}

/** Where each slot's text lies, from the two halves of its list. */
function placed(
  slots: number,
  order: Uint32Array,
  cut: number,
  halves: [ShareTexts, ShareTexts | undefined],
  files: string[],
): TextPlaces {
  const at = new Float64Array(slots);
  const length = new Uint32Array(slots);
  const half = new Uint8Array(slots);
  for (let i = 0; i < order.length; i++) {
    const h = i < cut ? 0 : 1;
    const texts = halves[h]!;
    const slot = order[i];
    [at[slot], length[slot], half[slot]] = [texts.at[i - h * cut], texts.length[i - h * cut], h];
  }
  return { at, length, half, files };
}

/** A collection's texts by slot, read from `spills`, its `places.files` opened to read. */
export function textsAt({ at, length, half }: TextPlaces, spills: Spill[]): TextOf {
  return (slot) => spills[half[slot]].read(at[slot], length[slot]);
}

/** The resolving thread (see answering-thread.ts). */
function startThread(
  catalog: Catalog,
  asOfDay: string,
  shares: TextsRequest['shares'],
  files: TextsRequest['files'],
  tick: (n: number) => void,
) {
  // Every array given is a copy made for the thread, moved to it rather than copied again.
  const moved: ArrayBuffer[] = [];
  const give = <T extends ArrayBufferView<ArrayBuffer>>(copy: T): T => (moved.push(copy.buffer), copy);
  const spilled = (r: Catalog[LargeResource]): SpillColumns => ({
    spillFile: give(r.spillFile.slice(0, r.count)),
    spillAt: give(r.spillAt.slice(0, r.count)),
    spillLength: give(r.spillLength.slice(0, r.count)),
  });
  const packed = (column: Catalog['fighters']['name']): PackedText => {
    const { bytes, ends } = column.packed();
    // Copies (a Buffer's slice would share its memory, which moving it would take from this thread).
    return { bytes: give(new Uint8Array(bytes)), ends: give(ends.slice()) };
  };
  const { fights, events, fighters } = catalog;
  const request: TextsRequest = {
    asOfDay,
    catalog: {
      spills: catalog.spills,
      divisions: catalog.divisions,
      organizations: catalog.organizations,
      titles: catalog.titles,
      rankings: catalog.rankings,
      fights: { ...spilled(fights), event: give(fights.event.slice(0, fights.count)) },
      events: spilled(events),
      fighters: {
        ...spilled(fighters),
        ids: packed(fighters.index.ids),
        name: packed(fighters.name),
        fullName: packed(fighters.fullName),
      },
    },
    shares,
    files,
  };
  Object.values(shares).forEach(give);
  const worker = new Worker(new URL('./texts-worker.ts', import.meta.url), {
    workerData: request,
    transferList: moved,
    // What it holds between records is small (the catalog's parts are typed arrays, outside the
    // heap): a small heap makes it collect each record's garbage as it goes, where a large one
    // would let hundreds of megabytes of it pile up first.
    resourceLimits: { maxOldGenerationSizeMb: RESOLVER_HEAP_MB },
  });
  return answeringThread(worker, 'resolving records', (message: TextsMessage) =>
    'resolved' in message ? void tick(message.resolved) : message,
  );
}
