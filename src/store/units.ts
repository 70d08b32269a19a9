// A source of records -> every file of the store, one unit at a time: each list is made from
// the records' keys and texts, and what is held in memory is the keys and one file's body. The
// output depends on the records alone, so unchanged content rewrites the same bytes, and a deploy
// uploads only what changed.
import { ScheduledEvent } from '../records/schemas.ts';
import { fieldsPrefix } from './search/format.ts';
import { keyedFightLine } from './records/format.ts';
import { keyedPack } from './pack/format.ts';
import { listText, withHeader, type SortedList } from './lists/format.ts';
import { paths } from './layout.ts';
import { recordOf, recordText, storedRecord, type Shapes } from './pack/shapes.ts';
import { groupItems, headUnit, members, sortedListUnits, type GroupsOf, type TextOf, type Unit } from './lists/make.ts';
import { memoryLineBuckets, type BucketsOf } from './pack/line-buckets.ts';
import { idsOfRecords, packedLists, packUnits } from './records/make.ts';
import { recordPacks } from './records/record-packs.ts';
import { memoryBuckets, searchUnits, type GramBuckets, type SearchCut } from './search/make.ts';
import type { FighterSource, FightSource, StoreSource } from './source.ts';

export interface WriteOptions {
  /** Where the name search's pairs wait while grouped (in memory unless given). */
  buckets?: GramBuckets;
  /** Where lines wait while grouped into packs: records, and the lists read whole (in memory unless given). */
  lines?: BucketsOf;
  /** How the name search is cut (as search/format.ts says unless given; tests ask for less). */
  searchCut?: SearchCut;
}

/** Every store file of a source but the exports, which come after (exports/make.ts: they read the lists' texts in their order). */
export function* storeUnits(source: StoreSource, options: WriteOptions = {}): Generator<Unit> {
  yield* unitsBesideFighters(source, options);
  yield* fightersUnits(source, options);
}

/**
 * Every store file of a source but the fighters' (fightersUnits) and the exports. The two shares
 * read nothing of each other's files, so a build makes them on two threads (pipeline/store-files.ts).
 */
export function* unitsBesideFighters(source: StoreSource, options: WriteOptions = {}): Generator<Unit> {
  const lines = options.lines ?? (() => memoryLineBuckets());
  yield* smallUnits(source);
  yield* fightsUnits(source, lines);
  yield* eventsUnits(source, lines);
}

/** What the fighters' files are made from: nothing of the fights or the events. */
export type FightersShare = Pick<StoreSource, 'fighters' | 'divisions' | 'titles' | 'shapes'>;

const dayOf = (date: string) => date.slice(0, 10);

/** A fight's line in the lists read whole: the fields their filters test, then the record. */
export function keyedFight(
  source: Pick<StoreSource, 'fights' | 'divisions' | 'events' | 'fighters'>,
  slot: number,
): string {
  const { fights, divisions, events, fighters } = source;
  const [a, b] = fights.corners(slot);
  const f = {
    id: fights.id(slot),
    date: fights.date(slot),
    division: { id: divisions[fights.division(slot)].id },
    event: { id: events.id(fights.event(slot)) },
    fighters: { fighter_1: { fighter_id: fighters.id(a) }, fighter_2: { fighter_id: fighters.id(b) } },
  };
  return keyedFightLine(f, fights.text(slot));
}

/** Each division's members of a list, in list order. */
export const byDivision = (divisions: number, order: ArrayLike<number>, division: (slot: number) => number) =>
  groupItems(divisions, order, (slot, add) => add(division(slot)));

/** A fight's event. */
export const eventOf =
  (fights: Pick<FightSource, 'event'>): GroupsOf =>
  (slot, add) =>
    add(fights.event(slot));

/** Each event's fights, in date order. */
const byEvent = (fights: Pick<FightSource, 'order' | 'event'>, events: number) =>
  groupItems(events, fights.order, eventOf(fights));

/** A fight's fighters, each once (a fight of a fighter against themself is in one list). */
export const fightersOf =
  (fights: Pick<FightSource, 'corners'>): GroupsOf =>
  (slot, add) => {
    const [a, b] = fights.corners(slot);
    add(a);
    if (b !== a) add(b);
  };

function* fightsUnits(source: StoreSource, lines: BucketsOf): Generator<Unit> {
  const { fights, divisions, events, fighters, shapes } = source;
  const text: TextOf = (s) => fights.text(s);
  const day = (s: number) => dayOf(fights.date(s));
  const packs = recordPacks('fights', fights, lines('fight-packs'), shapes);
  yield* sortedListUnits({ resource: 'fights' }, fights.order, fights, packs.filing(text), shapes, day);
  yield* packs.units();
  const divisionLists = byDivision(divisions.length, fights.order, (s) => fights.division(s));
  for (let d = 0; d < divisions.length; d++) {
    const slots = members(divisionLists, d);
    if (slots.length > 0)
      yield* sortedListUnits({ resource: 'fights', division_id: divisions[d].id }, slots, fights, text, shapes, day);
  }
  // Each fight's line is made once, for its card's list, and filed for its fighters' lists (each
  // in the fights' order, by its position there), which are cut into their packs once all are
  // filed. The cards' lists are made pack by pack (packUnits): a card's fights lie close together
  // in the fights' order (one day), so each card's texts are a read or two of the spill.
  const perFighter = packedLists(fighters, lines('fighter-lists'));
  const positionOf = new Uint32Array(fights.slots);
  for (let p = 0; p < fights.count; p++) positionOf[fights.order[p]] = p;
  const fighterSlots = fightersOf(fights);
  const filed = new Uint8Array(fights.slots);
  const fileLine = (slot: number) => {
    const line = keyedFight(source, slot);
    fighterSlots(slot, (f) => perFighter.file(f, positionOf[slot], line));
    filed[slot] = 1;
    return line;
  };
  const eventLists = byEvent(fights, events.slots);
  yield* packUnits(
    { resource: 'fights', by: 'event' },
    events.order,
    events,
    (e) => Array.from(members(eventLists, e), fileLine),
    shapes,
  );
  // A fight on no card in the events' order (none in checked content) still reaches its fighters.
  for (let p = 0; p < fights.count; p++) if (!filed[fights.order[p]]) fileLine(fights.order[p]);
  yield* perFighter.units({ resource: 'fights', by: 'fighter' }, shapes);
  yield headUnit('fights', fights.count, (i) => fights.text(fights.order[fights.count - 1 - i]), shapes);
}

/** The events schedule's list: every event in date order, as the schedule gives it. */
export const SCHEDULED_EVENTS: SortedList = { resource: 'events', shape: 'scheduled' };

/**
 * An event (a stored record) in the schedule's shape: its members that ScheduledEvent has, in the
 * record's own order (so without `broadcast`, and otherwise byte for byte the event's text).
 */
export function scheduledEventText(stored: string, shapes: Shapes): string {
  const event = JSON.parse(recordOf(stored, shapes)) as Record<string, unknown>;
  return storedRecord(
    Object.fromEntries(Object.entries(event).filter(([member]) => Object.hasOwn(ScheduledEvent.shape, member))),
    shapes,
  );
}

function* eventsUnits({ events, shapes }: StoreSource, lines: BucketsOf): Generator<Unit> {
  const day = (s: number) => dayOf(events.date(s));
  const packs = recordPacks('events', events, lines('event-packs'), shapes);
  yield* sortedListUnits(
    { resource: 'events' },
    events.order,
    events,
    packs.filing((s) => events.text(s)),
    shapes,
    day,
  );
  yield* packs.units();
  yield* sortedListUnits(
    SCHEDULED_EVENTS,
    events.order,
    events,
    (s) => scheduledEventText(events.text(s), shapes),
    shapes,
    day,
  );
  yield headUnit('events', events.count, (i) => events.text(events.order[events.count - 1 - i]), shapes);
}

/** A fighter's titles, each once. */
export const titlesOf =
  (fighters: Pick<StoreSource['fighters'], 'titles'>): GroupsOf =>
  (slot, add) =>
    new Set(fighters.titles(slot)).forEach(add);

/** Each title's holders, in name order. */
const byTitle = (fighters: StoreSource['fighters'], titles: number) =>
  groupItems(titles, fighters.order, titlesOf(fighters));

/** A fighter's line in the fighters' lists in order: its search fields, then its record (see fieldsPrefix). */
export const fighterLine =
  (fighters: Pick<FighterSource, 'searchFields'>, text: TextOf): TextOf =>
  (s) =>
    fieldsPrefix(fighters.searchFields(s)) + text(s);

/** The fighters' files: their lists, their records, each title's holders and the name search. */
export function* fightersUnits(
  { fighters, divisions, titles, shapes }: FightersShare,
  options: WriteOptions = {},
): Generator<Unit> {
  const lines = options.lines ?? (() => memoryLineBuckets());
  const buckets = options.buckets ?? memoryBuckets();
  const text: TextOf = (s) => fighters.text(s);
  const packs = recordPacks('fighters', fighters, lines('fighter-packs'), shapes);
  yield* sortedListUnits(
    { resource: 'fighters' },
    fighters.order,
    fighters,
    fighterLine(fighters, packs.filing(text)),
    shapes,
  );
  yield* packs.units();
  const divisionLists = byDivision(divisions.length, fighters.order, (s) => fighters.division(s));
  for (let d = 0; d < divisions.length; d++) {
    const slots = members(divisionLists, d);
    if (slots.length > 0)
      yield* sortedListUnits(
        { resource: 'fighters', division_id: divisions[d].id },
        slots,
        fighters,
        fighterLine(fighters, text),
        shapes,
      );
  }
  const titleLists = byTitle(fighters, titles.length);
  yield* packUnits(
    { resource: 'fighters', by: 'title' },
    titles.map((_, t) => t),
    idsOfRecords(titles),
    (t) => Array.from(members(titleLists, t), text),
    shapes,
  );
  yield headUnit('fighters', fighters.count, (i) => fighters.text(fighters.order[i]), shapes);
  yield* searchUnits(
    fighters,
    divisions,
    buckets,
    shapes,
    { all: fighters.order, division: (d) => members(divisionLists, d) },
    options.searchCut,
  );
}

/** Divisions, organizations, titles (whole, and per organization and division) and rankings. */
export function* smallUnits(source: StoreSource): Generator<Unit> {
  for (const resource of ['divisions', 'organizations', 'titles'] as const)
    yield {
      path: paths.all(resource),
      body: () => keyedPack(source[resource].map((r) => [r.id, recordText(r)] as const)),
    };
  for (const org of [null, ...source.organizations.map((o) => o.id)])
    for (const div of [null, ...source.divisions.map((d) => d.id)]) {
      if (org === null && div === null) continue;
      const titles = source.titles.filter(
        (t) => (org === null || t.organization.id === org) && (div === null || t.division.id === div),
      );
      yield { path: paths.titles(org, div), body: () => listText(titles.map((t) => recordText(t))) };
    }
  yield* rankingsUnits(source);
}

/**
 * Rankings pages: page n is the n-th division (heaviest first), one record per organization.
 * Headers count what is there, so totals stay true whatever the content holds.
 */
function* rankingsUnits(source: StoreSource): Generator<Unit> {
  const pages = source.divisions.length;
  for (const org of [null, ...source.organizations.map((o) => o.id)]) {
    const view = source.rankings.filter((r) => org === null || r.organization.id === org);
    for (const [i, division] of source.divisions.entries()) {
      const page = view.filter((r) => r.division.id === division.id).map((r) => recordText(r));
      yield { path: paths.rankingsPage(i + 1, org), body: () => withHeader({ total: view.length, pages }, page) };
      yield {
        path: paths.rankingsOfDivision(division.id, org),
        body: () => withHeader({ total: page.length, pages: page.length > 0 ? 1 : 0 }, page),
      };
    }
  }
}
