// Reads and checks a content folder of any size into a catalog. Scanner threads read and check
// the files (both cores are used); the main thread checks between records as results arrive and
// keeps each record's keys. Every problem is collected before the build stops, as the small
// reader does, with the same messages in the same order.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { COLLECTIONS, listCollection, listStrays, type Warning } from '../content/files.ts';
import { listFiles, type FileList } from '../shared/file-list.ts';
import { ContentError, collectionFileProblems, displayPath, displayPathIn, missingFolder } from '../content/read.ts';
import type { CollectionName } from '../content/schemas.ts';
import { createCrossChecker, mapIdIndex, type IdIndex, type Problem } from '../content/validate.ts';
import { divisionIndexOf, emptyCatalog, setKeys, type Catalog, type Records } from './catalog.ts';
import type { Progress } from './progress.ts';
import type { Scanned, ScannerData, ScanReply, ScanRequest } from './scan-protocol.ts';

const BATCH = 500;
/**
 * Content files from which each core gets a scanner. Below, one scanner does: beside the main
 * thread, which checks each result as it arrives, it keeps two cores busy, and a second scanner
 * would cost more to start than it saves. Measured on two cores: at 13,000 files one scanner
 * built as fast with a tenth less CPU; at 100,000 two were a tenth faster.
 */
export const SCANNER_PER_CORE_FROM = 20_000;
/** Heap of a scanner thread: a batch's files and their records, a few megabytes, with room to spare. */
const SCANNER_HEAP_MB = 96;
/** Batches handed to a scanner before its first answer comes back: it never waits for work. */
const AHEAD = 3;

export type ScanOptions = {
  onIgnored(ignored: Warning[]): void;
  progress: Progress;
  /** Scanner threads (default: scannerThreads() for the content's files). */
  threads?: number;
  /**
   * Every file of the content folder, when the caller has listed it already (see inputs.ts): the
   * files read are those. Else the folder is listed here, once.
   */
  listing?: FileList;
} & (
  | {
      /** Where the scanners' spill files go (a folder of the build's own). */
      workDir: string;
      spill?: true;
    }
  | {
      /**
       * A check alone keeps no records: nothing is spilled, so the catalog counts and names the
       * records but cannot be written into a store (no record is marked as spilled).
       */
      spill: false;
    }
);

/**
 * The scanners for `contentFiles` files: SCAN_THREADS when it names a number of them (1 or more;
 * anything else is ignored), else one per core from SCANNER_PER_CORE_FROM files and one below; 8 at most.
 */
export function scannerThreads(contentFiles: number, env: Record<string, string | undefined> = process.env): number {
  const setting = Number(env.SCAN_THREADS);
  const chosen =
    Number.isInteger(setting) && setting >= 1
      ? setting
      : contentFiles >= SCANNER_PER_CORE_FROM
        ? availableParallelism()
        : 1;
  return Math.min(chosen, 8);
}

/** A pool of scanner threads that answers batches in the order they were asked; `workDir` null: they spill nothing. */
function scannerPool(workDir: string | null, threads: number) {
  const spills =
    workDir === null ? [] : Array.from({ length: threads }, (_, i) => path.join(workDir, `content-${i}.ndjson`));
  // Made here: a scanner that is given no work may never open its own.
  for (const spill of spills) writeFileSync(spill, '');
  const workers = Array.from(
    { length: threads },
    (_, i) =>
      new Worker(new URL('./scan-worker.ts', import.meta.url), {
        workerData: { spill: spills[i] ?? null } satisfies ScannerData,
        // A scanner holds one batch at a time: a small heap makes it collect as it goes,
        // where a large one would let garbage of a million files pile up first.
        resourceLimits: { maxOldGenerationSizeMb: SCANNER_HEAP_MB },
      }),
  );
  return {
    spills,
    /** Scans `files` of one collection; `each` sees every result in file order. */
    async scan(
      collection: CollectionName,
      folder: string,
      files: FileList,
      each: (scanned: Scanned, scanner: number) => void,
      tick: (n: number) => void,
    ) {
      const batches = Math.ceil(files.count / BATCH);
      const answered = new Map<number, { results: Scanned[]; scanner: number }>();
      let next = 0;
      let merged = 0;
      await new Promise<void>((resolve, reject) => {
        if (batches === 0) return resolve();
        const send = (w: number) => {
          if (next >= batches) return;
          const batch = next++;
          const first = batch * BATCH;
          const length = Math.min(BATCH, files.count - first);
          const request: ScanRequest = {
            batch,
            collection,
            folder,
            files: Array.from({ length }, (_, i) => files.at(first + i)),
          };
          if (files.hasStats) {
            const listed = (request.listed = new Float64Array(2 * length));
            for (let i = 0; i < length; i++) {
              listed[2 * i] = files.size(first + i);
              listed[2 * i + 1] = files.mtime(first + i);
            }
          }
          workers[w].postMessage(request);
        };
        const listeners = workers.map((worker, w) => {
          const onMessage = (reply: ScanReply) => {
            answered.set(reply.batch, { results: reply.results, scanner: w });
            try {
              while (answered.has(merged)) {
                const { results, scanner } = answered.get(merged)!;
                answered.delete(merged);
                for (const scanned of results) each(scanned, scanner);
                tick(results.length);
                merged++;
              }
            } catch (e) {
              cleanup();
              return reject(e);
            }
            if (merged === batches) {
              cleanup();
              return resolve();
            }
            send(w);
          };
          const onError = (e: Error) => {
            cleanup();
            reject(e);
          };
          worker.on('message', onMessage);
          worker.on('error', onError);
          return () => {
            worker.off('message', onMessage);
            worker.off('error', onError);
          };
        });
        const cleanup = () => listeners.forEach((off) => off());
        for (let round = 0; round < AHEAD; round++) workers.forEach((_, w) => send(w));
      });
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

/**
 * The catalog's index of a large collection, as the checks between records use it. `last.file` is
 * the file being added, relative to the folder (as the listing names it): the file the checks name
 * is only for problems.
 */
function recordsIdIndex(
  records: Records,
  folder: string,
  last: { slot: number; existing: boolean; file: string },
): IdIndex {
  return {
    add(id) {
      const added = records.index.add(id);
      last.slot = added.slot;
      last.existing = added.existing;
      if (added.existing) return displayPath(path.join(folder, records.files.get(added.slot)));
      records.files.push(last.file);
      return undefined;
    },
    has: (id) => records.index.slotOf(id) >= 0,
  };
}

/** Reads, checks and catalogs a content folder; throws ContentError listing every problem. */
export async function scanContent(root: string, options: ScanOptions): Promise<Catalog> {
  const missing = await missingFolder(root);
  if (missing) throw new ContentError([missing]);
  const notFolders = collectionFileProblems(root);
  if (notFolders.length > 0) throw new ContentError(notFolders);
  const folderOf = (name: CollectionName) => path.join(root, name);
  const folders = Object.fromEntries(COLLECTIONS.map((name) => [name, displayPath(folderOf(name))])) as Record<
    CollectionName,
    string
  >;

  const listing = options.listing ?? listFiles(root);
  const listings = new Map<CollectionName, FileList>();
  const ignored: Warning[] = [];
  for (const name of COLLECTIONS) {
    const listed = listCollection(root, name, displayPath, listing);
    listings.set(name, listed.records);
    ignored.push(...listed.ignored);
  }
  ignored.push(...listStrays(root, displayPath, listing));
  if (ignored.length > 0) options.onIgnored(ignored);

  const count = (name: CollectionName) => listings.get(name)!.count;
  const catalog = emptyCatalog({ fights: count('fights'), events: count('events'), fighters: count('fighters') });
  const large = { fights: catalog.fights, events: catalog.events, fighters: catalog.fighters } as Partial<
    Record<CollectionName, Records>
  >;
  const last = { slot: -1, existing: false, file: '' };
  const checker = createCrossChecker(folders, (c) => {
    const records = large[c];
    return records ? recordsIdIndex(records, path.resolve(folderOf(c)), last) : mapIdIndex();
  });
  const problems: Problem[] = [];

  const threads = options.threads ?? scannerThreads(COLLECTIONS.reduce((n, name) => n + count(name), 0));
  const pool = scannerPool(options.spill === false ? null : options.workDir, threads);
  catalog.spills = pool.spills;
  try {
    for (const name of COLLECTIONS) {
      const files = listings.get(name)!;
      listings.delete(name);
      const shown = displayPathIn(folderOf(name));
      const phase = options.progress.phase(`checking ${name}`, files.count);
      await pool.scan(
        name,
        folderOf(name),
        files,
        (scanned, scanner) => {
          problems.push(...scanned.problems);
          if (!large[name]) catalog.smallFiles.push([name, scanned.file, scanned.size, scanned.mtimeMs]);
          if (scanned.unreadable !== undefined)
            return checker.addUnreadable(name, shown(scanned.file), scanned.unreadable);
          if (!scanned.facts) return;
          last.slot = -1;
          last.file = scanned.file;
          checker.add(name, shown(scanned.file), scanned.facts);
          if (last.slot >= 0 && !last.existing) {
            // The content index: which file each record came from, as it was when read.
            large[name]!.size[last.slot] = scanned.size;
            large[name]!.mtime[last.slot] = scanned.mtimeMs;
          }
          const keys = scanned.keys;
          if (!keys) return;
          if (keys.kind === 'record') {
            if (name === 'divisions') divisionIndexOf(catalog, (keys.record as { id: string }).id);
            (catalog[name as 'divisions' | 'organizations' | 'titles' | 'rankings'] as unknown[]).push(keys.record);
            if (name === 'rankings') catalog.rankingFiles.push(scanned.file);
            return;
          }
          // A duplicate id's record keeps no keys: the first record with the id has them, and the build stops anyway.
          if (last.slot < 0 || last.existing) return;
          if (scanned.spilled) large[name]!.spilled(last.slot, scanner, scanned.spilled);
          setKeys(catalog, last.slot, keys);
        },
        (n) => phase.tick(n),
      );
      phase.done();
    }
  } finally {
    await pool.close();
  }
  problems.push(...checker.finish());
  if (problems.length > 0) throw new ContentError(problems);
  return catalog;
}
