// A change of content files applied to a catalog: the changed files read and checked, the checks
// between records that the change can break run again, the keys updated, and the store files
// the change touches made (see store/update.ts), unchanged records' texts taken from the
// store as it is. Fights, events and fighters are updated record by record; a change to the small
// collections (divisions, organizations, titles, rankings) is answered by reading everything
// again, as a build does: they are few, and much depends on them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { displayPath } from '../content/read.ts';
import type { CollectionName } from '../content/schemas.ts';
import type { Problem } from '../content/validate.ts';
import { LARGE, isLarge, type LargeResource } from '../records/resources.ts';
import { ageOn, dayString } from '../shared/dates.ts';
import { Shapes, recordOf, storedRecord } from '../store/pack/shapes.ts';
import type { RecordChange } from '../store/changes/make.ts';
import type { StoreSource } from '../store/source.ts';
import { clearDigest, recordDigest, setDigest, smallChanges } from './history.ts';
import type { TextOf, Unit } from '../store/lists/make.ts';
import { updateUnits, type Before } from '../store/update.ts';
import { listBefore } from '../store/lists/update.ts';
import { someGroups } from '../store/lists/make.ts';
import { eventOf, fightersOf } from '../store/units.ts';
import { dateText, setKeys, type Catalog, type Records } from './catalog.ts';
import { catalogSource, fileContent, resolver, type Orders } from './catalog-source.ts';
import type { Keys } from './scan-protocol.ts';
import { scanFile } from './scan-file.ts';
import { checkChange, type ChangedFile } from './update-check.ts';
import { diskBuckets } from './disk-gram-buckets.ts';
import type { GramBuckets } from '../store/search/make.ts';

/** A content file that was written or removed: its collection and its path within the collection's folder. */
export interface ContentChange {
  collection: CollectionName;
  file: string;
}

export interface UpdateContext {
  catalog: Catalog;
  orders: Orders;
  contentDir: string;
  asOf: string;
  /** The day the catalog's texts were made for (ages change with it). */
  madeFor: string;
  /** Reads a file of the store as it is (a path from the layout), or null. */
  read(path: string): string | null;
  /** The most NDJSON bytes an export part holds, when not the limit the store's exports were cut to. */
  exportPartBytes?: number;
}

export type UpdateResult =
  | { kind: 'problems'; problems: Problem[] }
  /** A change the small collections are part of: the caller builds again. */
  | { kind: 'rebuild'; why: string }
  /**
   * The store files the change touches, made as they are taken (write each as it comes, away from
   * the store `read` reads), and the paths that go: complete once the last unit is taken.
   */
  | {
      kind: 'update';
      units: AsyncIterable<Unit>;
      removed: string[];
      orders: Orders;
      files: number;
      changes: RecordChange[];
    };

/** The slot a file's record holds (its id is usually its name; a record kept elsewhere is looked for). */
function slotOfFile(records: Records, file: string): number {
  const named = records.index.slotOf(path.basename(file, '.json'));
  if (named >= 0 && records.valid[named] && records.files.get(named) === file) return named;
  for (let s = 0; s < records.count; s++) if (records.valid[s] && records.files.get(s) === file) return s;
  return -1;
}

export function applyChanges(ctx: UpdateContext, changes: readonly ContentChange[]): UpdateResult {
  const small = changes.find((c) => !isLarge(c.collection));
  if (small) return { kind: 'rebuild', why: `${small.collection} changed` };
  const { catalog } = ctx;
  const shown = (c: CollectionName, file: string) => displayPath(path.join(ctx.contentDir, c, file));

  // The files as they are now: read and checked on their own, or gone.
  const reads: ChangedFile[] = [];
  const seen = new Set<string>();
  for (const { collection, file } of changes) {
    const key = `${collection}/${file}`;
    if (seen.has(key) || !isLarge(collection)) continue;
    seen.add(key);
    const was = slotOfFile(catalog[collection], file);
    let scanned: ChangedFile['scanned'];
    try {
      scanned = scanFile(path.join(ctx.contentDir, collection), collection, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    reads.push({ collection, file, was, scanned });
  }

  const problems = checkChange(ctx.catalog, ctx.orders.fights, reads, shown);
  if (problems.length > 0) return { kind: 'problems', problems };
  return apply(ctx, reads);
}

/** Keys of a fight or fighter as they were, for the lists it leaves. */
function snapshot(catalog: Catalog, collection: LargeResource, slot: number) {
  if (collection === 'fights') {
    const f = catalog.fights;
    return {
      event: f.event[slot],
      corners: [f.corner1[slot], f.corner2[slot]] as const,
      divisionId: catalog.divisionIds[f.division[slot]],
      day: dateText(f.date[slot]).slice(0, 10),
    };
  }
  if (collection === 'fighters') {
    const f = catalog.fighters;
    return {
      divisionId: catalog.divisionIds[f.division[slot]],
      searchFields: [f.folded.get(slot), f.nickname.get(slot), f.alias.get(slot)],
      id: f.id(slot),
      name: f.name.get(slot),
      fullName: f.fullName.get(slot),
    };
  }
  return {};
}

function apply(ctx: UpdateContext, reads: readonly ChangedFile[]): UpdateResult {
  const { catalog } = ctx;
  const before = {
    fights: new Map<number, ReturnType<typeof snapshot>>(),
    fighters: new Map<number, ReturnType<typeof snapshot>>(),
  };
  const removedIds: Record<LargeResource, Map<number, string>> = {
    fights: new Map(),
    events: new Map(),
    fighters: new Map(),
  };
  const touched: Record<LargeResource, Set<number>> = { fights: new Set(), events: new Set(), fighters: new Set() };
  const remember = (c: LargeResource, slot: number) => {
    if ((c === 'fights' || c === 'fighters') && !before[c].has(slot)) before[c].set(slot, snapshot(catalog, c, slot));
  };

  // Records that left their slot: files removed, or holding another id now.
  for (const r of reads) {
    if (r.was < 0) continue;
    const records = catalog[r.collection];
    if (r.scanned?.facts?.id === records.id(r.was)) continue;
    remember(r.collection, r.was);
    records.valid[r.was] = 0;
    removedIds[r.collection].set(r.was, records.id(r.was));
  }
  // Records written: their slot (the id's own, or a new one) takes the new keys.
  for (const r of reads) {
    if (!r.scanned?.keys) continue;
    const records = catalog[r.collection];
    const { slot } = records.index.add(r.scanned.facts!.id!);
    records.reserve(slot + 1);
    if (records.valid[slot]) remember(r.collection, slot);
    removedIds[r.collection].delete(slot);
    records.files.put(slot, r.file);
    records.size[slot] = r.scanned.size;
    records.mtime[slot] = r.scanned.mtimeMs;
    setKeys(catalog, slot, r.scanned.keys as Exclude<Keys, { kind: 'record' }>);
    touched[r.collection].add(slot);
  }

  // Texts that change: the records written, the fights of an event written, the fights of a
  // fighter whose names changed, and fighters whose age changed with the day.
  const texts: Record<LargeResource, Set<number>> = {
    fights: new Set(touched.fights),
    events: new Set(touched.events),
    fighters: new Set(touched.fighters),
  };
  const fightSource = {
    order: ctx.orders.fights,
    event: (s: number) => catalog.fights.event[s],
    corners: (s: number) => [catalog.fights.corner1[s], catalog.fights.corner2[s]] as const,
  };
  for (const held of someGroups(touched.events, fightSource.order, eventOf(fightSource)).values())
    for (const f of held) if (catalog.fights.valid[f]) texts.fights.add(f);
  const renamed = [...touched.fighters].filter((s) => {
    const was = before.fighters.get(s) as { name?: string; fullName?: string } | undefined;
    return (
      was !== undefined &&
      (was.name !== catalog.fighters.name.get(s) || was.fullName !== catalog.fighters.fullName.get(s))
    );
  });
  for (const held of someGroups(renamed, fightSource.order, fightersOf(fightSource)).values())
    for (const f of held) if (catalog.fights.valid[f]) texts.fights.add(f);
  if (ctx.madeFor !== ctx.asOf) {
    const f = catalog.fighters;
    for (let s = 0; s < f.count; s++)
      if (f.valid[s] && ageOn(dayString(f.birthDay[s]), ctx.madeFor) !== ageOn(dayString(f.birthDay[s]), ctx.asOf))
        texts.fighters.add(s);
  }

  const orders = reorder(catalog, ctx.orders, touched, removedIds);
  const resolve = resolver(catalog, ctx.asOf, fileContent(catalog, ctx.contentDir));
  // Every stored record's shape: of the records made here, and of the packs their neighbours are read from.
  const shapes = new Shapes();
  const old = oldTexts(ctx, catalog, shapes);
  const fresh = (c: LargeResource, make: (slot: number) => unknown): TextOf => {
    const made = new Map<number, string>();
    return (slot) => {
      if (!texts[c].has(slot)) return old(c, slot);
      let text = made.get(slot);
      if (text === undefined) made.set(slot, (text = storedRecord(make(slot), shapes)));
      return text;
    };
  };
  const source = catalogSource(catalog, resolve.small, orders, {
    fights: fresh('fights', resolve.fight),
    events: fresh('events', resolve.event),
    fighters: fresh('fighters', resolve.fighter),
    shapes,
  });
  const { divisions, organizations, titles, rankings } = source;
  const changes = [
    ...recordChanges(catalog, source, texts, removedIds),
    ...smallChanges(catalog, { divisions, organizations, titles, rankings }),
  ];
  const searchable = new Set<number>();
  for (const s of touched.fighters) {
    const was = before.fighters.get(s) as { divisionId: string; searchFields: string[] } | undefined;
    const f = catalog.fighters;
    if (
      !was ||
      was.divisionId !== catalog.divisionIds[f.division[s]] ||
      was.searchFields.join('\t') !== [f.folded.get(s), f.nickname.get(s), f.alias.get(s)].join('\t')
    )
      searchable.add(s);
  }
  for (const s of removedIds.fighters.keys()) searchable.add(s);
  const previous: Before = {
    read: ctx.read,
    orders: ctx.orders,
    fight: (s) => before.fights.get(s) as ReturnType<Before['fight']>,
    fighter: (s) => before.fighters.get(s) as ReturnType<Before['fighter']>,
    removedIds,
  };
  const removed: string[] = [];
  const units = withBuckets((buckets) =>
    updateUnits(
      source,
      previous,
      { texts, searchable },
      { asOf: ctx.asOf, partBytes: ctx.exportPartBytes },
      removed,
      buckets,
    ),
  );
  return { kind: 'update', units, removed, orders, files: reads.length, changes };
}

/**
 * Units made with a folder for the name search's pairs, where it is made again whole: they wait on
 * disk, as a build's do. The folder is made only then, and removed once the units are all taken
 * (or the taking stops).
 */
async function* withBuckets(units: (buckets: () => GramBuckets) => AsyncIterable<Unit>): AsyncGenerator<Unit> {
  let folder: string | undefined;
  try {
    yield* units(() => diskBuckets((folder ??= mkdtempSync(path.join(tmpdir(), 'boxing-update-')))));
  } finally {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The records the change created, changed or deleted, for the changes feed: of the records whose
 * texts were made again, those whose digest is another now (see history.ts), and the records gone.
 */
function recordChanges(
  catalog: Catalog,
  source: StoreSource,
  texts: Record<LargeResource, Set<number>>,
  removed: Record<LargeResource, Map<number, string>>,
): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const c of LARGE) {
    const records = catalog[c];
    for (const slot of [...texts[c]].sort((a, b) => a - b)) {
      if (!records.valid[slot]) continue;
      const record = recordOf(source[c].text(slot), source.shapes);
      const change = setDigest(records, slot, recordDigest(record));
      if (change !== null) changes.push({ collection: c, id: records.id(slot), change, record });
    }
    for (const [slot, id] of removed[c]) {
      clearDigest(records, slot);
      changes.push({ collection: c, id, change: 'deleted', record: null });
    }
  }
  return changes;
}

/** Each collection's new order: slots that left or changed taken out, changed ones put in their places. */
function reorder(
  catalog: Catalog,
  orders: Orders,
  touched: Record<LargeResource, Set<number>>,
  removed: Record<LargeResource, Map<number, string>>,
): Orders {
  const byDateThenId = (r: Records & { date: Float64Array }) => (a: number, b: number) =>
    r.date[a] - r.date[b] || r.index.ids.compare(a, b);
  const compare: Record<LargeResource, (a: number, b: number) => number> = {
    fights: byDateThenId(catalog.fights),
    events: byDateThenId(catalog.events),
    fighters: (a, b) => catalog.fighters.folded.compare(a, b) || catalog.fighters.index.ids.compare(a, b),
  };
  const next = {} as Orders;
  for (const c of LARGE) {
    const out = new Set([...touched[c], ...removed[c].keys()]);
    if (out.size === 0) {
      next[c] = orders[c];
      continue;
    }
    const kept = orders[c].filter((s) => !out.has(s));
    const added = Uint32Array.from([...touched[c]].filter((s) => catalog[c].valid[s] === 1)).sort(compare[c]);
    const merged = new Uint32Array(kept.length + added.length);
    let [i, j, k] = [0, 0, 0];
    while (i < kept.length || j < added.length)
      merged[k++] =
        j >= added.length || (i < kept.length && compare[c](kept[i], added[j]) <= 0) ? kept[i++] : added[j++];
    next[c] = merged;
  }
  return next;
}

/**
 * Unchanged records' texts, from the store as it is: each collection's list of every record, read
 * a pack at a time (the packs around a change are read once and kept a while).
 */
function oldTexts(ctx: UpdateContext, catalog: Catalog, shapes: Shapes): (c: LargeResource, slot: number) => string {
  const position: Partial<Record<LargeResource, Int32Array>> = {};
  const lists: Partial<Record<LargeResource, NonNullable<ReturnType<typeof listBefore>>>> = {};
  return (c, slot) => {
    let at = position[c];
    if (!at) {
      at = new Int32Array(catalog[c].count).fill(-1);
      const order = ctx.orders[c];
      for (let i = 0; i < order.length; i++) at[order[i]] = i;
      position[c] = at;
    }
    const p = at[slot];
    if (p < 0) throw new Error(`${c} slot ${slot} has no text in the store`);
    const list = (lists[c] ??= listBefore({ resource: c }, ctx.read, shapes) ?? undefined);
    if (!list) throw new Error(`the store has no list of every ${c}`);
    return list.record(p);
  };
}
