// A catalog as the writer's source: records are resolved into their API text when the writer
// first asks (in list order), written to a spill file, and read back from it when asked again.
// The checked content records come from the scanners' spill files.
import path from 'node:path';
import { eventOfFight, resolveEvent, resolveFight, resolveFighter, resolveSmall, type EventOfFight, type FighterNames } from '../content/resolve.ts';
import type { EventRecord, FighterRecord, FightRecord } from '../content/schemas.ts';
import { recordText } from '../store/layout.ts';
import type { StoreSource } from '../store/writer/source.ts';
import { dateText, sortedSlots, type Catalog, type Records } from './catalog.ts';
import { Spill } from './spill.ts';

/** Recently used events, for the fights of a card (read in date order, so a card's fights come together). */
const EVENT_CACHE = 4096;

export interface CatalogSource extends StoreSource {
  close(): void;
}

export function catalogSource(catalog: Catalog, asOfDay: string, workDir: string): CatalogSource {
  const { fights, events, fighters } = catalog;
  const contentSpills = catalog.spills.map((file) => new Spill(file, 'r'));
  const content = <T>(records: Records, slot: number): T =>
    JSON.parse(contentSpills[records.spillFile[slot]].read(records.spillAt[slot], records.spillLength[slot], 'utf8')) as T;

  const fighterNames: FighterNames = (id) => {
    const slot = fighters.index.slotOf(id);
    return { name: fighters.name.get(slot), full_name: fighters.fullName.get(slot) };
  };
  const small = resolveSmall(catalog, fighterNames);
  // Fights and fighters keep their division as the index in reading order; the store's is the resolved order.
  const sortedDivision = Uint16Array.from(catalog.divisionIds, (id) => small.divisions.findIndex((d) => d.id === id));
  const titleIndex = new Map(small.titles.map((t, i) => [t.id, i]));

  const eventCache = new Map<number, EventOfFight>();
  const eventOf = (slot: number) => {
    let found = eventCache.get(slot);
    if (found) {
      eventCache.delete(slot);
    } else {
      found = eventOfFight(content<EventRecord>(events, slot));
      if (eventCache.size >= EVENT_CACHE) eventCache.delete(eventCache.keys().next().value!);
    }
    eventCache.set(slot, found);
    return found;
  };

  /** Texts resolved once, then read back from their spill file. */
  const resolvedTexts = (records: Records, name: string, resolve: (slot: number) => unknown) => {
    const spill = new Spill(path.join(workDir, `${name}.ndjson`));
    const at = new Float64Array(records.count).fill(-1);
    const length = new Uint32Array(records.count);
    return {
      spill,
      text(slot: number): string {
        if (at[slot] >= 0) return spill.read(at[slot], length[slot]);
        const text = recordText(resolve(slot));
        at[slot] = spill.append(text);
        length[slot] = text.length;
        return text;
      },
    };
  };

  const fightTexts = resolvedTexts(fights, 'fights', (slot) =>
    resolveFight(content<FightRecord>(fights, slot), eventOf(fights.event[slot]), fighterNames, small),
  );
  const eventTexts = resolvedTexts(events, 'events', (slot) => resolveEvent(content<EventRecord>(events, slot)));
  const fighterTexts = resolvedTexts(fighters, 'fighters', (slot) => resolveFighter(content<FighterRecord>(fighters, slot), asOfDay, small));

  const byDateThenId = (r: { date: Float64Array; index: { ids: { compare(a: number, b: number): number } } }) => (a: number, b: number) =>
    r.date[a] - r.date[b] || r.index.ids.compare(a, b);

  return {
    divisions: small.divisions,
    organizations: small.organizations,
    titles: small.titles,
    rankings: small.rankings,
    fights: {
      count: fights.count,
      order: sortedSlots(fights, byDateThenId(fights)),
      id: (s) => fights.id(s),
      text: fightTexts.text,
      date: (s) => dateText(fights.date[s]),
      division: (s) => sortedDivision[fights.division[s]],
      event: (s) => fights.event[s],
      corners: (s) => [fights.corner1[s], fights.corner2[s]],
    },
    events: {
      count: events.count,
      order: sortedSlots(events, byDateThenId(events)),
      id: (s) => events.id(s),
      text: eventTexts.text,
      date: (s) => dateText(events.date[s]),
    },
    fighters: {
      count: fighters.count,
      order: sortedSlots(fighters, (a, b) => fighters.folded.compare(a, b) || fighters.index.ids.compare(a, b)),
      id: (s) => fighters.id(s),
      text: fighterTexts.text,
      division: (s) => sortedDivision[fighters.division[s]],
      titles: (s) => (small.titlesHeld.get(fighters.id(s)) ?? []).map((t) => titleIndex.get(t.id)!),
      searchFields: (s) => [fighters.folded.get(s), fighters.nickname.get(s), fighters.alias.get(s)],
    },
    close() {
      for (const spill of [...contentSpills, fightTexts.spill, eventTexts.spill, fighterTexts.spill]) spill.close();
    },
  };
}
