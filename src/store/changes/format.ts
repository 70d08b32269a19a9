// The changes feed's history, as the store keeps it: one log of every record each build created,
// changed or deleted, in build order, numbered from the history's start (an entry's position).
// The log is cut into packs that only ever grow at the end: a build appends its entries to the
// last pack (starting a new one once it is full), so a deploy uploads the index and one or two
// packs, whatever the history's length. The index says, for each kept build, its number, when it
// was made and where its entries start, and for each pack where it starts: a page of changes is
// the index, then the one to three packs that hold it.
import { z } from 'zod';
import type { ChangeKind as ChangeKindSchema } from '../../records/common.ts';

/** A pack is full once it holds at least this many entries and CHANGES_PACK_BYTES: a page (at most PAGE_MAX) then spans two packs, or three where entries are large. */
export const CHANGES_PACK_ENTRIES = 100;
/** Bytes after which a pack is full, whatever its entries (with those above, a page's packs stay within a request's bytes). */
export const CHANGES_PACK_BYTES = 256 * 1024;
export const CHANGES_PACK_MAX_BYTES = 320 * 1024;
/** The most packs a page reads: a page of large records (a pack full at its bytes before its entries) ends with the third pack it reaches, so a request stays within its bytes. */
export const CHANGES_PACKS_A_PAGE = 3;

/** How long builds are kept in the history: the newest KEEP_BUILDS within KEEP_DAYS (whichever is shorter). */
export const KEEP_DAYS = 90;
export const KEEP_BUILDS = 1000;

/** A build's name: 16 hex digits, made from the name of the build before it and its entries (see the writer). */
const BuildName = z.string().regex(/^[0-9a-f]{16}$/);

/**
 * A kept build: its number, when it was made (epoch seconds), the position of its first entry,
 * and its name. Names chain (each is made from the one before), so two builds made apart from
 * the same history, whose numbers and positions agree, still have names of their own: a token
 * of one is not taken for a place in the other.
 */
const KeptBuild = z.tuple([z.number().int().min(1), z.number().int().min(0), z.number().int().min(0), BuildName]);
/** A pack: the position of its first entry, and its name. */
const KeptPack = z.tuple([z.number().int().min(0), z.string().regex(/^\d{12}$/)]);

export const HistoryIndex = z
  .object({
    /** Names this history: a history started afresh has another, so its tokens name no build of an older one. */
    history: z.string().regex(/^[0-9a-f]{16}$/),
    /** Entries in the log since the history began (positions run from 0 to total - 1). */
    total: z.number().int().min(0),
    /** Builds kept, oldest first: the first one's first entry is where the kept history starts. */
    builds: z.array(KeptBuild).min(1),
    /** The name of the build whose state the kept history starts from (the newest build no longer kept), or null when every build is kept. */
    from: BuildName.nullable(),
    /** Packs kept, in order. */
    packs: z.array(KeptPack),
  })
  .strict();
export type HistoryIndex = z.infer<typeof HistoryIndex>;

/** A pack's name: the position of its first entry, 12 digits. */
export const changesPackName = (first: number) => String(first).padStart(12, '0');

/** The position the kept history starts at: a token before it names changes no longer kept. */
export const historyStart = (index: HistoryIndex) => index.builds[0][2];

/** The newest build's name: the one next_sync names. */
export const newestBuild = (index: HistoryIndex) => index.builds[index.builds.length - 1][3];

/**
 * The name of the build whose state is the place `position` of the history (the build that ends
 * there), or null when no build the history keeps, nor the one it starts from, ends there.
 */
export function buildEndingAt(index: HistoryIndex, position: number): string | null {
  if (index.from !== null && position === historyStart(index)) return index.from;
  // Every build but a history's first has entries, so no two end at the same place.
  for (let k = 0; k < index.builds.length; k++) {
    const end = k + 1 < index.builds.length ? index.builds[k + 1][2] : index.total;
    if (end === position) return index.builds[k][3];
  }
  return null;
}

/** What a change did to its record. */
export type ChangeKind = z.infer<typeof ChangeKindSchema>;

/**
 * An entry of the log as the API serves it: JSON text made from the record's own text (the
 * record as the API returns it, or null when deleted), never parsed again.
 */
export function changeEntryText(
  build: number,
  builtAt: string,
  collection: string,
  id: string,
  change: ChangeKind,
  record: string | null,
): string {
  return `{"build":${build},"built_at":"${builtAt}","collection":"${collection}","id":${JSON.stringify(id)},"change":"${change}","record":${record ?? 'null'}}`;
}

/** The day and time of `at` (epoch seconds) as the feed writes it: YYYY-MM-DDTHH:MM:SS, in UTC. */
export const builtAtText = (at: number) => new Date(at * 1000).toISOString().slice(0, 19);

/** The index's text (one JSON object). */
export const historyIndexText = (index: HistoryIndex) => JSON.stringify(index);

/** The index's value; one that does not parse throws. */
export const readHistoryIndex = (text: string): HistoryIndex => HistoryIndex.parse(JSON.parse(text));

/** The packs that hold positions `from` (inclusive) to `to` (exclusive): each one's name, and the positions it holds, [first, end). */
export function packsHolding(
  index: HistoryIndex,
  from: number,
  to: number,
): Array<{ name: string; first: number; end: number }> {
  const held: Array<{ name: string; first: number; end: number }> = [];
  for (let k = 0; k < index.packs.length; k++) {
    const first = index.packs[k][0];
    const end = k + 1 < index.packs.length ? index.packs[k + 1][0] : index.total;
    if (end > from && first < to) held.push({ name: index.packs[k][1], first, end });
  }
  return held;
}

/** The lines of a pack (one entry a line). */
export const packEntries = (text: string) => (text === '' ? [] : text.split('\n'));
