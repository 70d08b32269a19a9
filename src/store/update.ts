// The files a change of some records touches, and only those: the same units a full build makes
// (see units.ts and exports/make.ts), for the records whose text changed, the lists whose members
// moved and the export parts that hold them, and the paths of files that no longer belong to the
// store. The caller says what changed (which slots got a new text, which were added, removed or
// re-keyed) and gives the lists as they were; each list's files are made in lists/update.ts and records/update.ts.
import type { LargeResource } from '../records/resources.ts';
import { keyedFightId, type HashedList } from './records/format.ts';
import { exportChanges, type ExportChangeOptions } from './exports/make.ts';
import { headUnit, madeUnit, members, someGroups, type TextOf, type Unit } from './lists/make.ts';
import { memoryBuckets, searchChanges, searchUnits, type GramBuckets } from './search/make.ts';
import { searchChangeUnits, type FighterChange } from './search/update.ts';
import type { StoreSource } from './source.ts';
import { keptOrderChanges, sortedListChanges, type ReadBefore } from './lists/update.ts';
import { entriesBefore, hashedListChanges, type HashedChanges } from './records/update.ts';
import {
  SCHEDULED_EVENTS,
  byDivision,
  eventOf,
  fighterLine,
  fightersOf,
  titlesOf,
  keyedFight,
  scheduledEventText,
  smallUnits,
} from './units.ts';

/** What the store was before the change: its files, and the lists' members. */
export interface Before {
  /**
   * A store file as it was before the change. Units' bodies read it when they are made (a pack's
   * records come from the packs before), so the caller writes them elsewhere, or once all are made.
   */
  read: ReadBefore;
  orders: Record<LargeResource, ArrayLike<number>>;
  /** A changed or removed slot's keys as they were (unchanged slots' keys are the source's own). */
  fight(
    slot: number,
  ): { event: number; corners: readonly [number, number]; divisionId: string; day: string } | undefined;
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

/** Where a group's lines may come from as the store held them: its entry before, and which line is whose. */
interface LinesBefore {
  entry(id: string): readonly string[] | null;
  /** The id of the record a line holds. */
  lineId(line: string): string;
  /** A record's id, by slot. */
  id(slot: number): string;
  /** Slots whose line is new (their text changed): made from the record. */
  changed: ReadonlySet<number>;
}

/**
 * The changes to the lists kept by id of some groups (`lists`, the affected groups' members): each
 * list as it is now, or null where it is empty. With `before`, a member whose text did not change
 * keeps its line from the group's entry before: one pack read for a fighter's fights, where each
 * fight's text would be a read in a pack of the fights in date order.
 */
function wholeChanges(
  lists: ReadonlyMap<number, readonly number[]>,
  idOf: (g: number) => string,
  line: TextOf,
  before?: LinesBefore,
): HashedChanges {
  const changes = new Map<string, string[] | null>();
  for (const [g, slots] of lists) {
    const id = idOf(g);
    if (slots.length === 0) {
      changes.set(id, null);
      continue;
    }
    const old = before?.entry(id);
    const kept = old ? new Map(old.map((l) => [before!.lineId(l), l])) : undefined;
    changes.set(
      id,
      slots.map((s) => (kept && !before!.changed.has(s) ? kept.get(before!.id(s)) : undefined) ?? line(s)),
    );
  }
  return changes;
}

/** Whether two lists hold the same slots in the same order. */
function sameOrder(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The files of a collection's list in order and of each division's when the change moved no
 * record in them (none added, removed or re-keyed, the order as it was, and every record whose
 * text changed `stays`: its day and division as they were): the packs of the changed records alone
 * (see keptOrderChanges). A result entered, or a name shown in a fighter's fights, costs what it
 * changes, not a pass over a million fights' cuts and days. Null when a record moved.
 */
function keptOrderUnits(
  resource: 'fights' | 'fighters',
  source: StoreSource,
  before: Before,
  changed: Changed,
  stays: (slot: number) => boolean,
  text: TextOf,
): Unit[] | null {
  const records = source[resource];
  const texts = changed.texts[resource];
  if (before.removedIds[resource].size > 0 || !sameOrder(before.orders[resource], records.order)) return null;
  for (const s of texts) if (!stays(s)) return null;
  const changedAt = new Map<number, number>();
  const inDivision = source.divisions.map(() => new Map<number, number>());
  const placed = new Uint32Array(source.divisions.length);
  for (let i = 0; i < records.order.length; i++) {
    const slot = records.order[i];
    const d = records.division(slot);
    const at = placed[d]++;
    if (texts.has(slot)) changedAt.set(i, slot), inDivision[d].set(at, slot);
  }
  const units = [...keptOrderChanges({ resource }, changedAt, text, before.read, source.shapes)];
  source.divisions.forEach((division, d) =>
    units.push(
      ...keptOrderChanges({ resource, division_id: division.id }, inDivision[d], text, before.read, source.shapes),
    ),
  );
  return units;
}

/** The changes to a collection's records: each new text, and each id that went. */
function recordChanges(
  c: { id(slot: number): string; text: TextOf },
  changed: ReadonlySet<number>,
  gone: Iterable<string>,
): HashedChanges {
  const changes = new Map<string, string[] | null>();
  for (const id of gone) changes.set(id, null);
  for (const slot of changed) changes.set(c.id(slot), [c.text(slot)]);
  return changes;
}

/** Each fighter the change touched, as the name search saw it before and sees it now. */
function fighterChanges(source: StoreSource, before: Before, changed: Changed): FighterChange[] {
  const { fighters, divisions } = source;
  const present = (order: ArrayLike<number>) => {
    const held = new Set<number>();
    for (let i = 0; i < order.length; i++) held.add(order[i]);
    return held;
  };
  const [wasThere, isThere] = [present(before.orders.fighters), present(fighters.order)];
  const now = (slot: number) => ({
    fields: fighters.searchFields(slot),
    division: divisions[fighters.division(slot)].id,
    id: fighters.id(slot),
  });
  return [...new Set([...changed.texts.fighters, ...changed.searchable])].map((slot) => {
    const snapshot = before.fighter(slot);
    return {
      // A fighter whose record alone changed (its age, with the day) was as it is.
      was: wasThere.has(slot)
        ? snapshot
          ? { fields: snapshot.searchFields, division: snapshot.divisionId, id: snapshot.id }
          : now(slot)
        : undefined,
      is: isThere.has(slot) ? { ...now(slot), stored: fighters.text(slot) } : undefined,
    };
  });
}

/** A head whose bytes differ from the head before. */
function headChange(unit: Unit, before: Before): Unit[] {
  const body = unit.body() as string;
  return before.read(unit.path) === body ? [] : [madeUnit(unit.path, body)];
}

const divisionsOf = (source: StoreSource, order: ArrayLike<number>, division: (slot: number) => number) =>
  byDivision(source.divisions.length, order, division);

/**
 * Every unit a change touches, made as it is taken, list by list, so that what is held is one
 * list's files, not the change's: the caller writes each unit as it comes (elsewhere than the
 * store `before` reads). The paths that go are added to `removed` on the way, all of them once the
 * last unit is taken. `exports` as a full build would make them; `buckets` where the name search's
 * pairs wait (in memory unless given).
 */
export async function* updateUnits(
  source: StoreSource,
  before: Before,
  changed: Changed,
  exports: ExportChangeOptions,
  removed: string[],
  buckets: () => GramBuckets = memoryBuckets,
): AsyncGenerator<Unit> {
  const { fights, events, fighters, divisions, shapes } = source;
  // The export parts first: they are compressed off this thread while the other files are made.
  const exported = exportChanges(source, before, changed.texts, exports);
  // Awaited at the end; should the caller stop before, its failure is not left unhandled.
  exported.catch(() => {});
  const divisionIndex = new Map(divisions.map((d, i) => [d.id, i]));

  const hashed = (list: HashedList, changes: HashedChanges) =>
    hashedListChanges(list, changes, before.read, shapes, removed);

  // Records: the packs of new texts, and of records removed or re-keyed.
  for (const [resource, c] of [
    ['fights', fights],
    ['events', events],
    ['fighters', fighters],
  ] as const)
    yield* hashed({ resource }, recordChanges(c, changed.texts[resource], before.removedIds[resource].values()));

  // Fights: every fight, each division's, each event's and each fighter's, and the head.
  const fightText: TextOf = (s) => fights.text(s);
  const fightDay = (s: number) => fights.date(s).slice(0, 10);
  const sorted = <L extends Parameters<typeof sortedListChanges>[0]>(
    list: L,
    was: ArrayLike<number>,
    now: ArrayLike<number>,
    c: StoreSource[L['resource']],
    text: TextOf,
    day?: (slot: number) => string,
  ) => sortedListChanges(list, was, now, c, changed.texts[list.resource], text, day, before.read, shapes, removed);
  const fightStays = (s: number) => {
    const was = before.fight(s);
    return was === undefined || (was.day === fightDay(s) && was.divisionId === divisions[fights.division(s)].id);
  };
  const keptFights = keptOrderUnits('fights', source, before, changed, fightStays, fightText);
  if (keptFights) yield* keptFights;
  else {
    yield* sorted({ resource: 'fights' }, before.orders.fights, fights.order, fights, fightText, fightDay);
    const oldFightDivision = (s: number) => {
      const was = before.fight(s);
      return was ? divisionIndex.get(was.divisionId)! : fights.division(s);
    };
    const [oldDivisions, newDivisions] = [
      divisionsOf(source, before.orders.fights, oldFightDivision),
      divisionsOf(source, fights.order, (s) => fights.division(s)),
    ];
    for (let d = 0; d < divisions.length; d++) {
      const list = { resource: 'fights' as const, division_id: divisions[d].id };
      yield* sorted(list, members(oldDivisions, d), members(newDivisions, d), fights, fightText, fightDay);
    }
  }
  const touchedEvents = new Set<number>();
  const touchedFighters = new Set<number>();
  for (const s of changed.texts.fights) {
    touchedEvents.add(fights.event(s));
    fights.corners(s).forEach((f) => touchedFighters.add(f));
  }
  for (const s of before.removedIds.fights.keys()) {
    const was = before.fight(s);
    if (was) touchedEvents.add(was.event), was.corners.forEach((f) => touchedFighters.add(f));
  }
  for (const s of changed.texts.fights) {
    const was = before.fight(s);
    if (was) touchedEvents.add(was.event), was.corners.forEach((f) => touchedFighters.add(f));
  }
  const keyed = (slot: number) => keyedFight(source, slot);
  const fightLines = (list: HashedList): LinesBefore => ({
    entry: entriesBefore(list, before.read),
    lineId: keyedFightId,
    id: (s) => fights.id(s),
    changed: changed.texts.fights,
  });
  for (const [list, groups, idOf] of [
    [{ resource: 'fights', by: 'event' }, someGroups(touchedEvents, fights.order, eventOf(fights)), events],
    [{ resource: 'fights', by: 'fighter' }, someGroups(touchedFighters, fights.order, fightersOf(fights)), fighters],
  ] as const)
    yield* hashed(
      list,
      wholeChanges(groups, (g) => idOf.id(g), keyed, fightLines(list)),
    );
  yield* headChange(
    headUnit('fights', fights.count, (i) => fights.text(fights.order[fights.count - 1 - i]), shapes),
    before,
  );

  // Events: every event, the same in the schedule's shape, and the head.
  const eventDay = (s: number) => events.date(s).slice(0, 10);
  yield* sorted({ resource: 'events' }, before.orders.events, events.order, events, (s) => events.text(s), eventDay);
  yield* sorted(
    SCHEDULED_EVENTS,
    before.orders.events,
    events.order,
    events,
    (s) => scheduledEventText(events.text(s), shapes),
    eventDay,
  );
  yield* headChange(
    headUnit('events', events.count, (i) => events.text(events.order[events.count - 1 - i]), shapes),
    before,
  );

  // Fighters: every fighter, each division's, each title's holders, the head, and search.
  const fighterText: TextOf = (s) => fighters.text(s);
  const listed = fighterLine(fighters, fighterText);
  const fighterStays = (s: number) => {
    const was = before.fighter(s);
    return was === undefined || was.divisionId === divisions[fighters.division(s)].id;
  };
  const oldFighterDivision = (s: number) => {
    const was = before.fighter(s);
    return was ? divisionIndex.get(was.divisionId)! : fighters.division(s);
  };
  // Each division's fighters, before and now: the name search reads them too.
  const [oldFighterDivisions, newFighterDivisions] = [
    divisionsOf(source, before.orders.fighters, oldFighterDivision),
    divisionsOf(source, fighters.order, (s) => fighters.division(s)),
  ];
  const keptFighters = keptOrderUnits('fighters', source, before, changed, fighterStays, listed);
  if (keptFighters) yield* keptFighters;
  else {
    yield* sorted({ resource: 'fighters' }, before.orders.fighters, fighters.order, fighters, listed);
    for (let d = 0; d < divisions.length; d++) {
      const list = { resource: 'fighters' as const, division_id: divisions[d].id };
      yield* sorted(list, members(oldFighterDivisions, d), members(newFighterDivisions, d), fighters, listed);
    }
  }
  const touchedTitles = new Set<number>();
  for (const s of changed.texts.fighters) fighters.titles(s).forEach((t) => touchedTitles.add(t));
  yield* hashed(
    { resource: 'fighters', by: 'title' },
    wholeChanges(
      someGroups(touchedTitles, fighters.order, titlesOf(fighters)),
      (t) => source.titles[t].id,
      fighterText,
    ),
  );
  yield* headChange(
    headUnit('fighters', fighters.count, (i) => fighters.text(fighters.order[i]), shapes),
    before,
  );
  if (changed.searchable.size > 0 || changed.texts.fighters.size > 0) {
    const lists = { all: fighters.order, division: (d: number) => members(newFighterDivisions, d) };
    const was = { all: before.orders.fighters, division: (d: number) => members(oldFighterDivisions, d) };
    const update = {
      fighters,
      divisions,
      lists,
      before: was,
      read: before.read,
      shapes,
      changes: fighterChanges(source, before, changed),
      moved: changed.searchable,
    };
    const searchRemoved: string[] = [];
    const made = searchChangeUnits(update, searchRemoved);
    // A change that moves a gram between the fighters' lists and the carried list, or splits or joins one, makes the search again whole.
    if (made === null)
      yield* searchChanges(searchUnits(fighters, divisions, buckets(), shapes, lists), before.read, removed);
    else yield* made, removed.push(...searchRemoved);
  }

  // The small resources: few files, made again and kept only where their bytes differ.
  for (const unit of smallUnits(source)) {
    const body = unit.body();
    if (before.read(unit.path) !== body) yield madeUnit(unit.path, body);
  }

  // The exports: the parts of the runs of records that changed or moved, the listing, the health file.
  const { units, removed: gone } = await exported;
  yield* units;
  removed.push(...gone);
}
