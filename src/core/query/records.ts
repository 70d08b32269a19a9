// Records travel through the handler as the JSON text the build wrote: a page is cut from chunk
// files and joined, never parsed and serialized again. Only the few records whose fields are
// needed (a cursor's last record, a day's keys) are parsed.
import type { Pagination } from '../../schemas/api.ts';
import { serializeStored, singleOf } from '../envelope.ts';

/** One record's JSON text, byte for byte as the build serialized it. */
export type RawRecord = string;

/** The records of a chunk file (one per line; JSON text never contains a raw line break). */
export function chunkRecords(text: string | null): RawRecord[] {
  return text === null || text === '' ? [] : text.split('\n');
}

export function chunkText(records: unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n');
}

/** What precedes the record in every built get-one file. */
const ITEM_PREFIX = serializeStored(singleOf(0)).slice(0, -2);

/** The record inside a built get-one file. */
export function itemRecord(stored: string): RawRecord {
  return stored.startsWith(ITEM_PREFIX) ? stored.slice(ITEM_PREFIX.length, -1) : JSON.stringify(JSON.parse(stored).data);
}

/** A stored list body around raw records: the same bytes serializeStored(pageOf(...)) writes. */
export function storedList(records: RawRecord[], pagination: Pagination): string {
  return `{"pagination":${JSON.stringify(pagination)},"error":{},"data":[${records.join(',')}]}`;
}

export function keyOf(record: RawRecord): { date: string; id: string } {
  const { date, id } = JSON.parse(record) as { date: string; id: string };
  return { date, id };
}
