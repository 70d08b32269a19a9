// A source of records -> every file of the store. Each list is written from the records' keys
// and texts; what is held in memory at a time is one chunk or one whole list, plus the keys.
// The output depends on the records alone, so unchanged content rewrites the same bytes, and a
// deploy uploads only what changed.
import type { Dataset } from '../../records/dataset.ts';
import { keyedFightLine, paths, recordText, withHeader, type ItemResource } from '../layout.ts';
import { groupItems, members, SortedListWriter, writePages, writeWhole } from './lists.ts';
import { writeSearch } from './search.ts';
import type { Sink } from './sink.ts';
import { datasetSource, type CollectionSource, type StoreSource } from './source.ts';

/** Every store file of a source (or of a resolved dataset, as tests hold one). */
export async function writeStore(from: StoreSource | Dataset, sink: Sink): Promise<void> {
  const source = 'fights' in from && 'order' in from.fights ? (from as StoreSource) : datasetSource(from as Dataset);
  await writeSmallResources(source, sink);
  await writeFights(source, sink);
  await writeEvents(source, sink);
  await writeFighters(source, sink);
}

const dayOf = (date: string) => date.slice(0, 10);

/** The sorted pass: each record's own file and its place in the list, in list order. */
async function writeInOrder(sink: Sink, resource: ItemResource, c: CollectionSource, each: (slot: number, text: string) => Promise<void>) {
  for (let p = 0; p < c.count; p++) {
    const slot = c.order[p];
    const text = c.text(slot);
    await sink.write(paths.record(resource, c.id(slot)), text);
    await each(slot, text);
  }
}

async function writeFights({ fights, divisions, events, fighters }: StoreSource, sink: Sink) {
  const all = new SortedListWriter(sink, { resource: 'fights' });
  const byDivision = new Map<number, SortedListWriter>();
  await writeInOrder(sink, 'fights', fights, async (slot, text) => {
    const day = dayOf(fights.date(slot));
    await all.add(text, day);
    const d = fights.division(slot);
    let list = byDivision.get(d);
    if (!list) byDivision.set(d, (list = new SortedListWriter(sink, { resource: 'fights', division_id: divisions[d].id })));
    await list.add(text, day);
  });
  await all.finish();
  for (const list of byDivision.values()) await list.finish();

  // Lists read whole: a fight's line leads with the fields their filters test.
  const keyed = (slot: number) => {
    const [a, b] = fights.corners(slot);
    const f = {
      id: fights.id(slot), date: fights.date(slot), division: { id: divisions[fights.division(slot)].id }, event: { id: events.id(fights.event(slot)) },
      fighters: { fighter_1: { fighter_id: fighters.id(a) }, fighter_2: { fighter_id: fighters.id(b) } },
    };
    return keyedFightLine(f, fights.text(slot));
  };
  const byEvent = groupItems(events.count, fights.order, (slot, add) => add(fights.event(slot)));
  for (let e = 0; e < events.count; e++) {
    const slots = members(byEvent, e);
    if (slots.length > 0) await writeWhole(sink, { resource: 'fights', by: 'event', id: events.id(e) }, Array.from(slots, keyed));
  }
  const byFighter = groupItems(fighters.count, fights.order, (slot, add) => {
    const [a, b] = fights.corners(slot);
    add(a);
    if (b !== a) add(b);
  });
  for (let f = 0; f < fighters.count; f++) {
    const slots = members(byFighter, f);
    if (slots.length > 0) await writeWhole(sink, { resource: 'fights', by: 'fighter', id: fighters.id(f) }, Array.from(slots, keyed));
  }
  await writePages(sink, 'fights', fights.count, (i) => fights.text(fights.order[fights.count - 1 - i]));
}

async function writeEvents({ events }: StoreSource, sink: Sink) {
  const all = new SortedListWriter(sink, { resource: 'events' });
  await writeInOrder(sink, 'events', events, (slot, text) => all.add(text, dayOf(events.date(slot))));
  await all.finish();
  await writePages(sink, 'events', events.count, (i) => events.text(events.order[events.count - 1 - i]));
}

async function writeFighters({ fighters, divisions, titles }: StoreSource, sink: Sink) {
  const all = new SortedListWriter(sink, { resource: 'fighters' });
  const byDivision = new Map<number, SortedListWriter>();
  await writeInOrder(sink, 'fighters', fighters, async (slot, text) => {
    await all.add(text);
    const d = fighters.division(slot);
    let list = byDivision.get(d);
    if (!list) byDivision.set(d, (list = new SortedListWriter(sink, { resource: 'fighters', division_id: divisions[d].id })));
    await list.add(text);
  });
  await all.finish();
  for (const list of byDivision.values()) await list.finish();
  const byTitle = groupItems(titles.length, fighters.order, (slot, add) => new Set(fighters.titles(slot)).forEach(add));
  for (let t = 0; t < titles.length; t++) {
    const slots = members(byTitle, t);
    if (slots.length > 0) await writeWhole(sink, { resource: 'fighters', by: 'title', id: titles[t].id }, Array.from(slots, (s) => fighters.text(s)));
  }
  await writePages(sink, 'fighters', fighters.count, (i) => fighters.text(fighters.order[i]));
  await writeSearch(sink, fighters, divisions);
}

/** Divisions, organizations, titles (whole, and per organization and division) and rankings. */
async function writeSmallResources(source: StoreSource, sink: Sink) {
  for (const resource of ['divisions', 'organizations', 'titles'] as const) {
    const texts = source[resource].map((r) => recordText(r));
    for (const [i, r] of source[resource].entries()) await sink.write(paths.record(resource, r.id), texts[i]);
    await sink.write(paths.all(resource), texts.join('\n'));
  }
  for (const org of [null, ...source.organizations.map((o) => o.id)])
    for (const div of [null, ...source.divisions.map((d) => d.id)]) {
      if (org === null && div === null) continue;
      const titles = source.titles.filter((t) => (org === null || t.organization.id === org) && (div === null || t.division.id === div));
      await sink.write(paths.titles(org, div), titles.map((t) => recordText(t)).join('\n'));
    }
  await writeRankings(source, sink);
}

/**
 * Rankings pages: page n is the n-th division (heaviest first), one record per organization.
 * Headers count what is there, so totals stay true whatever the content holds.
 */
async function writeRankings(source: StoreSource, sink: Sink) {
  const pages = source.divisions.length;
  for (const org of [null, ...source.organizations.map((o) => o.id)]) {
    const view = source.rankings.filter((r) => org === null || r.organization.id === org);
    for (const [i, division] of source.divisions.entries()) {
      const page = view.filter((r) => r.division.id === division.id).map((r) => recordText(r));
      await sink.write(paths.rankingsPage(i + 1, org), withHeader({ total: view.length, pages }, page));
      await sink.write(paths.rankingsOfDivision(division.id, org), withHeader({ total: page.length, pages: page.length > 0 ? 1 : 0 }, page));
    }
  }
}
