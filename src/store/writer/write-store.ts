// The resolved dataset -> every file of the store. Each record is serialized once; lists share
// those texts. The output depends on the records alone, so unchanged content rewrites the same
// bytes, and a deploy uploads only what changed.
import type { Dataset } from '../../records/dataset.ts';
import { keyedFightLine, paths, recordText, withHeader, type ItemResource } from '../layout.ts';
import { groupBy, writePages, writeSorted, writeWhole } from './lists.ts';
import { writeSearch } from './search.ts';
import type { Sink } from './sink.ts';

export async function writeStore(ds: Dataset, sink: Sink): Promise<void> {
  await writeSmallResources(ds, sink);
  await writeFights(ds, sink);
  await writeEvents(ds, sink);
  await writeFighters(ds, sink);
}

async function writeRecords(sink: Sink, resource: ItemResource, records: ReadonlyArray<{ id: string }>, texts: readonly string[]) {
  for (let i = 0; i < records.length; i++) await sink.write(paths.record(resource, records[i].id), texts[i]);
}

const newestFirst = (texts: readonly string[]) => [...texts].reverse();
const dayOf = (r: { date: string }) => r.date.slice(0, 10);
const pick = (texts: readonly string[], at: readonly number[]) => at.map((i) => texts[i]);

async function writeFights(ds: Dataset, sink: Sink) {
  const texts = ds.fights.map((f) => recordText(f));
  const days = ds.fights.map(dayOf);
  await writeRecords(sink, 'fights', ds.fights, texts);
  await writeSorted(sink, { resource: 'fights' }, texts, days);
  for (const [divisionId, at] of groupBy(ds.fights, (f) => [f.division.id]))
    await writeSorted(sink, { resource: 'fights', division_id: divisionId }, pick(texts, at), pick(days, at));
  // Built per list, not kept: a fight's keyed line is needed in three lists at most.
  const keyed = (at: readonly number[]) => at.map((i) => keyedFightLine(ds.fights[i], texts[i]));
  for (const [eventId, at] of groupBy(ds.fights, (f) => [f.event.id]))
    await writeWhole(sink, { resource: 'fights', by: 'event', id: eventId }, keyed(at));
  const corners = (f: Dataset['fights'][number]) => [f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id];
  for (const [fighterId, at] of groupBy(ds.fights, corners))
    await writeWhole(sink, { resource: 'fights', by: 'fighter', id: fighterId }, keyed(at));
  await writePages(sink, 'fights', newestFirst(texts));
}

async function writeEvents(ds: Dataset, sink: Sink) {
  const texts = ds.events.map((e) => recordText(e));
  await writeRecords(sink, 'events', ds.events, texts);
  await writeSorted(sink, { resource: 'events' }, texts, ds.events.map(dayOf));
  await writePages(sink, 'events', newestFirst(texts));
}

async function writeFighters(ds: Dataset, sink: Sink) {
  const texts = ds.fighters.map((f) => recordText(f));
  await writeRecords(sink, 'fighters', ds.fighters, texts);
  await writeSorted(sink, { resource: 'fighters' }, texts);
  for (const [divisionId, at] of groupBy(ds.fighters, (f) => [f.division.id]))
    await writeSorted(sink, { resource: 'fighters', division_id: divisionId }, pick(texts, at));
  for (const [titleId, at] of groupBy(ds.fighters, (f) => f.titles.map((t) => t.id)))
    await writeWhole(sink, { resource: 'fighters', by: 'title', id: titleId }, pick(texts, at));
  await writePages(sink, 'fighters', texts);
  await writeSearch(sink, ds.fighters);
}

/** Divisions, organizations, titles (whole, and per organization and division) and rankings. */
async function writeSmallResources(ds: Dataset, sink: Sink) {
  for (const resource of ['divisions', 'organizations', 'titles'] as const) {
    const texts = ds[resource].map((r) => recordText(r));
    await writeRecords(sink, resource, ds[resource], texts);
    await sink.write(paths.all(resource), texts.join('\n'));
  }
  for (const org of [null, ...ds.organizations.map((o) => o.id)])
    for (const div of [null, ...ds.divisions.map((d) => d.id)]) {
      if (org === null && div === null) continue;
      const titles = ds.titles.filter((t) => (org === null || t.organization.id === org) && (div === null || t.division.id === div));
      await sink.write(paths.titles(org, div), titles.map((t) => recordText(t)).join('\n'));
    }
  await writeRankings(ds, sink);
}

/**
 * Rankings pages: page n is the n-th division (heaviest first), one record per organization.
 * Headers count what is there, so totals stay true whatever the content holds.
 */
async function writeRankings(ds: Dataset, sink: Sink) {
  const pages = ds.divisions.length;
  for (const org of [null, ...ds.organizations.map((o) => o.id)]) {
    const view = ds.rankings.filter((r) => org === null || r.organization.id === org);
    for (const [i, division] of ds.divisions.entries()) {
      const page = view.filter((r) => r.division.id === division.id).map((r) => recordText(r));
      await sink.write(paths.rankingsPage(i + 1, org), withHeader({ total: view.length, pages }, page));
      await sink.write(paths.rankingsOfDivision(division.id, org), withHeader({ total: page.length, pages: page.length > 0 ? 1 : 0 }, page));
    }
  }
}
