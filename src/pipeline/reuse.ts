// A build that takes every store file a content change leaves as it was from the previous build
// (a hard link, or a copy where links cannot be made) and makes only the files the change
// touches: the same bytes as a build from nothing, in a fraction of the time. It applies when the
// previous build's state is of this code, this content folder and that build, and the change is
// one a live preview applies too (fights, events, fighters); otherwise the caller builds anew.
//
// The taking starts early (startReuse, called while Astro builds the pages): every file of the
// previous store is linked into a folder beside the new build on a thread of its own. When the
// change is known, the files it touches are replaced there (unlinked first, never written
// through a link, which would change the previous build's file too), and the folder is moved in.
import { mkdirSync, renameSync, rmSync, rmdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Worker } from 'node:worker_threads';
import { readTextIfThere } from '../shared/fs-errors.ts';
import { EXPORT_PART_BYTES } from '../store/exports/format.ts';
import { STORE } from '../store/layout.ts';
import { nowSeconds, type BuildStoreOptions, type BuildStoreResult } from './options.ts';
import { previousHistory, recordBuild } from './history.ts';
import { contentChanges } from './content-changes.ts';
import { fileWriter } from './file-writer.ts';
import { listContent } from './inputs.ts';
import type { LinkMessage } from './link-worker.ts';
import type { Progress } from './progress.ts';
import { codeDigest, loadState, readStateMeta, saveState, type StateMeta } from './state.ts';
import { applyChanges } from './update.ts';

type Previous = NonNullable<BuildStoreOptions['previous']>;

/**
 * The most changed content files a build takes on as an update, for a catalog of `records`
 * fights, events and fighters; more are built from nothing. An update's time follows the files it
 * changes (each rewrites the packs around it), a build from nothing's the records: at 100,000
 * fights (142,000 records) 40 scattered edits took 10-12 s as an update, 100 took 11-16 s, 300
 * took 16-20 s, where a build from nothing took 14-22 s. So an update is taken up to one changed
 * file per 500 records (and 20 at any size), and its memory, made and written a file at a time,
 * follows the files it changes (100 edits at 100,000 fights: some 800 MB at their peak).
 */
export const updateLimit = (records: number) => Math.max(20, Math.floor(records / RECORDS_PER_UPDATE_FILE));
export const RECORDS_PER_UPDATE_FILE = 500;

/** The previous build's store being taken into a folder beside the new build. */
export interface Reuse {
  previous: Previous;
  meta: StateMeta;
  /** Where the previous store's files are linked (its store/ folder moves into the new build). */
  folder: string;
  /** How many files were taken, once all are; progress shows from the call on, timed from the start. */
  taken(progress: Progress): Promise<number>;
  /**
   * Stops the taking and removes what was taken, on a thread of its own: the caller builds from
   * nothing meanwhile, and awaits the removal before it ends.
   */
  discard(): Promise<void>;
}

/**
 * Starts taking the previous build's store when its state was made by this code from this
 * content folder for that build; null when it was not (the build is made from nothing).
 */
export function startReuse(contentDir: string, previous: Previous): Reuse | null {
  const meta = readStateMeta(previous.state);
  if (
    !meta ||
    !isDeepStrictEqual([meta.code, meta.content, meta.store], [codeDigest(), path.resolve(contentDir), previous.store])
  )
    return null;
  const folder = path.resolve(previous.links);
  rmSync(folder, { recursive: true, force: true });
  const worker = new Worker(new URL('./link-worker.ts', import.meta.url), {
    workerData: { from: path.join(path.resolve(previous.dir), STORE), to: path.join(folder, STORE) },
  });
  const began = performance.now();
  let linked = 0;
  let finished = 0;
  let onLinked: ((n: number) => void) | undefined;
  const done = new Promise<number>((resolve, reject) => {
    worker.on('message', (message: LinkMessage) => {
      onLinked?.(message.linked - linked);
      linked = message.linked;
      if (message.done) (finished = performance.now()), resolve(linked);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the thread taking the previous build's files stopped (${code})`)));
  });
  // Awaited by taken() or discarded; a failure is reported there, not as an unhandled rejection.
  done.catch(() => {});
  return {
    previous,
    meta,
    folder,
    async taken(progress) {
      const phase = progress.phase('taking unchanged store files from the previous build', undefined, began);
      phase.tick(linked);
      onLinked = (n) => phase.tick(n);
      const count = await done;
      // Timed from the linking's start to its end, however long before this call either came.
      phase.done(finished);
      return count;
    },
    async discard() {
      await worker.terminate();
      // At a million files, unlinking what was taken is a minute of the kernel's time.
      await removeOffThread(folder);
    },
  };
}

/** Removes a folder and everything in it on a thread of its own. */
function removeOffThread(folder: string): Promise<void> {
  const code = `require('node:fs').rmSync(${JSON.stringify(folder)}, { recursive: true, force: true })`;
  return new Promise((resolve, reject) => {
    const remover = new Worker(code, { eval: true });
    remover.once('error', reject);
    remover.once('exit', () => resolve());
  });
}

export async function updateStore(options: BuildStoreOptions, reuse: Reuse): Promise<BuildStoreResult | null> {
  const started = performance.now();
  const { previous, meta } = reuse;
  const content = path.resolve(options.contentDir);
  const saved = loadState(previous.state);
  if (!saved) return null;
  const phase = options.progress.phase('finding changed content files');
  const { changes, small } = contentChanges(saved.catalog, options.contentListing ?? listContent(content));
  phase.done();
  const records = saved.catalog.fights.count + saved.catalog.events.count + saved.catalog.fighters.count;
  if (small || changes.length > updateLimit(records)) return null;
  const oldRoot = path.resolve(previous.dir);
  const read = (file: string) => readTextIfThere(path.join(oldRoot, file));
  // Parts cut as a build from nothing with these options would cut them (a store cut to another limit is made again).
  const result = applyChanges(
    {
      catalog: saved.catalog,
      orders: saved.orders,
      contentDir: content,
      asOf: options.asOfDay,
      madeFor: meta.asOf,
      read,
      exportPartBytes: options.exportPartBytes ?? EXPORT_PART_BYTES,
    },
    changes,
  );
  // Problems are reported by a full build, in the order and words a build always uses.
  if (result.kind !== 'update') return null;
  // The change's records appended to the history the previous store holds; its packs that stay are taken with the rest.
  const recorded = recordBuild(previousHistory(oldRoot, meta), result.changes, options.builtAt ?? nowSeconds(), {
    storeDir: oldRoot,
  });
  const scanned = performance.now();

  // Every file is taken before any is replaced: the linking would fail on a file already there.
  let taken = await reuse.taken(options.progress);
  const replace = (file: string) => {
    try {
      unlinkSync(path.join(reuse.folder, file));
      taken--;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  };
  const sink = fileWriter(reuse.folder);
  const made = new Set<string>();
  // Made as they are written (see applyChanges): their count is known at the end.
  const making = options.progress.phase('writing changed store files');
  try {
    for (const units of [result.units, recorded.written.units])
      for await (const unit of units) {
        made.add(unit.path);
        replace(unit.path);
        await sink.write(unit.path, unit.body());
        making.tick();
      }
  } finally {
    await sink.close();
  }
  making.done();
  for (const file of [...result.removed, ...recorded.written.removed])
    if (!made.has(file)) replace(file), removeEmptyFolders(reuse.folder, path.dirname(file));
  mkdirSync(path.resolve(options.outDir), { recursive: true });
  renameSync(path.join(reuse.folder, STORE), path.join(path.resolve(options.outDir), STORE));
  rmdirSync(reuse.folder);
  if (options.stateDir)
    saveState(options.stateDir, {
      meta: {
        version: 0,
        code: meta.code,
        content,
        asOf: options.asOfDay,
        store: options.storeId ?? '',
        history: recorded.history,
      },
      catalog: saved.catalog,
      orders: result.orders,
    });
  return {
    files: made.size + taken,
    // The changed export parts are made with the other changed files, not timed apart.
    seconds: { scan: (scanned - started) / 1000, write: (performance.now() - scanned) / 1000, exports: 0 },
    reused: { changedFiles: changes.length, madeFiles: made.size, linkedFiles: taken },
    history: recorded.note,
    published: recorded.published,
  };
}

/** Removes `folder` (a store path) and the folders above it while they are empty: a build from nothing makes no empty folder. */
function removeEmptyFolders(root: string, folder: string): void {
  for (let at = folder; at !== '.' && at !== STORE; at = path.dirname(at)) {
    try {
      rmdirSync(path.join(root, at));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
  }
}
