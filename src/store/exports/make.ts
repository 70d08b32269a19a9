// Every collection's export: its records in the order of its default list, one a line, in
// gzip-compressed parts named by their SHA-256, the listing of the parts, and the health file.
//
// Parts are cut where content says (see endsExportRun in format.ts): a run of records ends after
// a record whose id hashes so, and a run longer than a part's limit is cut greedily into parts.
// A run's parts follow from its records' texts alone, so a build makes only the parts of the runs
// a change touches, with the same bytes a build from nothing makes: one or two parts for a
// one-record change, and every other part keeps its name.
import { createHash } from 'node:crypto';
import type { Ranking } from '../../records/schemas.ts';
import { LARGE, type LargeResource } from '../../records/resources.ts';
import { fnv1a } from '../../shared/hash.ts';
import {
  EXPORT_PART_BYTES,
  endsExportRun,
  exportSpacing,
  healthText,
  listingText,
  readListing,
  type StoredExport,
  type StoredPart,
} from './format.ts';
import { paths } from '../layout.ts';
import { recordOf, recordText } from '../pack/shapes.ts';
import { gzipOffThread } from './gzip.ts';
import { madeUnit, type Unit } from '../lists/make.ts';
import type { StoreSource } from '../source.ts';

export interface ExportOptions {
  /** The build's day: the listing and the health file state it. */
  asOf: string;
  /** The most NDJSON bytes a part holds (EXPORT_PART_BYTES, or less when a build asks). */
  partBytes: number;
  /** Told how many records each part holds, as it is made (progress). */
  onRecords?(records: number): void;
  /** Told each record's text as its part takes it, with its slot (a large collection's) or its id (a small one's). */
  onRecord?(collection: string, key: number | string, text: string): void;
}

/** A collection as its export holds it: record i of its default list, and its id's hash (see endsExportRun). */
interface ExportList {
  collection: string;
  count: number;
  idHash(i: number): number;
  text(i: number): string;
  /** Record i's slot (a large collection's) or id (a small one's). */
  key(i: number): number | string;
}

/**
 * Where each large collection's default list takes record i from, given its slots in the store's
 * order (fights and events by date, fighters by name): newest first for fights and events.
 */
const defaultOrder: Record<LargeResource, (order: ArrayLike<number>) => (i: number) => number> = {
  fights: (order) => (i) => order[order.length - 1 - i],
  events: (order) => (i) => order[order.length - 1 - i],
  fighters: (order) => (i) => order[i],
};

/** The rankings as the rankings list gives them: by page (a division each, heaviest first), then as kept. */
const rankingsInPageOrder = (source: StoreSource): Ranking[] =>
  source.divisions.flatMap((d) => source.rankings.filter((r) => r.division.id === d.id));

function largeList(source: StoreSource, collection: LargeResource): ExportList {
  const records = source[collection];
  const at = defaultOrder[collection](records.order);
  return {
    collection,
    count: records.count,
    idHash: (i) => records.idHash(at(i)),
    text: (i) => recordOf(records.text(at(i)), source.shapes),
    key: at,
  };
}

function smallList(collection: string, records: ReadonlyArray<{ id: string }>): ExportList {
  return {
    collection,
    count: records.length,
    idHash: (i) => fnv1a(records[i].id),
    text: (i) => recordText(records[i]),
    key: (i) => records[i].id,
  };
}

/** Every collection, in the specification's order. */
function exportLists(source: StoreSource): ExportList[] {
  return [
    ...LARGE.map((c) => largeList(source, c)),
    smallList('divisions', source.divisions),
    smallList('organizations', source.organizations),
    smallList('titles', source.titles),
    smallList('rankings', rankingsInPageOrder(source)),
  ];
}

/** A part as made: its collection, its line in the listing, and its file. */
interface MadePart {
  collection: string;
  entry: StoredPart;
  unit: Unit;
}

/** A part's records as NDJSON, one a line, before it is compressed. */
interface PartText {
  collection: string;
  records: number;
  ndjson: Buffer;
}

/** A part of these records, one a line: `bytes` is their UTF-8 size with the line breaks. */
function partText(collection: string, texts: readonly string[], bytes: number): PartText {
  // Written straight into one buffer: no line strings, no joined copy of the part.
  const ndjson = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (const text of texts) {
    at += ndjson.write(text, at, 'utf8');
    ndjson[at++] = 0x0a;
  }
  return { collection, records: texts.length, ndjson };
}

/** A part, given its compressed file: named by the file's SHA-256. */
function madePart({ collection, records }: PartText, file: Uint8Array): MadePart {
  const sha256 = createHash('sha256').update(file).digest('hex');
  const name = sha256.slice(0, 16);
  return {
    collection,
    entry: { name, records, bytes: file.length, sha256 },
    unit: madeUnit(paths.exportPart(collection, name), file),
  };
}

/**
 * Parts compressed at once, at most, while the next part's texts are read: enough to keep both
 * of a small build machine's cores busy, few enough that memory holds a few parts.
 */
const PARTS_IN_FLIGHT = 3;

/**
 * The parts, in their order, each made from its texts off this thread, a part kept as listed
 * passed on as it is: how a build from nothing and an update alike make every part.
 */
async function* madeParts<P extends PartText | StoredPart>(
  parts: Iterable<P>,
): AsyncGenerator<MadePart | Exclude<P, PartText>> {
  const flight: Array<Promise<MadePart | Exclude<P, PartText>>> = [];
  for (const part of parts) {
    const made =
      'ndjson' in part
        ? gzipOffThread(part.ndjson).then((file) => madePart(part, file))
        : Promise.resolve(part as Exclude<P, PartText>);
    // Awaited in order below; a failure is thrown there, never left unhandled behind another.
    made.catch(() => {});
    flight.push(made);
    if (flight.length >= PARTS_IN_FLIGHT) yield await flight.shift()!;
  }
  while (flight.length > 0) yield await flight.shift()!;
}

/** Runs [from, to) of a list: each ends after a record that ends a run, the last at the list's end. */
function* runsOf(list: ExportList, spacing: number): Generator<[number, number]> {
  let start = 0;
  for (let i = 0; i < list.count; i++)
    if (endsExportRun(list.idHash(i), spacing)) {
      yield [start, i + 1];
      start = i + 1;
    }
  if (start < list.count) yield [start, list.count];
}

/** The parts of records [from, to): as many records a part as fit in `partBytes` of NDJSON, one at least. */
function* partsOf(list: ExportList, from: number, to: number, partBytes: number): Generator<PartText> {
  let texts: string[] = [];
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const text = list.text(i);
    const line = Buffer.byteLength(text) + 1;
    if (texts.length > 0 && bytes + line > partBytes) {
      yield partText(list.collection, texts, bytes);
      [texts, bytes] = [[], 0];
    }
    texts.push(text);
    bytes += line;
  }
  if (texts.length > 0) yield partText(list.collection, texts, bytes);
}

const summed = (collection: string, parts: StoredPart[]): StoredExport => ({
  collection,
  records: parts.reduce((n, p) => n + p.records, 0),
  bytes: parts.reduce((n, p) => n + p.bytes, 0),
  parts,
});

const listingUnit = (options: ExportOptions, exports: readonly StoredExport[]): Unit => {
  const text = listingText({ part_bytes: options.partBytes, as_of: options.asOf }, exports);
  return madeUnit(paths.exportListing, text);
};

const healthUnit = (asOf: string, exports: readonly StoredExport[]): Unit => {
  const text = healthText(asOf, Object.fromEntries(exports.map((e) => [e.collection, e.records])));
  return madeUnit(paths.health, text);
};

/** Every part of these lists, in order. */
function* partTexts(lists: readonly ExportList[], spacing: number, partBytes: number): Generator<PartText> {
  for (const list of lists) for (const [from, to] of runsOf(list, spacing)) yield* partsOf(list, from, to, partBytes);
}

/**
 * Every export part, then the listing and the health file. A few parts are held at a time:
 * records are read in list order from the source (the build's spill files), so memory follows
 * the parts, and each part is compressed off this thread while the next ones are read.
 */
export async function* exportUnits(source: StoreSource, options: ExportOptions): AsyncGenerator<Unit> {
  const { onRecord } = options;
  const lists = exportLists(source).map((list) =>
    onRecord
      ? {
          ...list,
          text: (i: number) => {
            const text = list.text(i);
            onRecord(list.collection, list.key(i), text);
            return text;
          },
        }
      : list,
  );
  const parts = new Map<string, StoredPart[]>(lists.map((list) => [list.collection, []]));
  for await (const part of madeParts(partTexts(lists, exportSpacing(options.partBytes), options.partBytes))) {
    parts.get(part.collection)!.push(part.entry);
    options.onRecords?.(part.entry.records);
    yield part.unit;
  }
  const exports = lists.map((list) => summed(list.collection, parts.get(list.collection)!));
  yield listingUnit(options, exports);
  yield healthUnit(options.asOf, exports);
}

/** A change's exports: the build's day, and the limit of a part when it is not the store's own. */
export type ExportChangeOptions = Pick<ExportOptions, 'asOf'> & Partial<Pick<ExportOptions, 'partBytes'>>;

/** What a change needs of the store as it was: its files, and the large collections' slots in their order. */
export interface ExportsBefore {
  read(path: string): string | null;
  orders: Record<LargeResource, ArrayLike<number>>;
}

/**
 * The export files a change touches: the parts of every run whose records or texts changed (of
 * the large collections; the small ones are made again whole, and kept where their bytes are the
 * same), the parts no longer listed, and the listing and the health file when they differ.
 * `texts` are the slots whose text changed. Parts are cut to the limit the store's were, unless
 * `partBytes` says another; without a listing to start from, or with another limit, every part
 * is made again.
 */
export async function exportChanges(
  source: StoreSource,
  before: ExportsBefore,
  texts: Record<LargeResource, ReadonlySet<number>>,
  given: ExportChangeOptions,
): Promise<{ units: Unit[]; removed: string[] }> {
  const units: Unit[] = [];
  const removed: string[] = [];
  const oldText = before.read(paths.exportListing);
  const old = oldText === null ? null : readListing(oldText);
  const options: ExportOptions = {
    asOf: given.asOf,
    partBytes: given.partBytes ?? old?.header.part_bytes ?? EXPORT_PART_BYTES,
  };
  const comparable = old !== null && old.header.part_bytes === options.partBytes;
  const spacing = exportSpacing(options.partBytes);
  const exports: StoredExport[] = [];
  for (const list of exportLists(source)) {
    const was = old?.exports.find((e) => e.collection === list.collection);
    const large = LARGE.find((c) => c === list.collection);
    const parts: Array<MadePart | StoredPart> = [];
    for await (const part of madeParts(
      large !== undefined && comparable && was !== undefined
        ? largeParts(source, large, list, before.orders[large], was.parts, texts[large], spacing, options.partBytes)
        : partTexts([list], spacing, options.partBytes),
    ))
      parts.push(part);
    const kept = new Set(was?.parts.map((p) => p.name));
    const entries = parts.map((p) => ('entry' in p ? p.entry : p));
    for (const p of parts) if ('entry' in p && !kept.has(p.entry.name)) units.push(p.unit);
    const now = new Set(entries.map((p) => p.name));
    for (const p of was?.parts ?? []) if (!now.has(p.name)) removed.push(paths.exportPart(list.collection, p.name));
    exports.push(summed(list.collection, entries));
  }
  for (const unit of [listingUnit(options, exports), healthUnit(options.asOf, exports)])
    if (before.read(unit.path) !== unit.body()) units.push(unit);
  return { units, removed };
}

/**
 * A large collection's parts after a change: a run holding the same records as before, none of
 * them with a new text, keeps its parts as listed (nothing is read or made); any other run's
 * parts are made from its records.
 */
function* largeParts(
  source: StoreSource,
  collection: LargeResource,
  list: ExportList,
  oldOrder: ArrayLike<number>,
  oldParts: readonly StoredPart[],
  changed: ReadonlySet<number>,
  spacing: number,
  partBytes: number,
): Generator<PartText | StoredPart> {
  const records = source[collection];
  const [oldAt, newAt] = [defaultOrder[collection](oldOrder), defaultOrder[collection](records.order)];
  const oldCount = oldOrder.length;
  // Each slot's place in the old list (a slot's id, and so its hash, never changes: a record given another id takes another slot).
  const oldPlace = new Int32Array(records.slots).fill(-1);
  for (let i = 0; i < oldCount; i++) oldPlace[oldAt(i)] = i;
  const ends = (slot: number) => endsExportRun(records.idHash(slot), spacing);
  // Where each old part starts in the old list.
  const partAt = new Map<number, number>();
  for (let k = 0, at = 0; k < oldParts.length; at += oldParts[k++].records) partAt.set(at, k);

  const unchanged = (from: number, to: number, p: number) => {
    if (p < 0 || (p > 0 && !ends(oldAt(p - 1))) || p + (to - from) > oldCount) return false;
    for (let k = 0; k < to - from; k++)
      if (oldAt(p + k) !== newAt(from + k) || changed.has(newAt(from + k))) return false;
    // The old run ended where this one does: at a record that ends runs, or at the old list's end.
    return p + (to - from) === oldCount || ends(oldAt(p + (to - from) - 1));
  };
  for (const [from, to] of runsOf(list, spacing)) {
    const p = from < list.count ? oldPlace[newAt(from)] : -1;
    let k = unchanged(from, to, p) ? partAt.get(p) : undefined;
    const kept: StoredPart[] = [];
    for (let at = p; k !== undefined && k < oldParts.length && at < p + (to - from); at += oldParts[k++].records)
      kept.push(oldParts[k]);
    if (k !== undefined && kept.reduce((n, part) => n + part.records, 0) === to - from) yield* kept;
    else yield* partsOf(list, from, to, partBytes);
  }
}
