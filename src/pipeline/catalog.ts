// What the build keeps of the content while it writes the store: the small collections whole,
// and for each fight, event and fighter only its keys (id, date, division, references, names for
// sorting and search) in typed arrays and text columns, with where its checked record lies in a
// scanner's spill file and which file it came from. A slot is a record's number in its
// collection; a deleted record's slot stays, marked not valid, and its id keeps it.
import type { DivisionRecord, OrganizationRecord, RankingRecord, TitleRecord } from '../content/schemas.ts';
import { dayNumber } from '../shared/dates.ts';
import { IdIndex } from './id-index.ts';
import type { Keys } from './scan-protocol.ts';
import { TextColumn } from '../shared/text-column.ts';

/** `YYYY-MM-DDTHH:MM:SS` as the number YYYYMMDDHHMMSS: exact, and ordered as the text is. */
function dateNumber(date: string): number {
  return Number(
    date.slice(0, 4) +
      date.slice(5, 7) +
      date.slice(8, 10) +
      date.slice(11, 13) +
      date.slice(14, 16) +
      date.slice(17, 19),
  );
}

export function dateText(n: number): string {
  const s = String(n).padStart(14, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}`;
}

export type NumberArray =
  | Float64Array<ArrayBuffer>
  | Int32Array<ArrayBuffer>
  | Uint32Array<ArrayBuffer>
  | Uint16Array<ArrayBuffer>
  | Uint8Array<ArrayBuffer>;
type NumberArrayType = new (lengthOrBuffer: number | ArrayBuffer) => NumberArray;

/**
 * Which content file each record came from, with its size and time: what the next build finds
 * the content's changes by (see content-changes.ts), and nothing the writing of the store reads.
 */
interface FileColumns {
  /** Each slot's file, relative to its collection folder (as last read). */
  files: TextColumn;
  size: Float64Array<ArrayBuffer>;
  mtime: Float64Array<ArrayBuffer>;
}

/** Keys every large collection has: id, file, the file's size and time, and where its checked record was spilled. */
export class Records {
  index = new IdIndex();
  /** 1 when the slot's record passed its own checks and has keys; 0 for a record deleted since. */
  valid = new Uint8Array(0);
  spillFile = new Uint8Array(0);
  spillAt = new Float64Array(0);
  spillLength = new Uint32Array(0);
  /**
   * The 64 bits of the digest of each slot's record as the API returns it (see history.ts), high
   * word and low: what the next build compares to find the records it changed. 0 and 0: no record.
   */
  digestHi = new Uint32Array(0);
  digestLo = new Uint32Array(0);
  private fileColumns: FileColumns | null = {
    files: new TextColumn(),
    size: new Float64Array(0),
    mtime: new Float64Array(0),
  };

  get count(): number {
    return this.index.size;
  }

  id(slot: number): string {
    return this.index.id(slot);
  }

  /** Whether the file columns are still held: a build from nothing lets go of them once they are saved (see state.ts). */
  get holdsFileColumns(): boolean {
    return this.fileColumns !== null;
  }

  /** Lets go of files, size and mtime: every later use of them throws, rather than read an empty column. */
  releaseFileColumns(): void {
    this.fileColumns = null;
  }

  private get held(): FileColumns {
    if (this.fileColumns === null)
      throw new Error(
        'the file columns of this catalog were let go of once saved; a build from nothing has no use for them',
      );
    return this.fileColumns;
  }

  get files(): TextColumn {
    return this.held.files;
  }

  set files(column: TextColumn) {
    this.held.files = column;
  }

  get size(): Float64Array<ArrayBuffer> {
    return this.held.size;
  }

  get mtime(): Float64Array<ArrayBuffer> {
    return this.held.mtime;
  }

  /** The file columns by the names a saved state keeps them under, typed arrays and text apart; none once let go of. */
  heldFileColumns(): { numbers: Record<string, NumberArray>; texts: Record<string, TextColumn> } {
    const held = this.fileColumns;
    return held === null
      ? { numbers: {}, texts: {} }
      : { numbers: { size: held.size, mtime: held.mtime }, texts: { files: held.files } };
  }

  /** The typed arrays, by name: what is saved with a build, and grown when slots are added (size and mtime while held). */
  columns(): Record<string, NumberArray> {
    return {
      valid: this.valid,
      ...this.heldFileColumns().numbers,
      spillFile: this.spillFile,
      spillAt: this.spillAt,
      spillLength: this.spillLength,
      digestHi: this.digestHi,
      digestLo: this.digestLo,
    };
  }

  /** Replaces each typed array by what `make` gives for it (its name and its type). */
  load(make: (column: string, Type: NumberArrayType) => NumberArray): void {
    for (const [name, column] of Object.entries(this.columns()))
      this.assign(name, make(name, column.constructor as NumberArrayType));
  }

  /** Makes room for `capacity` slots. */
  reserve(capacity: number): void {
    for (const [name, column] of Object.entries(this.columns())) {
      if (column.length >= capacity) continue;
      const grown = new (column.constructor as NumberArrayType)(Math.max(capacity, column.length * 2));
      grown.set(column);
      this.assign(name, grown);
    }
  }

  /** Sets a typed array by the name columns() gives it. */
  protected assign(name: string, values: NumberArray): void {
    if (name === 'valid') this.valid = values as Uint8Array<ArrayBuffer>;
    else if (name === 'size') this.held.size = values as Float64Array<ArrayBuffer>;
    else if (name === 'mtime') this.held.mtime = values as Float64Array<ArrayBuffer>;
    else if (name === 'spillFile') this.spillFile = values as Uint8Array<ArrayBuffer>;
    else if (name === 'spillAt') this.spillAt = values as Float64Array<ArrayBuffer>;
    else if (name === 'spillLength') this.spillLength = values as Uint32Array<ArrayBuffer>;
    else if (name === 'digestHi') this.digestHi = values as Uint32Array<ArrayBuffer>;
    else if (name === 'digestLo') this.digestLo = values as Uint32Array<ArrayBuffer>;
    else throw new Error(`no column ${name}`);
  }

  spilled(slot: number, file: number, [at, length]: [number, number]) {
    this.spillFile[slot] = file;
    this.spillAt[slot] = at;
    this.spillLength[slot] = length;
  }
}

export class FightKeys extends Records {
  date = new Float64Array(0);
  division = new Uint16Array(0);
  event = new Int32Array(0);
  corner1 = new Int32Array(0);
  corner2 = new Int32Array(0);
  /** The titles at stake, for the few fights that have any. */
  readonly titles = new Map<number, string[]>();
  override columns() {
    return {
      ...super.columns(),
      date: this.date,
      division: this.division,
      event: this.event,
      corner1: this.corner1,
      corner2: this.corner2,
    };
  }
  protected override assign(name: string, values: NumberArray): void {
    if (name === 'date') this.date = values as Float64Array<ArrayBuffer>;
    else if (name === 'division') this.division = values as Uint16Array<ArrayBuffer>;
    else if (name === 'event') this.event = values as Int32Array<ArrayBuffer>;
    else if (name === 'corner1') this.corner1 = values as Int32Array<ArrayBuffer>;
    else if (name === 'corner2') this.corner2 = values as Int32Array<ArrayBuffer>;
    else super.assign(name, values);
  }
}

export class EventKeys extends Records {
  date = new Float64Array(0);
  override columns() {
    return { ...super.columns(), date: this.date };
  }
  protected override assign(name: string, values: NumberArray): void {
    if (name === 'date') this.date = values as Float64Array<ArrayBuffer>;
    else super.assign(name, values);
  }
}

export class FighterKeys extends Records {
  name = new TextColumn();
  fullName = new TextColumn();
  /** The search fields (see searchFields): folded name (also the sort key), nickname, alias. */
  folded = new TextColumn();
  nickname = new TextColumn();
  alias = new TextColumn();
  division = new Uint16Array(0);
  /** The birth date's day number (see dayNumber): ages follow from it. */
  birthDay = new Int32Array(0);
  override columns() {
    return { ...super.columns(), division: this.division, birthDay: this.birthDay };
  }
  protected override assign(name: string, values: NumberArray): void {
    if (name === 'division') this.division = values as Uint16Array<ArrayBuffer>;
    else if (name === 'birthDay') this.birthDay = values as Int32Array<ArrayBuffer>;
    else super.assign(name, values);
  }
  texts() {
    return {
      name: this.name,
      fullName: this.fullName,
      folded: this.folded,
      nickname: this.nickname,
      alias: this.alias,
    };
  }
}

export interface Catalog {
  divisions: DivisionRecord[];
  organizations: OrganizationRecord[];
  titles: TitleRecord[];
  rankings: RankingRecord[];
  /** Each ranking's file, relative to the rankings folder. */
  rankingFiles: string[];
  /** The small collections' files as they were read: collection, file, size, time. */
  smallFiles: Array<[collection: string, file: string, size: number, mtime: number]>;
  /** Division ids in the order their records were read: the index a fight or fighter keeps. */
  divisionIds: string[];
  fights: FightKeys;
  events: EventKeys;
  fighters: FighterKeys;
  /** The small collections' records' digests (see history.ts), by collection and id: what the next build compares. */
  smallDigests: Record<string, Record<string, string>>;
  /** The scanners' spill files, by number. */
  spills: string[];
  /** The state folder the large collections' file columns were saved in when let go of (see state.ts setAsideFileColumns); null while held. */
  fileColumnsSavedIn: string | null;
}

/** Slots of `records` that are valid, in the order `compare` gives them. */
export function sortedSlots(records: Records, compare: (a: number, b: number) => number): Uint32Array {
  let n = 0;
  for (let s = 0; s < records.count; s++) if (records.valid[s]) n++;
  const order = new Uint32Array(n);
  for (let s = 0, i = 0; s < records.count; s++) if (records.valid[s]) order[i++] = s;
  return order.sort(compare);
}

export function emptyCatalog(capacity: { fights: number; events: number; fighters: number }): Catalog {
  const catalog: Catalog = {
    divisions: [],
    organizations: [],
    titles: [],
    rankings: [],
    rankingFiles: [],
    smallFiles: [],
    divisionIds: [],
    fights: new FightKeys(),
    events: new EventKeys(),
    fighters: new FighterKeys(),
    smallDigests: {},
    spills: [],
    fileColumnsSavedIn: null,
  };
  catalog.fights.reserve(capacity.fights);
  catalog.events.reserve(capacity.events);
  catalog.fighters.reserve(capacity.fighters);
  return catalog;
}

/** The index a division's id stands for in fights' and fighters' keys (new divisions are appended). */
export function divisionIndexOf(catalog: Catalog, id: string): number {
  const i = catalog.divisionIds.indexOf(id);
  if (i >= 0) return i;
  catalog.divisionIds.push(id);
  return catalog.divisionIds.length - 1;
}

/** Sets a large collection's record's keys in its slot, as the scanners give them. */
export function setKeys(catalog: Catalog, slot: number, keys: Exclude<Keys, { kind: 'record' }>): void {
  if (keys.kind === 'fight') {
    const f = catalog.fights;
    f.valid[slot] = 1;
    f.date[slot] = dateNumber(keys.date);
    f.division[slot] = divisionIndexOf(catalog, keys.division_id);
    f.event[slot] = catalog.events.index.slotOf(keys.event_id);
    f.corner1[slot] = catalog.fighters.index.slotOf(keys.fighters[0]);
    f.corner2[slot] = catalog.fighters.index.slotOf(keys.fighters[1]);
    if (keys.title_ids.length > 0) f.titles.set(slot, keys.title_ids);
    else f.titles.delete(slot);
  } else if (keys.kind === 'event') {
    catalog.events.valid[slot] = 1;
    catalog.events.date[slot] = dateNumber(keys.date);
  } else {
    const f = catalog.fighters;
    f.valid[slot] = 1;
    f.division[slot] = divisionIndexOf(catalog, keys.division_id);
    f.birthDay[slot] = dayNumber(keys.birth_date);
    const texts: Array<[TextColumn, string]> = [
      [f.name, keys.name],
      [f.fullName, keys.full_name],
      [f.folded, keys.search[0]],
      [f.nickname, keys.search[1]],
      [f.alias, keys.search[2]],
    ];
    for (const [column, text] of texts) column.put(slot, text);
  }
}
