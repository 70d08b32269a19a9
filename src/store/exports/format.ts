// The store's exports and health, as part of its layout (layout.ts holds their paths): every
// collection as gzip-compressed NDJSON in parts named by their digest, the listing of those parts,
// and the one small file the service's health is read from. The writer makes them, the reader
// reads them; with their paths, this is their whole contract.
import { z } from 'zod';
import { mix32 } from '../../shared/hash.ts';

/**
 * The most NDJSON a part holds, in bytes before compression (a part of one record larger than
 * this holds that record alone). Gzipped, a part is several times smaller, and a client can
 * decompress any part in memory of this size. Builds may ask for less (EXPORT_PART_BYTES), so
 * that a small dataset has several parts.
 */
export const EXPORT_PART_BYTES = 10 * 1024 * 1024;

/** What a record weighs, about, in the store's text: part boundaries are spaced for it (see endsExportRun). */
const TYPICAL_RECORD_BYTES = 1024;

/**
 * How many records a part boundary falls after, on average: a quarter of a part of typical
 * records. Runs between two boundaries then rarely reach the size limit (one in e^4), and a change
 * remakes a quarter of a part's bytes on average, not a whole part's: a mirror downloads less
 * again, and an update compresses less.
 */
export const exportSpacing = (partBytes: number) => Math.max(1, Math.round(partBytes / 4 / TYPICAL_RECORD_BYTES));

/**
 * Whether a part ends after this record, whatever the records around it: content-defined, by the
 * FNV-1a hash of its id (fnv1a in shared/hash.ts) alone. Inserting or removing a record moves no
 * boundary but its own, so only the parts around a change change, and a part that did not change
 * keeps its name. A part also ends early where the next record would take it over its size limit.
 */
export const endsExportRun = (idHash: number, spacing: number) => mix32(idHash) % spacing === 0;

/** A part's name: the first 16 hex digits of its SHA-256. */
const PART_NAME = /^[0-9a-f]{16}$/;

/** A part's file name, its name and what it holds: gzip-compressed NDJSON. */
export const partFile = (name: string) => `${name}.ndjson.gz`;

/** A part's file name, the name in its first group. */
export const PART_FILE = /^([0-9a-f]{16})\.ndjson\.gz$/;

/** The name in a part's file name (one that PART_FILE matches). */
export const partNameOf = (file: string) => file.slice(0, file.indexOf('.'));

const Count = z.number().int().min(0);

/** The listing's first line: the size limit its parts were cut to, and the build's day. */
export const ListingHeader = z.object({ part_bytes: z.number().int().min(1), as_of: z.string() }).strict();
export type ListingHeader = z.infer<typeof ListingHeader>;

export const StoredPart = z
  .object({
    name: z.string().regex(PART_NAME),
    records: Count,
    bytes: Count,
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type StoredPart = z.infer<typeof StoredPart>;

/** A collection's line of the listing: its parts in order, and their sums. */
export const StoredExport = z
  .object({ collection: z.string(), records: Count, bytes: Count, parts: z.array(StoredPart) })
  .strict();
export type StoredExport = z.infer<typeof StoredExport>;

/** The listing: its header line, then one line per collection, in the order given. */
export function listingText(header: ListingHeader, exports: readonly StoredExport[]): string {
  return [header, ...exports].map((line) => JSON.stringify(line)).join('\n');
}

/** The listing's header and lines; a listing that does not parse throws (zod's error). */
export function readListing(text: string): { header: ListingHeader; exports: StoredExport[] } {
  const [first, ...rest] = text.split('\n');
  return {
    header: ListingHeader.parse(JSON.parse(first)),
    exports: rest.map((line) => StoredExport.parse(JSON.parse(line))),
  };
}

/** What the health file holds: the answer's data as it is. */
export function healthText(asOf: string, records: Readonly<Record<string, number>>): string {
  return JSON.stringify({ status: 'ok', as_of: asOf, records });
}
