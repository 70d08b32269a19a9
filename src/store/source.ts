// What the writer reads: every record's keys and its text, by slot. A slot is a record's number
// in its collection (any order); `order` lists the slots in the collection's canonical order. The
// writer asks for texts in `order` first, then at random, so a source may produce them as it goes
// and keep them where they cost no memory (the build's spill file).
import type { Division, Organization, Ranking, Title } from '../records/schemas.ts';
import type { Shapes } from './pack/shapes.ts';

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
