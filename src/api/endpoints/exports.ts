// Exports: every collection for bulk download, built with the site. The listing says which parts
// each collection's export has (a whole URL each, on the request's origin, as next_page is); a
// part is a gzip-compressed NDJSON file, one record a line as the API returns it, served as it was
// built. A part's name is the start of its SHA-256, so a part that changes is a new URL and one
// that does not keeps its URL across builds.
import { z } from 'zod';
import { ONE_READ } from '../budget/budget.ts';
import {
  Collection,
  Division,
  Event,
  Export,
  Fight,
  Fighter,
  Organization,
  Ranking,
  Title,
} from '../../records/schemas.ts';
import {
  EXPORT_PART_BYTES,
  PART_FILE,
  partFile,
  partNameOf,
  readListing,
  type StoredExport,
} from '../../store/exports/format.ts';
import { lists, paths } from '../../store/layout.ts';
import { readRequired, StoreInconsistent, type Store } from '../../store/store.ts';
import { allBody, type Body } from '../envelope.ts';
import { notFound } from '../errors.ts';
import { BASE_PATH, EXPORTS_PATH } from '../routes.ts';
import { endpoint, pathWith, type FileAnswer } from './endpoint.ts';

/** The listing as built; one that does not parse, or lacks a collection, contradicts the build. */
async function readExports(store: Store): Promise<{ asOf: string; exports: StoredExport[] }> {
  const text = await readRequired(store, paths.exportListing, 'every build writes it');
  try {
    const { header, exports } = readListing(text);
    // Every collection, in order: a listing cut short at a line's end would otherwise pass.
    if (exports.map((e) => e.collection).join() !== Collection.options.join()) throw new Error('collections missing');
    return { asOf: header.as_of, exports };
  } catch {
    throw new StoreInconsistent(paths.exportListing, 'it is not a whole listing');
  }
}

export const getExportPart = endpoint({
  name: 'get_export_part',
  path: '/exports/{collection}/{part}',
  kind: 'file',
  // The name is the file's digest: the URL always names these bytes.
  caching: 'immutable',
  // No MCP tool: the answer is a compressed file, which a model cannot read; agents page through the lists instead.
  tool: false,
  params: z.object({
    collection: Collection.describe('The collection the part belongs to.'),
    part: z
      .string()
      .regex(PART_FILE)
      .describe(
        "The part's file name, as its URL in the listing gives it: 16 hex digits of its SHA-256, then .ndjson.gz.",
      ),
  }),
  // What each line of the file is: a record of the part's collection.
  record: z.union([Fight, Event, Fighter, Division, Organization, Title, Ranking]),
  summary: 'Download an export part',
  description:
    "One part of a collection's export, as listed by GET /exports/: a gzip-compressed NDJSON file (Content-Type " +
    'application/gzip, with no Content-Encoding: the bytes are the file, and their SHA-256 is the one listed), one record ' +
    'a line, exactly as the API returns it. Its name is its digest, so it may be kept for good. A part no longer listed ' +
    'is a 404: ask the listing again.',
  reads: [lists.exports],
  // The part itself, whole: a download, at most a part's size.
  budget: { ...ONE_READ, bytes: EXPORT_PART_BYTES },
  example: ({ exportPart }) => exportPart && { ...exportPart },
  answer: async ({ collection, part }, { store }): Promise<FileAnswer> => {
    const name = partNameOf(part);
    const path = paths.exportPart(collection, name);
    const file = await store.readBytes(path);
    if (file === null) throw notFound(`Export part ${collection}/${part}`);
    // Bytes that are not the ones the name was made from are a failed read, never an answer.
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', file)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    if (!digest.startsWith(name)) throw new StoreInconsistent(path, 'its bytes are not those its name was made from');
    return { file, type: 'application/gzip', filename: `${collection}-${part}`, etag: `"${name}"` };
  },
});

export const listExports = endpoint({
  name: 'list_exports',
  path: EXPORTS_PATH,
  kind: 'list',
  params: z.object({}),
  record: Export,
  summary: 'List exports',
  description:
    "Every collection's export, in one page: for each collection, in the specification's order, its records in the order " +
    'of its default list, in gzip-compressed NDJSON parts. Each part has its URL (on this host), its record count, its size ' +
    "and its SHA-256; download them in order and join their lines for the whole collection. as_of is the build's day. " +
    'Parts are named by their digest: between two builds, only the parts whose records changed get new URLs. Takes no parameters.',
  reads: [lists.exports],
  budget: ONE_READ,
  example: () => ({}),
  answer: async (_, { store, origin }): Promise<Body> => {
    const { asOf, exports } = await readExports(store);
    const records = exports.map((e) =>
      JSON.stringify({
        collection: e.collection,
        as_of: asOf,
        records: e.records,
        bytes: e.bytes,
        parts: e.parts.map(({ name, records, bytes, sha256 }) => ({
          url: `${origin}${BASE_PATH}${pathWith(getExportPart, { collection: e.collection, part: partFile(name) })}`,
          records,
          bytes,
          sha256,
        })),
      }),
    );
    return allBody(records);
  },
});

export const exportsService = {
  service: 'exports',
  about:
    'Bulk downloads: every collection as gzip-compressed NDJSON, built with the data, in parts of at most ' +
    `${EXPORT_PART_BYTES / 2 ** 20} MB (before compression) named by their SHA-256.`,
  endpoints: [listExports, getExportPart],
} as const;
