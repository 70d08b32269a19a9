// A change of some fighters, as the name search's update reads it (see update.ts).
import type { Division } from '../../records/schemas.ts';
import type { NameKey } from './format.ts';
import type { Shapes } from '../pack/shapes.ts';
import type { FighterSource } from '../source.ts';

/** A fighter as the search saw it: its fields, division and id, before the change or after it (absent: not there). */
export interface Seen {
  fields: readonly string[];
  division: string;
  id: string;
}

/** A fighter the change touched: as it was and as it is (absent where it was not there, or is not now), and its stored record now. */
export interface FighterChange {
  was?: Seen;
  is?: Seen & { stored: string };
}

/** What the search's update reads of the store and the fighters. */
export interface SearchUpdate {
  fighters: FighterSource;
  divisions: readonly Division[];
  /** The fighters' lists in order now, of everyone and of each division (by its place in `divisions`), and as they were. */
  lists: { all: ArrayLike<number>; division: (d: number) => ArrayLike<number> };
  before: { all: ArrayLike<number>; division: (d: number) => ArrayLike<number> };
  read(path: string): string | null;
  shapes: Shapes;
  changes: readonly FighterChange[];
  /** Slots whose search fields or division changed: their packs of the fighters' lists are counted again. */
  moved: ReadonlySet<number>;
  /** The store's SPLIT_FROM, unless given (see search/format.ts; tests ask for less). */
  splitFrom?: number;
}

export const keyOf = (seen: Seen): NameKey => [seen.fields[0], seen.id];
export const entryKey = (gram: string, k: NameKey) => `${gram}\n${k[0]}\n${k[1]}`;
