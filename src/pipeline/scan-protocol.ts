// What the main thread and the content scanners say to each other. A scanner reads content files,
// checks each record on its own and answers with what the main thread keeps: the record's facts
// for the checks between records, its keys, and where it put the checked record (its spill file).
import type { Facts } from '../content/facts.ts';
import type { CollectionName } from '../content/schemas.ts';
import type { Problem } from '../content/validate.ts';

export interface ScanRequest {
  batch: number;
  collection: CollectionName;
  /** The collection's folder. */
  folder: string;
  /** Paths relative to the folder. */
  files: string[];
  /**
   * The files' sizes and modification times as the content's listing took them, when it took
   * them: file i's are at 2i and 2i + 1.
   */
  listed?: Float64Array;
}

/** The keys of a checked record, by collection: what sorting, grouping and resolving need. */
export type Keys =
  | { kind: 'record'; record: unknown }
  | {
      kind: 'fight';
      date: string;
      event_id: string;
      division_id: string;
      fighters: [string, string];
      title_ids: string[];
    }
  | { kind: 'event'; date: string }
  | { kind: 'fighter'; name: string; full_name: string; division_id: string; search: string[]; birth_date: string };

export interface Scanned {
  /** Path relative to the collection folder. */
  file: string;
  size: number;
  mtimeMs: number;
  problems: Problem[];
  /** Set when the file is not JSON: its name (without .json), which stands in for its id. */
  unreadable?: string;
  facts?: Facts;
  /** Set when the record passed every check of its own. */
  keys?: Keys;
  /** Where the checked record's JSON went in this scanner's spill file: [offset, length] in bytes. */
  spilled?: [number, number];
}

export interface ScanReply {
  batch: number;
  results: Scanned[];
}

export interface ScannerData {
  /** This scanner's spill file: the checked records of the large collections, as compact JSON; null: spill nothing. */
  spill: string | null;
}
