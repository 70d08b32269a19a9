// What a build of the store is asked to do, and what it reports.
import type { Warning } from '../content/files.ts';
import type { Progress } from './progress.ts';

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
  previous?: { dir: string; state: string; store: string };
  /** The most NDJSON bytes an export part holds (EXPORT_PART_BYTES unless given; tests ask for less, to see several parts). */
  exportPartBytes?: number;
}

export interface BuildStoreResult {
  files: number;
  /** Reading and checking content, writing the store's files, and writing the exports (part of the writing, counted apart). */
  seconds: { scan: number; write: number; exports: number };
  /** Set when unchanged files were taken from the previous build: how many content files changed, and how many store files were made anew. */
  reused?: { changedFiles: number; madeFiles: number; linkedFiles: number };
}
