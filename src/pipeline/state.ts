// A build's catalog saved beside it, so that the next build and the live preview start from the
// keys instead of reading every content file again. Typed arrays and packed text columns are
// written as they are in memory: saving and loading a million records' keys takes a moment.
// The state names the content folder, the day ages were computed for and a digest of the code
// that made the store; a state that differs in any of them is not used.
import fg from 'fast-glob';
import { BUILD_CODE, NOT_BUILD_CODE } from './code.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LARGE, type LargeResource } from '../records/resources.ts';
import { EventKeys, FighterKeys, FightKeys, type Catalog, type NumberArray, type Records } from './catalog.ts';
import { IdIndex } from './id-index.ts';
import { TextColumn } from '../shared/text-column.ts';

const VERSION = 2;
const META = 'state.json';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What the store's bytes depend on besides the content: the code under src/ that builds it (see
 * code.ts) and the locked packages. A state made by other code describes a store this code would
 * not write.
 */
export function codeDigest(): string {
  const hash = createHash('sha256');
  for (const file of fg.sync(BUILD_CODE, { cwd: ROOT, onlyFiles: true, ignore: NOT_BUILD_CODE }).sort())
    hash.update(`${file}\0`).update(readFileSync(path.join(ROOT, file)));
  for (const file of ['package-lock.json'])
    if (existsSync(path.join(ROOT, file))) hash.update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex');
}

export interface StateMeta {
  version: number;
  code: string;
  /** The content folder, absolute. */
  content: string;
  asOf: string;
  /** Identifies the store this state describes (the build writes it into the store's marker too). */
  store: string;
  /** The changes feed's history the store holds, and its newest build's number and name: the records' digests are those of that build (see history.ts). */
  history?: { id: string; build: number; name: string };
}

export interface SavedState {
  meta: StateMeta;
  catalog: Catalog;
  /** Each large collection's valid slots in its order, as the store was written. */
  orders: Record<LargeResource, Uint32Array>;
}

function textColumns(records: Records): Record<string, TextColumn> {
  return {
    ids: records.index.ids,
    ...records.heldFileColumns().texts,
    ...(records instanceof FighterKeys ? records.texts() : {}),
  };
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Writes a collection's typed arrays and text columns (those it holds) as a state keeps them. */
function writeColumns(
  dir: string,
  name: LargeResource,
  records: Records,
  numbers: Record<string, NumberArray>,
  texts: Record<string, TextColumn>,
): void {
  for (const [column, values] of Object.entries(numbers))
    writeFileSync(path.join(dir, `${name}.${column}.bin`), bytesOf(values.subarray(0, records.count)));
  for (const [column, text] of Object.entries(texts)) {
    const { bytes, ends } = text.packed();
    writeFileSync(path.join(dir, `${name}.${column}.text`), bytes);
    writeFileSync(path.join(dir, `${name}.${column}.ends`), bytesOf(ends));
  }
}

/**
 * Starts a state in `dir` (emptied) with the large collections' file columns (files, size,
 * mtime), and lets the catalog go of them; with no `dir`, only lets go. A build from nothing
 * reads them only to save them, once its content is read: at a million fights they are some
 * 70 MB held through the whole writing. saveState into the same folder completes the state.
 */
export function setAsideFileColumns(catalog: Catalog, dir: string | undefined): void {
  if (dir !== undefined) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const name of LARGE) {
      const { numbers, texts } = catalog[name].heldFileColumns();
      writeColumns(dir, name, catalog[name], numbers, texts);
    }
  }
  for (const name of LARGE) catalog[name].releaseFileColumns();
  catalog.fileColumnsSavedIn = dir ?? null;
}

/** Writes a state into `dir` (replacing what was there, but the file columns setAsideFileColumns saved there). */
export function saveState(dir: string, state: SavedState): void {
  const { catalog } = state;
  const setAside = LARGE.some((name) => !catalog[name].holdsFileColumns);
  if (setAside && catalog.fileColumnsSavedIn !== dir)
    throw new Error(
      `the catalog's file columns were saved in ${catalog.fileColumnsSavedIn ?? 'no folder'}, not in ${dir}: its state cannot be saved there`,
    );
  if (!setAside) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  for (const name of LARGE) {
    const records = catalog[name];
    writeColumns(dir, name, records, records.columns(), textColumns(records));
    writeFileSync(path.join(dir, `${name}.order.bin`), bytesOf(state.orders[name]));
  }
  const small = {
    divisions: catalog.divisions,
    organizations: catalog.organizations,
    titles: catalog.titles,
    rankings: catalog.rankings,
    rankingFiles: catalog.rankingFiles,
    smallFiles: catalog.smallFiles,
    divisionIds: catalog.divisionIds,
    fightTitles: [...catalog.fights.titles],
    smallDigests: catalog.smallDigests,
  };
  writeFileSync(path.join(dir, 'small.json'), JSON.stringify(small));
  // Written last: a state without it is incomplete and is not used.
  writeFileSync(path.join(dir, META), JSON.stringify({ ...state.meta, version: VERSION }));
}

const SECONDS = 'build-seconds.json';

/** What the store's build took, phase by phase, beside its state (npm run build:stats reports it). */
export function saveBuildSeconds(dir: string, seconds: Readonly<Record<string, number>>): void {
  writeFileSync(path.join(dir, SECONDS), JSON.stringify(seconds));
}

/** The phases' seconds saved with a state, or null when there are none. */
export function readBuildSeconds(dir: string): Record<string, number> | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, SECONDS), 'utf8')) as Record<string, number>;
  } catch {
    return null;
  }
}

export function readStateMeta(dir: string): StateMeta | null {
  try {
    const meta = JSON.parse(readFileSync(path.join(dir, META), 'utf8')) as StateMeta;
    return meta.version === VERSION ? meta : null;
  } catch {
    return null;
  }
}

/** A typed array over a file's bytes (copied into a buffer of its own, aligned for the type). */
function load<T extends ArrayBufferView>(file: string, make: (buffer: ArrayBuffer) => T): T {
  const bytes = readFileSync(file);
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return make(copy);
}

/** A large collection's records by id, with each one's digest, as a state keeps them. */
export interface SavedDigests {
  large: Record<LargeResource, { index: IdIndex; valid: Uint8Array; hi: Uint32Array; lo: Uint32Array }>;
  small: Record<string, Record<string, string>>;
}

/** The records' ids, valid flags and digests of a state alone (what the next build compares its records with: see history.ts). */
export function loadDigests(dir: string): SavedDigests {
  const column = <T extends ArrayBufferView>(name: string, c: string, make: (b: ArrayBuffer) => T) =>
    load(path.join(dir, `${name}.${c}`), make);
  const large = Object.fromEntries(
    LARGE.map((name) => {
      const ids = TextColumn.from(
        column(name, 'ids.text', (b) => new Uint8Array(b)),
        column(name, 'ids.ends', (b) => new Uint32Array(b)),
      );
      const numbers = (c: string) => column(name, `${c}.bin`, (b) => new Uint32Array(b));
      return [
        name,
        {
          index: new IdIndex(ids),
          valid: column(name, 'valid.bin', (b) => new Uint8Array(b)),
          hi: numbers('digestHi'),
          lo: numbers('digestLo'),
        },
      ];
    }),
  ) as SavedDigests['large'];
  return {
    large,
    small: (JSON.parse(readFileSync(path.join(dir, 'small.json'), 'utf8')) as { smallDigests: SavedDigests['small'] })
      .smallDigests,
  };
}

export function loadState(dir: string): SavedState | null {
  const meta = readStateMeta(dir);
  if (meta === null) return null;
  const small = JSON.parse(readFileSync(path.join(dir, 'small.json'), 'utf8'));
  const text = (name: string, column: string) =>
    TextColumn.from(
      load(path.join(dir, `${name}.${column}.text`), (b) => new Uint8Array(b)),
      load(path.join(dir, `${name}.${column}.ends`), (b) => new Uint32Array(b)),
    );
  const records = <R extends Records>(name: LargeResource, made: R): R => {
    made.index = new IdIndex(text(name, 'ids'));
    made.files = text(name, 'files');
    made.load((column, Type) => load(path.join(dir, `${name}.${column}.bin`), (b) => new Type(b)));
    return made;
  };
  const fights = records('fights', new FightKeys());
  for (const [slot, titles] of small.fightTitles as Array<[number, string[]]>) fights.titles.set(slot, titles);
  const fighters = records('fighters', new FighterKeys());
  fighters.name = text('fighters', 'name');
  fighters.fullName = text('fighters', 'fullName');
  fighters.folded = text('fighters', 'folded');
  fighters.nickname = text('fighters', 'nickname');
  fighters.alias = text('fighters', 'alias');
  const catalog: Catalog = {
    divisions: small.divisions,
    organizations: small.organizations,
    titles: small.titles,
    rankings: small.rankings,
    rankingFiles: small.rankingFiles,
    smallFiles: small.smallFiles,
    divisionIds: small.divisionIds,
    fights,
    events: records('events', new EventKeys()),
    fighters,
    smallDigests: small.smallDigests,
    spills: [],
    fileColumnsSavedIn: null,
  };
  const orders = Object.fromEntries(
    LARGE.map((name) => [name, load(path.join(dir, `${name}.order.bin`), (b) => new Uint32Array(b))]),
  ) as SavedState['orders'];
  return { meta, catalog, orders };
}
