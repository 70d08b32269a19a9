// Reading the name search (see format.ts): a page of the fighters whose search text holds a
// needle, and how many there are, in two rounds of at most four reads. A short needle reads its
// gram's head (with the list of every fighter's, or the division's, index beside it: the head says
// which of the two a page comes from), then the packs that hold the page; a long one reads the
// heads of its prefixes (one pack), then the packs of its own run that hold the page, or the whole
// run of its longest prefix that has one, whose entries it tests.
import { SHORT_NEEDLE, headPack, readCarriedEntry, readHeadEntry, type RunPart } from './format.ts';
import { lists, paths, sortedFolder } from '../layout.ts';
import { readKeyed, readPositional, type PositionalPack } from '../pack/format.ts';
import { recordAtEnd, recordOf } from '../pack/shapes.ts';
import type { SortedList } from '../lists/format.ts';
import { parsed, readIndex } from '../lists/read.ts';
import { readRequiredBytes, StoreInconsistent, type Store } from '../store.ts';

/** A page of a search: its matches' records, and how many match in all. */
export interface Found {
  total: number;
  records: string[];
}

/** Whether a fighter's search fields hold the needle (within one field). */
const holds = (fields: readonly string[], needle: string) => fields.some((field) => field.includes(needle));

/**
 * Whether the search fields a list's line begins with hold the needle: found in the fields' text
 * as it is, tabs between them, since a needle holds no tab and so never spans two fields.
 */
function lineHolds(line: string, needle: string): boolean {
  const end = line.indexOf('\t', line.indexOf('\t', line.indexOf('\t') + 1) + 1);
  return line.slice(0, end).includes(needle);
}

/** The fighters whose search text holds `needle` (folded), optionally of one division: the page [offset, offset + size). */
export async function readNameSearch(
  store: Store,
  needle: string,
  divisionId: string | undefined,
  offset: number,
  size: number,
): Promise<Found> {
  return Array.from(needle).length <= SHORT_NEEDLE
    ? shortNeedle(store, needle, divisionId, offset, size)
    : longNeedle(store, needle, divisionId, offset, size);
}

async function shortNeedle(
  store: Store,
  gram: string,
  divisionId: string | undefined,
  offset: number,
  size: number,
): Promise<Found> {
  const list: SortedList = { resource: 'fighters', division_id: divisionId };
  const headsPath = paths.searchHeads(headPack(gram));
  // The head and the list's index at once: the head says which the page is read from.
  const [headsText, index] = await Promise.all([store.readBytes(headsPath), readIndex(store, list)]);
  const entry = headsText === null ? null : parsed(headsPath, readKeyed, headsText).find(gram);
  const scope = entry === null ? undefined : parsed(headsPath, readHeadEntry, entry).get(divisionId ?? '_');
  if (scope === undefined || offset >= scope.total) return { total: scope?.total ?? 0, records: [] };
  const end = Math.min(scope.total, offset + size);
  if (scope.how === 'list') {
    // The list itself: the packs that hold the page's matches, by the head's count of them in each pack.
    if (scope.counts.length !== index.packs)
      throw new StoreInconsistent(
        headsPath,
        `counts ${gram} in ${scope.counts.length} packs of a list of ${index.packs}`,
      );
    const folder = sortedFolder(list);
    const parts = partsOf(
      scope.counts.map((held, k) => ({ pack: index.name(k), start: 0, count: index.end(k) - index.start(k), held })),
      offset,
      end,
    );
    const packs = await readPacks(store, folder, parts);
    return {
      total: scope.total,
      records: takeMatches(folder, parts, packs, offset, end, (line) => lineHolds(line, gram)),
    };
  }
  return carriedPage(store, scope.run, scope.total, divisionId, offset, end);
}

/** The page [offset, end) of a scope's carried run (its entries of every fighter, or of `divisionId`'s), and the scope's total. */
async function carriedPage(
  store: Store,
  run: readonly RunPart[],
  total: number,
  divisionId: string | undefined,
  offset: number,
  end: number,
): Promise<Found> {
  const parts = partsOf(run, offset, end);
  const packs = await readPacks(store, lists.carried, parts);
  const ofDivision = `${divisionId}\t`;
  return {
    total,
    records: takeMatches(
      lists.carried,
      parts,
      packs,
      offset,
      end,
      (line) => divisionId === undefined || line.startsWith(ofDivision),
    ),
  };
}

async function longNeedle(
  store: Store,
  needle: string,
  divisionId: string | undefined,
  offset: number,
  size: number,
): Promise<Found> {
  const chars = Array.from(needle);
  const headsPath = paths.searchHeads(headPack(needle));
  const headsText = await store.readBytes(headsPath);
  if (headsText === null) return { total: 0, records: [] };
  const heads = parsed(headsPath, readKeyed, headsText);
  // The needle's longest prefix with a head: the needle itself, or a gram whose run holds every match.
  let prefix = '';
  let entry: string | null = null;
  for (let length = chars.length; length >= SHORT_NEEDLE && entry === null; length--)
    entry = heads.find((prefix = chars.slice(0, length).join('')));
  if (entry === null) return { total: 0, records: [] };
  const scopes = parsed(headsPath, readHeadEntry, entry);
  if (prefix === needle) {
    // Every fighter of the needle's own run holds it: the page is the run's, as a short needle's.
    const scope = scopes.get(divisionId ?? '_');
    if (scope === undefined || offset >= scope.total) return { total: scope?.total ?? 0, records: [] };
    if (scope.how !== 'carried')
      throw new StoreInconsistent(headsPath, `reads ${needle} from a list, though a long gram is carried`);
    return carriedPage(store, scope.run, scope.total, divisionId, offset, Math.min(scope.total, offset + size));
  }
  const all = scopes.get('_');
  if (all?.how !== 'carried')
    throw new StoreInconsistent(headsPath, `reads ${prefix} from a list, though every gram of its length is carried`);
  // A split gram has a head for every longer gram its fighters hold: none holds the needle.
  if (all.split) return { total: 0, records: [] };
  // A run of SPLIT_FROM fighters at most, read whole: the entries whose fields hold the needle.
  const packs = await readPacks(store, lists.carried, all.run);
  const matches: Array<{ stored: string; pack: PositionalPack; path: string }> = [];
  for (const part of all.run) {
    const pack = packs.get(part.pack)!;
    const path = paths.pack(lists.carried, part.pack);
    if (part.start + part.count > pack.entries)
      throw new StoreInconsistent(path, `holds fewer entries than the run of ${prefix}`);
    for (let i = part.start; i < part.start + part.count; i++) {
      const line = pack.entry(i);
      const found = readCarriedEntry(line);
      if ((divisionId === undefined || found.division === divisionId) && holds(found.fields, needle))
        matches.push({ stored: found.stored, pack, path });
    }
  }
  const page = matches.slice(offset, offset + size);
  return {
    total: matches.length,
    records: page.map(({ stored, pack, path }) => parsed(path, (text) => recordOf(text, pack.shapes), stored)),
  };
}

/** The parts of a run (or of a list's packs) that hold the matches [offset, end), each with the number of matches before it. */
function partsOf(run: readonly RunPart[], offset: number, end: number): Array<RunPart & { before: number }> {
  const parts: Array<RunPart & { before: number }> = [];
  let before = 0;
  for (const part of run) {
    if (before + part.held > offset && before < end) parts.push({ ...part, before });
    before += part.held;
    if (before >= end) break;
  }
  return parts;
}

/** The packs that hold some parts, read at once, each by its name in `folder`. */
async function readPacks(
  store: Store,
  folder: string,
  parts: readonly RunPart[],
): Promise<Map<string, PositionalPack>> {
  const names = [...new Set(parts.map((p) => p.pack))];
  return new Map(
    await Promise.all(
      names.map(async (name) => {
        const path = paths.pack(folder, name);
        return [
          name,
          parsed(path, readPositional, await readRequiredBytes(store, path, 'a search head names it')),
        ] as const;
      }),
    ),
  );
}

/** The records of the matches [offset, end) in some parts, a part's matches those of its entries `matches` keeps (each part must hold as many as it says). */
function takeMatches(
  folder: string,
  parts: ReadonlyArray<RunPart & { before: number }>,
  packs: Map<string, PositionalPack>,
  offset: number,
  end: number,
  matches: (line: string) => boolean,
): string[] {
  const records: string[] = [];
  for (const part of parts) {
    const pack = packs.get(part.pack)!;
    let seen = 0;
    // Entries decoded one at a time, up to the page's last match: a part is often a whole pack.
    let i = part.start;
    for (; i < part.start + part.count && i < pack.entries && part.before + seen < end; i++) {
      const line = pack.entry(i);
      if (!matches(line)) continue;
      const n = part.before + seen++;
      if (n >= offset) records.push(recordAtEnd(line, pack.shapes));
    }
    // A part read to its end holds as many matches as the search counts; one left early, no more.
    if (
      part.start + part.count > pack.entries ||
      seen > part.held ||
      (i === part.start + part.count && seen !== part.held)
    )
      throw new StoreInconsistent(
        paths.pack(folder, part.pack),
        `holds ${seen} matches where the search counts ${part.held}`,
      );
  }
  return records;
}
