// What a build of the store is asked to do, and what it reports.
import type { Warning } from '../content/files.ts';
import type { FileList } from '../shared/file-list.ts';
import type { Progress } from './progress.ts';
import type { PreviousBuild } from './history.ts';
import type { PublishedBuild } from '../webhooks/published.ts';

export interface BuildStoreOptions {
  contentDir: string;
  /** The built site's folder: the store goes under its store/ folder. */
  outDir: string;
  asOfDay: string;
  progress: Progress;
  onIgnored(ignored: Warning[]): void;
  /** Where to save the catalog for later builds and the live preview (not saved when absent). */
  stateDir?: string;
  /** Names this store in its state. */
  storeId?: string;
  /**
   * A previous build of the same content folder, to take unchanged files from: its folder, its
   * saved state and the store id its marker names. Used when the state is of this code, this
   * content folder and this store; otherwise everything is built.
   */
  previous?: {
    dir: string;
    state: string;
    store: string;
    /** Where its files are linked while the build runs: named by the build command, which removes it if the build stops. */
    links: string;
  };
  /**
   * The content folder's files with their sizes and times (see inputs.ts), when the caller has
   * listed them already: the files read are those, and a build that takes files from the previous
   * one finds the changes in it. A build from nothing releases it (FileList.release) once the
   * content is read: at a million files it is some 100 MB the writing has no use for.
   */
  contentListing?: FileList;
  /**
   * Where the build before this one is, for the changes feed (see history.ts): its folder, whose
   * store holds the history, and its saved state, whose digests the records are compared with.
   * Without it, or without a history there, the history starts afresh.
   */
  history?: PreviousBuild;
  /** The time the changes feed records for this build, in epoch seconds (now unless given). */
  builtAt?: number;
  /** The most NDJSON bytes an export part holds (EXPORT_PART_BYTES unless given; tests ask for less, to see several parts). */
  exportPartBytes?: number;
  /** Scanner threads (see scan.ts; tests ask for two, to see small content scanned as large content is). */
  scanThreads?: number;
  /** Records from which the fighters' store files are made on a thread of their own (see store-files.ts; tests ask for 0). */
  storeThreadFrom?: number;
}

export interface BuildStoreResult {
  files: number;
  /**
   * Reading and checking content, writing the store's files, and writing the exports (part of the
   * writing, counted apart); of a build from nothing, the changes feed's part of the exports too
   * (its records' digests compared, its history written).
   */
  seconds: { scan: number; write: number; exports: number; changes?: number };
  /** Set when unchanged files were taken from the previous build: how many content files changed, and how many store files were made anew. */
  reused?: { changedFiles: number; madeFiles: number; linkedFiles: number };
  /** What the changes feed recorded, in a line. */
  history: string;
  /** What the build's subscribers are told of it (see src/webhooks/); null when it added no change to the feed. */
  published: PublishedBuild | null;
}

/** The time now, in whole epoch seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
