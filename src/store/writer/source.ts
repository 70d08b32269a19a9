// What the writer reads: every record's keys and its text, by slot. A slot is a record's number
// in its collection (any order); `order` lists the slots in the collection's canonical order. The
// writer asks for texts in `order` first, then at random, so a source may produce them as it goes
// and keep them where they cost no memory (the build's spill file); a dataset in memory is one too.
import type { Dataset } from '../../records/dataset.ts';
import type { Division, Organization, Ranking, Title } from '../../records/schemas.ts';
import { fnv1a } from '../../shared/hash.ts';
import { Shapes, searchFields, storedRecord } from '../layout.ts';

export interface CollectionSource {
  /** Slots are 0 .. slots - 1; a slot that holds no record (one deleted since) is in no list. */
  readonly slots: number;
  /** Records: the length of `order`. */
  readonly count: number;
  /** Every record's slot once, in the collection's order: fights and events by date then id, fighters by name then id. */
  readonly order: ArrayLike<number>;
  id(slot: number): string;
  /** FNV-1a of the id (fnv1a in shared/hash.ts): a build's id index keeps it, so no id is read to get it. */
  idHash(slot: number): number;
  /** The record as packs hold it: its shape's key and its values (see storedRecord; its shape is in the source's `shapes`). */
  text(slot: number): string;
}

export interface FightSource extends CollectionSource {
  /** `YYYY-MM-DDTHH:MM:SS` */
  date(slot: number): string;
  /** Index into StoreSource.divisions. */
  division(slot: number): number;
  /** Slot of the fight's event. */
  event(slot: number): number;
  /** Slots of the fighters in each corner. */
  corners(slot: number): readonly [number, number];
}

export interface EventSource extends CollectionSource {
  date(slot: number): string;
}

export interface FighterSource extends CollectionSource {
  division(slot: number): number;
  /** Indexes into StoreSource.titles of the titles the fighter holds. */
  titles(slot: number): readonly number[];
  /** What name search looks in (see searchFields). */
  searchFields(slot: number): readonly string[];
}

export interface StoreSource {
  /** The shape of every stored record the collections' texts are (see storedRecord). */
  shapes: Shapes;
  /** Heaviest first: the order of the rankings pages. */
  divisions: readonly Division[];
  organizations: readonly Organization[];
  titles: readonly Title[];
  rankings: readonly Ranking[];
  fights: FightSource;
  events: EventSource;
  fighters: FighterSource;
}

const identity = (n: number) => Uint32Array.from({ length: n }, (_, i) => i);

/** A resolved dataset as a source: its collections are in their canonical order already. */
export function datasetSource(ds: Dataset): StoreSource {
  const divisionIndex = new Map(ds.divisions.map((d, i) => [d.id, i]));
  const titleIndex = new Map(ds.titles.map((t, i) => [t.id, i]));
  const eventSlot = new Map(ds.events.map((e, i) => [e.id, i]));
  const fighterSlot = new Map(ds.fighters.map((f, i) => [f.id, i]));
  const shapes = new Shapes();
  const texts = <T>(records: readonly T[]) => {
    const kept: Array<string | undefined> = [];
    return (slot: number) => (kept[slot] ??= storedRecord(records[slot], shapes));
  };
  return {
    shapes,
    divisions: ds.divisions,
    organizations: ds.organizations,
    titles: ds.titles,
    rankings: ds.rankings,
    fights: {
      slots: ds.fights.length,
      count: ds.fights.length,
      order: identity(ds.fights.length),
      id: (s) => ds.fights[s].id,
      idHash: (s) => fnv1a(ds.fights[s].id),
      text: texts(ds.fights),
      date: (s) => ds.fights[s].date,
      division: (s) => divisionIndex.get(ds.fights[s].division.id)!,
      event: (s) => eventSlot.get(ds.fights[s].event.id)!,
      corners: (s) => [fighterSlot.get(ds.fights[s].fighters.fighter_1.fighter_id)!, fighterSlot.get(ds.fights[s].fighters.fighter_2.fighter_id)!],
    },
    events: {
      slots: ds.events.length,
      count: ds.events.length,
      order: identity(ds.events.length),
      id: (s) => ds.events[s].id,
      idHash: (s) => fnv1a(ds.events[s].id),
      text: texts(ds.events),
      date: (s) => ds.events[s].date,
    },
    fighters: {
      slots: ds.fighters.length,
      count: ds.fighters.length,
      order: identity(ds.fighters.length),
      id: (s) => ds.fighters[s].id,
      idHash: (s) => fnv1a(ds.fighters[s].id),
      text: texts(ds.fighters),
      division: (s) => divisionIndex.get(ds.fighters[s].division.id)!,
      titles: (s) => ds.fighters[s].titles.map((t) => titleIndex.get(t.id)!),
      searchFields: (s) => searchFields(ds.fighters[s]),
    },
  };
}
