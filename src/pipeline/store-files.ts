// The store's files but the exports, made on both cores when the content is large. The fighters'
// files (their lists, records, each title's holders, the name search: half of the making at
// 100,000 fights) are made on a thread of their own, with a file writer of its own, while this
// thread makes the rest (store/units.ts: unitsBesideFighters). Both threads make their files with
// the functions one thread uses (storeUnits is the two shares in turn), so the bytes are the same.
//
// The thread is given the fighters as the store's source gives them (every slot's id, hash,
// division, titles and search fields, packed into typed arrays moved to it, not copied) and where
// their texts lie in the build's spill files, which it reads itself.
import { Worker } from 'node:worker_threads';
import type { Division, Title } from '../records/schemas.ts';
import { answeringThread } from './answering-thread.ts';
import { TextColumn } from '../shared/text-column.ts';
import type { Sink } from '../store/sink.ts';
import type { FighterSource, StoreSource } from '../store/source.ts';
import { storeUnits, unitsBesideFighters, type WriteOptions } from '../store/units.ts';
import type { Unit } from '../store/lists/make.ts';
import { diskBuckets } from './disk-gram-buckets.ts';
import { diskLineBuckets } from './disk-line-buckets.ts';
import type { RecordTexts, TextPlaces } from './texts.ts';

/** Records (of the three large collections together) from which the fighters' files are made on a thread of their own. */
export const FIGHTERS_THREAD_FROM = 20_000;

/** Files made between two turns of this thread's loop, on either thread: the other's progress and failure are heard between them. */
export const TURN = 64;

export interface PackedText {
  bytes: Uint8Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
}

/** A FighterSource as typed arrays, by slot (a slot that holds no record has an empty id and nothing else). */
export interface PackedFighters {
  slots: number;
  order: Uint32Array<ArrayBuffer>;
  ids: PackedText;
  idHash: Uint32Array<ArrayBuffer>;
  division: Uint16Array<ArrayBuffer>;
  /** Slot s holds `titles` from `titleEnds[s - 1]` (0 for slot 0) to `titleEnds[s]`; the same for `fields`. */
  titleEnds: Uint32Array<ArrayBuffer>;
  titles: Uint16Array<ArrayBuffer>;
  fields: PackedText;
  fieldEnds: Uint32Array<ArrayBuffer>;
  texts: TextPlaces;
}

/** What the fighters' thread is given. */
export interface FightersRequest {
  /** The built site's folder and the build's working folder (its spill and bucket files). */
  outDir: string;
  workDir: string;
  shapes: Array<[string, readonly string[]]>;
  divisions: readonly Division[];
  titles: readonly Title[];
  fighters: PackedFighters;
}

export type FightersMessage = { made: number } | { files: number };

export interface StoreFilesOptions {
  outDir: string;
  workDir: string;
  /** Told of every file made, on either thread. */
  tick(n: number): void;
  /** FIGHTERS_THREAD_FROM unless given (tests ask for 0, to see small content made on two threads). */
  threadFrom?: number;
}

/** Makes every store file but the exports into `sink` (the fighters' into a writer of their own, when on a thread); returns how many files the other thread wrote. */
export async function writeStoreFiles(
  source: StoreSource,
  texts: Pick<RecordTexts, 'places'>,
  sink: Sink,
  options: StoreFilesOptions,
): Promise<number> {
  const writeOptions = onDisk(options.workDir);
  const records = source.fights.count + source.events.count + source.fighters.count;
  if (records < (options.threadFrom ?? FIGHTERS_THREAD_FROM)) {
    for (const unit of storeUnits(source, writeOptions)) await write(sink, unit, options.tick);
    return 0;
  }
  const other = startThread(
    {
      outDir: options.outDir,
      workDir: options.workDir,
      shapes: [...source.shapes.entries()],
      divisions: source.divisions,
      titles: source.titles,
      fighters: packFighters(source.fighters, texts.places.fighters),
    },
    options.tick,
  );
  try {
    let n = 0;
    for (const unit of unitsBesideFighters(source, writeOptions)) {
      await write(sink, unit, options.tick);
      // The other thread's progress is heard between two turns, and its failure ends this share.
      if (++n % TURN === 0) {
        await new Promise(setImmediate);
        other.check();
      }
    }
    return await other.done;
  } catch (e) {
    await other.stop();
    throw e;
  }
}

/** Where the writing's grouped lines and name-search pairs wait: in files of the build's working folder (each thread's under names of its own). */
export const onDisk = (workDir: string): WriteOptions => ({
  buckets: diskBuckets(workDir),
  lines: (name) => diskLineBuckets(workDir, name),
});

async function write(sink: Sink, unit: Unit, tick: (n: number) => void) {
  await sink.write(unit.path, unit.body());
  tick(1);
}

/** The fighters of a source, packed to be moved to another thread. */
export function packFighters(fighters: FighterSource, texts: TextPlaces): PackedFighters {
  const { slots } = fighters;
  const held = new Uint8Array(slots);
  for (let i = 0; i < fighters.order.length; i++) held[fighters.order[i]] = 1;
  const ids = new TextColumn();
  const fields = new TextColumn();
  const idHash = new Uint32Array(slots);
  const division = new Uint16Array(slots);
  const titleEnds = new Uint32Array(slots);
  const fieldEnds = new Uint32Array(slots);
  const titles: number[] = [];
  for (let s = 0; s < slots; s++) {
    if (held[s]) {
      ids.push(fighters.id(s));
      idHash[s] = fighters.idHash(s);
      division[s] = fighters.division(s);
      for (const t of fighters.titles(s)) titles.push(t);
      for (const f of fighters.searchFields(s)) fields.push(f);
    } else ids.push('');
    titleEnds[s] = titles.length;
    fieldEnds[s] = fields.count;
  }
  return {
    slots,
    order: Uint32Array.from(fighters.order),
    ids: copied(ids),
    idHash,
    division,
    titleEnds,
    titles: Uint16Array.from(titles),
    fields: copied(fields),
    fieldEnds,
    texts,
  };
}

/** A column's bytes in arrays of their own, to be moved. */
function copied(column: TextColumn): PackedText {
  const { bytes, ends } = column.packed();
  return { bytes: new Uint8Array(bytes), ends: ends.slice() };
}

/** The FighterSource of packed fighters, whose texts `text` reads. */
export function unpackFighters(packed: PackedFighters, text: (slot: number) => string): FighterSource {
  const ids = TextColumn.from(packed.ids.bytes, packed.ids.ends);
  const fields = TextColumn.from(packed.fields.bytes, packed.fields.ends);
  const start = (ends: Uint32Array, s: number) => (s === 0 ? 0 : ends[s - 1]);
  return {
    slots: packed.slots,
    count: packed.order.length,
    order: packed.order,
    id: (s) => ids.get(s),
    idHash: (s) => packed.idHash[s],
    text,
    division: (s) => packed.division[s],
    titles: (s) => Array.from(packed.titles.subarray(start(packed.titleEnds, s), packed.titleEnds[s])),
    searchFields: (s) => {
      const found: string[] = [];
      for (let i = start(packed.fieldEnds, s); i < packed.fieldEnds[s]; i++) found.push(fields.get(i));
      return found;
    },
  };
}

/** The fighters' thread, whose answer is how many files it wrote (see answering-thread.ts). */
function startThread(request: FightersRequest, tick: (n: number) => void) {
  const f = request.fighters;
  const moved = [
    f.order,
    f.ids.bytes,
    f.ids.ends,
    f.idHash,
    f.division,
    f.titleEnds,
    f.titles,
    f.fields.bytes,
    f.fields.ends,
    f.fieldEnds,
  ].map((a) => a.buffer);
  // The texts' places stay this thread's too (the exports read them after): the thread has copies.
  request.fighters = {
    ...f,
    texts: { ...f.texts, at: f.texts.at.slice(), length: f.texts.length.slice(), half: f.texts.half.slice() },
  };
  moved.push(
    request.fighters.texts.at.buffer,
    request.fighters.texts.length.buffer,
    request.fighters.texts.half.buffer,
  );
  const worker = new Worker(new URL('./store-files-worker.ts', import.meta.url), {
    workerData: request,
    transferList: moved,
  });
  return answeringThread(worker, "making the fighters' files", (message: FightersMessage) =>
    'made' in message ? void tick(message.made) : message.files,
  );
}
