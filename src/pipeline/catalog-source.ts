// A catalog as the writer's source: its keys, its lists' orders, and each record's text from
// whichever place the caller has it (resolved as the writer first asks and kept in a spill file
// during a build; resolved anew or taken from the previous store during an update).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { checkRecord } from '../content/read.ts';
import {
  eventOfFight,
  resolveEvent,
  resolveFight,
  resolveFighter,
  resolveSmall,
  type EventOfFight,
  type FighterNames,
  type Small,
} from '../content/resolve.ts';
import type { CollectionName, EventRecord, FighterRecord, FightRecord } from '../content/schemas.ts';
import type { LargeResource } from '../records/resources.ts';
import type { Shapes } from '../store/pack/shapes.ts';
import type { TextOf } from '../store/lists/make.ts';
import type { StoreSource } from '../store/source.ts';
import { dateText, sortedSlots, type Catalog, type FighterKeys, type FightKeys, type Records } from './catalog.ts';
import { closeAll, closeAllAfter, Spill } from './spill.ts';

export type Orders = Record<LargeResource, Uint32Array>;

/** The canonical orders: fights and events by date then id, fighters by folded name then id. */
export function catalogOrders(catalog: Catalog): Orders {
  const byDateThenId = (r: Records & { date: Float64Array }) => (a: number, b: number) =>
    r.date[a] - r.date[b] || r.index.ids.compare(a, b);
  const { fighters } = catalog;
  return {
    fights: sortedSlots(catalog.fights, byDateThenId(catalog.fights)),
    events: sortedSlots(catalog.events, byDateThenId(catalog.events)),
    fighters: sortedSlots(fighters, (a, b) => fighters.folded.compare(a, b) || fighters.index.ids.compare(a, b)),
  };
}

/** A large collection's checked content record, by slot. */
export type ContentOf = <T>(collection: LargeResource, slot: number) => T;

/** What reading checked records back reads of a catalog: the scanners' spill files, and where each record lies in them. */
export type SpilledCatalog = Pick<Catalog, 'spills'> &
  Record<LargeResource, Pick<Records, 'spillFile' | 'spillAt' | 'spillLength'>>;

/** Content records from the scanners' spill files (a build). */
export function spilledContent(catalog: SpilledCatalog): ContentOf & { close(): void } {
  const spills: Spill[] = [];
  try {
    for (const file of catalog.spills) spills.push(new Spill(file, 'r'));
  } catch (e) {
    // The files opened before the one that failed are closed.
    closeAllAfter(e, spills);
  }
  const read = <T>(collection: LargeResource, slot: number): T => {
    const r = catalog[collection];
    return JSON.parse(spills[r.spillFile[slot]].read(r.spillAt[slot], r.spillLength[slot], 'utf8')) as T;
  };
  return Object.assign(read, { close: () => closeAll(spills) });
}

/** Content records read from their files again and checked (an update: the files are on disk). */
export function fileContent(catalog: Catalog, contentDir: string): ContentOf {
  return <T>(collection: LargeResource, slot: number): T => {
    const file = path.join(contentDir, collection, catalog[collection].files.get(slot));
    const checked = checkRecord(
      collection as CollectionName,
      JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')),
    );
    if (!checked.success) throw new Error(`${file} changed since it was checked`);
    return checked.data as T;
  };
}

/** Recently used events, for the fights of a card (read in date order, so a card's fights come together). */
const EVENT_CACHE = 4096;

export interface Resolver {
  small: Small;
  /** The API record of a slot, from its content record. */
  fight(slot: number): unknown;
  event(slot: number): unknown;
  fighter(slot: number): unknown;
}

/** What resolving records reads of a catalog: the small collections, each fight's event, the fighters' ids and names. */
export type ResolverCatalog = Pick<Catalog, 'divisions' | 'organizations' | 'titles' | 'rankings'> & {
  fights: Pick<FightKeys, 'event'>;
  fighters: Pick<FighterKeys, 'index' | 'name' | 'fullName'>;
};

export function resolver(catalog: ResolverCatalog, asOfDay: string, content: ContentOf): Resolver {
  const { fights, fighters } = catalog;
  const fighterNames: FighterNames = (id) => {
    const slot = fighters.index.slotOf(id);
    return { name: fighters.name.get(slot), full_name: fighters.fullName.get(slot) };
  };
  const small = resolveSmall(catalog, fighterNames);
  const eventCache = new LRUCache<number, EventOfFight>({ max: EVENT_CACHE });
  const eventOf = (slot: number) => {
    let found = eventCache.get(slot);
    if (!found) eventCache.set(slot, (found = eventOfFight(content<EventRecord>('events', slot))));
    return found;
  };
  return {
    small,
    fight: (slot) =>
      resolveFight(content<FightRecord>('fights', slot), eventOf(fights.event[slot]), fighterNames, small),
    event: (slot) => resolveEvent(content<EventRecord>('events', slot)),
    fighter: (slot) => resolveFighter(content<FighterRecord>('fighters', slot), asOfDay, small),
  };
}

/** The catalog as the writer's source: `texts` gives each record as packs hold it, and the shapes they name. */
export function catalogSource(
  catalog: Catalog,
  small: Small,
  orders: Orders,
  texts: Record<LargeResource, TextOf> & { shapes: Shapes },
): StoreSource {
  const { fights, events, fighters } = catalog;
  // Fights and fighters keep their division as the index in reading order; the store's is the resolved order.
  const sortedDivision = Uint16Array.from(catalog.divisionIds, (id) => small.divisions.findIndex((d) => d.id === id));
  const titleIndex = new Map(small.titles.map((t, i) => [t.id, i]));
  return {
    shapes: texts.shapes,
    divisions: small.divisions,
    organizations: small.organizations,
    titles: small.titles,
    rankings: small.rankings,
    fights: {
      slots: fights.count,
      count: orders.fights.length,
      order: orders.fights,
      id: (s) => fights.id(s),
      idHash: (s) => fights.index.hashOf(s),
      text: texts.fights,
      date: (s) => dateText(fights.date[s]),
      division: (s) => sortedDivision[fights.division[s]],
      event: (s) => fights.event[s],
      corners: (s) => [fights.corner1[s], fights.corner2[s]],
    },
    events: {
      slots: events.count,
      count: orders.events.length,
      order: orders.events,
      id: (s) => events.id(s),
      idHash: (s) => events.index.hashOf(s),
      text: texts.events,
      date: (s) => dateText(events.date[s]),
    },
    fighters: {
      slots: fighters.count,
      count: orders.fighters.length,
      order: orders.fighters,
      id: (s) => fighters.id(s),
      idHash: (s) => fighters.index.hashOf(s),
      text: texts.fighters,
      division: (s) => sortedDivision[fighters.division[s]],
      titles: (s) => (small.titlesHeld.get(fighters.id(s)) ?? []).map((t) => titleIndex.get(t.id)!),
      searchFields: (s) => [fighters.folded.get(s), fighters.nickname.get(s), fighters.alias.get(s)],
    },
  };
}
