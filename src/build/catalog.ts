// What the build keeps of the content while it writes the store: the small collections whole,
// and for each fight, event and fighter only its keys (id, date, division, references, names for
// sorting and search) in typed arrays and text columns, with where its checked record lies in a
// scanner's spill file. A slot is a record's number in its collection.
import type { DivisionRecord, OrganizationRecord, RankingRecord, TitleRecord } from '../content/schemas.ts';
import { IdIndex } from './id-index.ts';
import { TextColumn } from './text-column.ts';

/** `YYYY-MM-DDTHH:MM:SS` as the number YYYYMMDDHHMMSS: exact, and ordered as the text is. */
export function dateNumber(date: string): number {
  return Number(date.slice(0, 4) + date.slice(5, 7) + date.slice(8, 10) + date.slice(11, 13) + date.slice(14, 16) + date.slice(17, 19));
}

export function dateText(n: number): string {
  const s = String(n).padStart(14, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}`;
}

/** Keys every large collection has: id, file, and where its checked record was spilled. */
export class Records {
  readonly index = new IdIndex();
  /** Each slot's file, relative to its collection folder. */
  readonly files = new TextColumn();
  /** 1 when the slot's record passed its own checks and has keys. */
  valid: Uint8Array;
  spillFile: Uint8Array;
  spillAt: Float64Array;
  spillLength: Uint32Array;
  constructor(capacity: number) {
    this.valid = new Uint8Array(capacity);
    this.spillFile = new Uint8Array(capacity);
    this.spillAt = new Float64Array(capacity);
    this.spillLength = new Uint32Array(capacity);
  }
  get count(): number {
    return this.index.size;
  }
  id(slot: number): string {
    return this.index.id(slot);
  }
  spilled(slot: number, file: number, [at, length]: [number, number]) {
    this.valid[slot] = 1;
    this.spillFile[slot] = file;
    this.spillAt[slot] = at;
    this.spillLength[slot] = length;
  }
}

export class FightKeys extends Records {
  date: Float64Array;
  division: Uint16Array;
  event: Int32Array;
  corner1: Int32Array;
  corner2: Int32Array;
  constructor(capacity: number) {
    super(capacity);
    this.date = new Float64Array(capacity);
    this.division = new Uint16Array(capacity);
    this.event = new Int32Array(capacity);
    this.corner1 = new Int32Array(capacity);
    this.corner2 = new Int32Array(capacity);
  }
}

export class EventKeys extends Records {
  date: Float64Array;
  constructor(capacity: number) {
    super(capacity);
    this.date = new Float64Array(capacity);
  }
}

export class FighterKeys extends Records {
  readonly name = new TextColumn();
  readonly fullName = new TextColumn();
  /** The search fields (see searchFields): folded name (also the sort key), nickname, alias. */
  readonly folded = new TextColumn();
  readonly nickname = new TextColumn();
  readonly alias = new TextColumn();
  division: Uint16Array;
  constructor(capacity: number) {
    super(capacity);
    this.division = new Uint16Array(capacity);
  }
}

export interface Catalog {
  divisions: DivisionRecord[];
  organizations: OrganizationRecord[];
  titles: TitleRecord[];
  rankings: RankingRecord[];
  /** Division ids in the order their records were read: the index a fight or fighter keeps. */
  divisionIds: string[];
  fights: FightKeys;
  events: EventKeys;
  fighters: FighterKeys;
  /** The scanners' spill files, by number. */
  spills: string[];
}

/** Slots of `records` that are valid, in the order `compare` gives them. */
export function sortedSlots(records: Records, compare: (a: number, b: number) => number): Uint32Array {
  let n = 0;
  for (let s = 0; s < records.count; s++) if (records.valid[s]) n++;
  const order = new Uint32Array(n);
  for (let s = 0, i = 0; s < records.count; s++) if (records.valid[s]) order[i++] = s;
  return order.sort(compare);
}
