// The files a change of some records touches, and only those: the same units a full build makes
// (see write-store.ts and exports.ts), for the records whose text changed, the lists whose members
// moved and the export parts that hold them, and the paths of files that no longer belong to the
// store. The caller says what changed (which
// slots got a new text, which were added, removed or re-keyed) and gives the lists as they were.
import type { LargeResource } from '../../records/resources.ts';
import {
  BUILT_PAGE_SIZE, BUILT_PAGES, CHUNK_SIZE, LONG_GRAM, PART_SIZE, SHORT_NEEDLE, candidateLine, fileCount, fileOf, firstOf, heldBy, listText,
  packLists, packOf, packOfHash, packText, paths, spanOf, splitHeader, type SortedList, type WholeList,
} from '../layout.ts';
import { exportChanges, type ExportChangeOptions } from './exports.ts';
import { builtPageCount, chunkCount, chunkUnit, indexUnit, members, pageUnit, type Groups, type TextOf, type Unit } from './lists.ts';
import { gramsOf, searchPartUnits } from './search.ts';
import type { CollectionSource, StoreSource } from './source.ts';
import { SCHEDULED_EVENTS, byDivision, byEvent, byFighter, byTitle, keyedFight, scheduledEventText, smallUnits } from './write-store.ts';

/** What the store was before the change: its files, and the lists' members. */
export interface Before {
  /**
   * A store file as it was before the change. Units' bodies read it when they are made (a chunk's
   * records come from the chunks before), so the caller writes them elsewhere, or once all are made.
   */
  read(path: string): string | null;
  orders: Record<LargeResource, ArrayLike<number>>;
  /** A changed or removed slot's keys as they were (unchanged slots' keys are the source's own). */
  fight(slot: number): { event: number; corners: readonly [number, number]; divisionId: string } | undefined;
  fighter(slot: number): { divisionId: string; searchFields: readonly string[]; id: string } | undefined;
  /** Removed and re-keyed slots' ids as they were (their lines leave their record packs). */
  removedIds: Record<LargeResource, Map<number, string>>;
}

export interface Changed {
  /** Slots whose record text is new (every added or edited record, and records that embed one). */
  texts: Record<LargeResource, ReadonlySet<number>>;
  /** Fighters whose search fields, division or id changed, or that were added or removed. */
  searchable: ReadonlySet<number>;
}

export interface Update {
  units: Unit[];
  removed: string[];
}

/**
 * Chunk k of a list differs when a position in it holds another record, or a record with a new
 * text, or when it holds fewer or more records (the list's last chunk, when a record at its end
 * went or came: every position left in it is as it was).
 */
function* sortedListChanges(list: SortedList, before: ArrayLike<number>, after: ArrayLike<number>, changed: ReadonlySet<number>, text: TextOf, day: ((slot: number) => string) | undefined, previous: Before, removed: string[]): Generator<Unit> {
  let touched = before.length !== after.length;
  const line = linesBefore(list, before, changed, text, previous);
  for (let k = 0; k < chunkCount(after.length); k++) {
    let dirty = heldBy(before.length, k, CHUNK_SIZE) !== heldBy(after.length, k, CHUNK_SIZE);
    const [from, to] = spanOf(after.length, k, CHUNK_SIZE);
    for (let i = from; i < to; i++) {
      const slot = after[i];
      if (i >= before.length || before[i] !== slot || changed.has(slot)) dirty = true;
    }
    if (dirty) (touched = true), yield chunkUnit(list, after, k, line);
  }
  for (let k = chunkCount(after.length); k < chunkCount(before.length); k++) removed.push(paths.chunk(list, k));
  if (!touched) return;
  // The index holds the size and where each day starts: made again and kept if it differs.
  if (after.length === 0) {
    if (before.length > 0) removed.push(paths.index(list));
    return;
  }
  const index = indexUnit(list, after, day);
  const body = index.body();
  if (previous.read(index.path) !== body) yield { path: index.path, body: () => body };
}

/**
 * A record's line in a list's chunk, taken from the chunk that held it before when its text did
 * not change: a record moved to another date shifts every record between its two places by one,
 * tens of thousands of chunks at a million records, and one chunk read gives 50 lines where
 * each record's text would be a file read of its own. Records new to the list, or with a new
 * text, are made from the record.
 */
export function linesBefore(list: SortedList, before: ArrayLike<number>, changed: ReadonlySet<number>, text: TextOf, previous: Before): TextOf {
  /** Each slot's position in the list before, plus one (0: not in it); made when first asked. */
  let positions: Int32Array | undefined;
  // Two chunks kept: the records of a chunk after a shift come from two neighbouring chunks before.
  const read = new Map<number, string[] | null>();
  const chunk = (k: number) => {
    if (!read.has(k)) {
      if (read.size === 2) read.delete(read.keys().next().value!);
      const body = previous.read(paths.chunk(list, k));
      read.set(k, body === null ? null : body.split('\n'));
    }
    return read.get(k)!;
  };
  return (slot) => {
    if (changed.has(slot)) return text(slot);
    if (!positions) {
      let most = -1;
      for (let i = 0; i < before.length; i++) most = Math.max(most, before[i]);
      positions = new Int32Array(most + 1);
      for (let i = 0; i < before.length; i++) positions[before[i]] = i + 1;
    }
    const at = slot < positions.length ? positions[slot] - 1 : -1;
    if (at < 0) return text(slot);
    const k = fileOf(at, CHUNK_SIZE);
    return chunk(k)?.[at - firstOf(k, CHUNK_SIZE)] ?? text(slot);
  };
}

/** The lists of some ids of a kind kept in packs, made again: each id's lines, or null where its list goes. */
type ListChanges = Map<number, Map<string, (() => string[]) | null>>;

function listChange(packs: ListChanges, n: number, id: string, lines: (() => string[]) | null) {
  (packs.get(n) ?? packs.set(n, new Map()).get(n)!).set(id, lines);
}

/**
 * Each pack that holds a changed list, made again from the pack as it was: the changed lists in
 * their new lines, the others' lines kept as they are; a pack left with no list goes.
 */
function packChanges(packs: ListChanges, pathOf: (n: number) => string, previous: Before, removed: string[]): Unit[] {
  const units: Unit[] = [];
  for (const [n, changed] of [...packs].sort(([a], [b]) => a - b)) {
    const path = pathOf(n);
    const kept = packLists(previous.read(path) ?? '').filter(([id]) => !changed.has(id));
    const made = [...changed].flatMap(([id, lines]) => (lines === null ? [] : [[id, lines] as const]));
    if (kept.length + made.length === 0) removed.push(path);
    else units.push({ path, body: () => packText([...kept, ...made.map(([id, lines]) => [id, lines()] as const)]) });
  }
  return units;
}

/** The record packs that hold a new text, or held a record that went. */
export function recordChanges(resource: LargeResource, c: CollectionSource, changed: ReadonlySet<number>, gone: Iterable<string>, previous: Before, removed: string[]): Unit[] {
  const packs: ListChanges = new Map();
  for (const id of gone) listChange(packs, packOf(id), id, null);
  for (const slot of changed) listChange(packs, packOfHash(c.idHash(slot)), c.id(slot), () => [c.text(slot)]);
  return packChanges(packs, (n) => paths.recordPackNumber(resource, n), previous, removed);
}

/** The packs of the lists read whole of `affected` groups that may have changed: each list made again, or gone when empty. */
function wholeChanges(kind: Pick<WholeList, 'resource' | 'by'>, affected: Iterable<number>, lists: Groups, idOf: (g: number) => string, line: TextOf, previous: Before, removed: string[]): Unit[] {
  const packs: ListChanges = new Map();
  for (const g of affected) {
    const slots = members(lists, g);
    const id = idOf(g);
    listChange(packs, packOf(id), id, slots.length > 0 ? () => Array.from(slots, line) : null);
  }
  return packChanges(packs, (n) => paths.wholePackNumber(kind, n), previous, removed);
}

/** Pages of a list's default view: a page differs when its records or the list's size do. */
function* pageChanges(resource: LargeResource, before: (i: number) => number, after: (i: number) => number, counts: [number, number], changed: ReadonlySet<number>, text: (i: number) => string, removed: string[]): Generator<Unit> {
  const [was, is] = counts;
  for (let n = 1; n <= builtPageCount(resource, is); n++) {
    let dirty = was !== is || n > builtPageCount(resource, was);
    const [from, to] = spanOf(is, n - 1, BUILT_PAGE_SIZE);
    for (let i = from; !dirty && i < to; i++)
      dirty = i >= was || before(i) !== after(i) || changed.has(after(i));
    if (dirty) yield pageUnit(resource, n, is, text);
  }
  for (let n = builtPageCount(resource, is) + 1; n <= Math.min(builtPageCount(resource, was), BUILT_PAGES[resource]); n++) removed.push(paths.page(resource, n));
}

const divisionsOf = (source: StoreSource, order: ArrayLike<number>, division: (slot: number) => number) => byDivision(source.divisions.length, order, division);

/** Every unit a change touches, and the paths that go; `exports` as a full build would make them. */
export function updateUnits(source: StoreSource, before: Before, changed: Changed, exports: ExportChangeOptions): Update {
  const units: Unit[] = [];
  const removed: string[] = [];
  const { fights, events, fighters, divisions } = source;
  const divisionIndex = new Map(divisions.map((d, i) => [d.id, i]));

  // Records: the packs of new texts, and of records removed or re-keyed.
  for (const [resource, c] of [['fights', fights], ['events', events], ['fighters', fighters]] as const)
    units.push(...recordChanges(resource, c, changed.texts[resource], before.removedIds[resource].values(), before, removed));

  // Fights: every fight, each division's, each event's and each fighter's, and the default pages.
  const fightText: TextOf = (s) => fights.text(s);
  const fightDay = (s: number) => fights.date(s).slice(0, 10);
  units.push(...sortedListChanges({ resource: 'fights' }, before.orders.fights, fights.order, changed.texts.fights, fightText, fightDay, before, removed));
  const oldFightDivision = (s: number) => {
    const was = before.fight(s);
    return was ? divisionIndex.get(was.divisionId)! : fights.division(s);
  };
  const [oldDivisions, newDivisions] = [divisionsOf(source, before.orders.fights, oldFightDivision), divisionsOf(source, fights.order, (s) => fights.division(s))];
  for (let d = 0; d < divisions.length; d++) {
    const list = { resource: 'fights' as const, division_id: divisions[d].id };
    units.push(...sortedListChanges(list, members(oldDivisions, d), members(newDivisions, d), changed.texts.fights, fightText, fightDay, before, removed));
  }
  const touchedEvents = new Set<number>();
  const touchedFighters = new Set<number>();
  for (const s of changed.texts.fights) {
    touchedEvents.add(fights.event(s));
    fights.corners(s).forEach((f) => touchedFighters.add(f));
  }
  for (const s of before.removedIds.fights.keys()) {
    const was = before.fight(s);
    if (was) (touchedEvents.add(was.event), was.corners.forEach((f) => touchedFighters.add(f)));
  }
  for (const s of changed.texts.fights) {
    const was = before.fight(s);
    if (was) (touchedEvents.add(was.event), was.corners.forEach((f) => touchedFighters.add(f)));
  }
  const keyed = (slot: number) => keyedFight(source, slot);
  units.push(...wholeChanges({ resource: 'fights', by: 'event' }, touchedEvents, byEvent(fights, events.slots), (e) => events.id(e), keyed, before, removed));
  units.push(...wholeChanges({ resource: 'fights', by: 'fighter' }, touchedFighters, byFighter(fights, fighters.slots), (f) => fighters.id(f), keyed, before, removed));
  units.push(...newestFirstPages('fights', fights, before.orders.fights, changed.texts.fights, removed));

  // Events: every event, the same in the schedule's shape, and the default pages.
  const eventDay = (s: number) => events.date(s).slice(0, 10);
  units.push(...sortedListChanges({ resource: 'events' }, before.orders.events, events.order, changed.texts.events, (s) => events.text(s), eventDay, before, removed));
  const scheduledText: TextOf = (s) => scheduledEventText(events.text(s));
  units.push(...sortedListChanges(SCHEDULED_EVENTS, before.orders.events, events.order, changed.texts.events, scheduledText, eventDay, before, removed));
  units.push(...newestFirstPages('events', events, before.orders.events, changed.texts.events, removed));

  // Fighters: every fighter, each division's, each title's holders, the default pages, and search.
  const fighterText: TextOf = (s) => fighters.text(s);
  units.push(...sortedListChanges({ resource: 'fighters' }, before.orders.fighters, fighters.order, changed.texts.fighters, fighterText, undefined, before, removed));
  const oldFighterDivision = (s: number) => {
    const was = before.fighter(s);
    return was ? divisionIndex.get(was.divisionId)! : fighters.division(s);
  };
  const [oldFighterDivisions, newFighterDivisions] = [divisionsOf(source, before.orders.fighters, oldFighterDivision), divisionsOf(source, fighters.order, (s) => fighters.division(s))];
  for (let d = 0; d < divisions.length; d++) {
    const list = { resource: 'fighters' as const, division_id: divisions[d].id };
    units.push(...sortedListChanges(list, members(oldFighterDivisions, d), members(newFighterDivisions, d), changed.texts.fighters, fighterText, undefined, before, removed));
  }
  const touchedTitles = new Set<number>();
  for (const s of changed.texts.fighters) fighters.titles(s).forEach((t) => touchedTitles.add(t));
  units.push(...wholeChanges({ resource: 'fighters', by: 'title' }, touchedTitles, byTitle(fighters, source.titles.length), (t) => source.titles[t].id, fighterText, before, removed));
  const oldFighters = before.orders.fighters;
  units.push(...pageChanges('fighters', (i) => oldFighters[i], (i) => fighters.order[i], [oldFighters.length, fighters.count], changed.texts.fighters, (i) => fighters.text(fighters.order[i]), removed));
  units.push(...searchChanges(source, before, changed.searchable, removed));

  // The small resources: few files, made again and kept only where their bytes differ.
  for (const unit of smallUnits(source)) {
    const body = unit.body();
    if (before.read(unit.path) !== body) units.push({ path: unit.path, body: () => body });
  }

  // The exports: the parts of the runs of records that changed or moved, the listing, the health file.
  const exported = exportChanges(source, before, changed.texts, exports);
  units.push(...exported.units);
  removed.push(...exported.removed);
  return { units, removed };
}

/** Pages of a newest-first view (fights, events). */
function newestFirstPages(resource: 'fights' | 'events', c: CollectionSource, before: ArrayLike<number>, changed: ReadonlySet<number>, removed: string[]) {
  const after = c.order;
  return pageChanges(resource, (i) => before[before.length - 1 - i], (i) => after[after.length - 1 - i], [before.length, after.length], changed, (i) => c.text(after[after.length - 1 - i]), removed);
}

/**
 * Search lists of every gram a changed fighter held or holds: made again from every fighter's
 * search fields (a scan of the keys, no file read), for everyone and for each division the
 * fighter was or is in; parts past a list's new end go. Lists of other grams do not change.
 */
function searchChanges(source: StoreSource, before: Before, searchable: ReadonlySet<number>, removed: string[]): Unit[] {
  const { fighters, divisions } = source;
  const units: Unit[] = [];
  if (searchable.size === 0) return units;
  const short = new Map<string, Set<number>>();
  const long = new Set<string>();
  const note = (fields: readonly string[], division: number) => {
    for (const gram of gramsOf(fields, 1, SHORT_NEEDLE)) {
      const seen = short.get(gram);
      if (seen) seen.add(division);
      else short.set(gram, new Set([division]));
    }
    for (const gram of gramsOf(fields, LONG_GRAM, LONG_GRAM)) long.add(gram);
  };
  for (const slot of searchable) {
    const was = before.fighter(slot);
    if (was) note(was.searchFields, divisions.findIndex((d) => d.id === was.divisionId));
    if (!before.removedIds.fighters.has(slot)) note(fighters.searchFields(slot), fighters.division(slot));
  }
  // Every fighter holding each gram, in list order: one pass over the fighters for all the grams
  // (a fighter's fields are made once, not once per gram: a rename touches some sixty grams).
  const grams = [...short.keys(), ...long];
  const holding = new Map<string, number[]>(grams.map((g) => [g, []]));
  for (let i = 0; i < fighters.order.length; i++) {
    const slot = fighters.order[i];
    const fields = fighters.searchFields(slot);
    for (const gram of grams) if (fields.some((field) => field.includes(gram))) holding.get(gram)!.push(slot);
  }
  const holders = (gram: string) => holding.get(gram)!;
  // A short gram ("a") is held by most fighters, in several lists: each id is decoded once.
  const idCache: (string | undefined)[] = new Array(fighters.count);
  const idOf = (slot: number) => (idCache[slot] ??= fighters.id(slot));
  const oldTotal = (gram: string, divisionId: string | null) => {
    const text = before.read(paths.searchPart(gram, divisionId, 0));
    return text === null ? 0 : splitHeader(text).header.total;
  };
  const parts = (gram: string, divisionId: string | null, ids: string[]) => {
    units.push(...searchPartUnits(gram, divisionId, ids));
    for (let k = fileCount(ids.length, PART_SIZE); k < fileCount(oldTotal(gram, divisionId), PART_SIZE); k++) removed.push(paths.searchPart(gram, divisionId, k));
  };
  for (const [gram, inDivisions] of short) {
    const slots = holders(gram);
    parts(gram, null, slots.map(idOf));
    for (const d of inDivisions) parts(gram, divisions[d].id, slots.filter((s) => fighters.division(s) === d).map(idOf));
  }
  for (const gram of long) {
    const slots = holders(gram);
    if (slots.length === 0) removed.push(paths.searchCandidates(gram));
    else
      units.push({
        path: paths.searchCandidates(gram),
        body: () => listText(slots.map((s) => candidateLine(fighters.id(s), divisions[fighters.division(s)].id, fighters.searchFields(s)))),
      });
  }
  return units;
}
