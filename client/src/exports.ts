// A collection's export, record by record: the listing says which parts it has, each part is
// downloaded, held to the size and SHA-256 the listing gives, decompressed, and its lines parsed.
// A part that is not what the listing says is an error, and none of its records is given.
import { BoxingDataError, UNEXPECTED_RESPONSE } from './errors.ts';
import { apiPath, type Get, type GetFile } from './transport.ts';
import type { AnswerOf, Collection, CollectionRecord, ExportPart, PathOf } from './types.ts';

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

const broken = (part: ExportPart, why: string) =>
  new BoxingDataError({ code: UNEXPECTED_RESPONSE, status: 200, message: `The export part ${part.url} ${why}.` });

/** A part's records, once its bytes are the ones listed. */
async function partRecords<T>(getFile: GetFile, part: ExportPart): Promise<T[]> {
  const file = await getFile(apiPath(part.url, "an export part's url"));
  if (file.length !== part.bytes) throw broken(part, `has ${file.length} bytes, not the ${part.bytes} listed`);
  if (hex(await crypto.subtle.digest('SHA-256', file)) !== part.sha256)
    throw broken(part, 'is not the file listed (its SHA-256 differs)');
  const text = await new Response(new Blob([file]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  // One record a line, each line ended.
  const lines = text.split('\n').slice(0, -1);
  if (lines.length !== part.records)
    throw broken(part, `holds ${lines.length} records, not the ${part.records} listed`);
  return lines.map((line) => JSON.parse(line) as T);
}

/**
 * Every record of a collection's export, in the order of its default list: part by part, each
 * checked against the listing before any of its records is given. Memory holds one part (at most
 * 10 MB of text).
 */
export async function* exportRecords<C extends Collection>(
  get: Get,
  getFile: GetFile,
  listingPath: PathOf<'list_exports'>,
  collection: C,
): AsyncGenerator<CollectionRecord<C>, void, undefined> {
  const listing = await get<AnswerOf<'list_exports'>>(listingPath);
  const entry = listing.data.find((e) => e.collection === collection);
  if (entry === undefined)
    throw new BoxingDataError({
      code: UNEXPECTED_RESPONSE,
      status: 200,
      message: `The exports' listing has no collection ${collection}.`,
    });
  for (const part of entry.parts) yield* await partRecords<CollectionRecord<C>>(getFile, part);
}
