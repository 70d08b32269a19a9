// The fighters' lists of fights are filed as the event lists go (events in date order) and put
// back in the fights' order: a card whose fights fall on other days than the card, and a fight
// on no card in the events' order, still give each fighter's list as the fights' order has it.
import { describe, expect, it } from 'vitest';
import { resolveDataset } from '../../../src/content/resolve.ts';
import { readKeyed } from '../../../src/store/pack/format.ts';
import { groupItems, members } from '../../../src/store/lists/make.ts';
import type { StoreSource } from '../../../src/store/source.ts';
import { fightersOf, keyedFight, storeUnits } from '../../../src/store/units.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { datasetSource } from '../../helpers/dataset-source.ts';
import { minimalContent } from '../../helpers/fixture.ts';

function content() {
  const c = minimalContent();
  const [fight] = c.fights;
  c.events.push({ ...c.events[0], id: 'event-2', title: 'Winter Card', date: '2025-01-10T19:00:00' });
  // event-1 (May) holds a fight of December, before every fight of event-2 (January).
  c.fights.push(
    {
      ...fight,
      id: 'fight-2',
      date: '2024-12-01T22:00:00',
      event_id: 'event-1',
      fighters: {
        fighter_1: { fighter_id: 'fighter-1', winner: true },
        fighter_2: { fighter_id: 'fighter-3', winner: false },
      },
    },
    { ...fight, id: 'fight-3', date: '2025-01-10T22:00:00', event_id: 'event-2' },
    {
      ...fight,
      id: 'fight-4',
      date: '2025-01-10T21:00:00',
      event_id: 'event-2',
      fighters: {
        fighter_1: { fighter_id: 'fighter-2', winner: true },
        fighter_2: { fighter_id: 'fighter-3', winner: false },
      },
    },
  );
  return c;
}

/** Each fighter's list, a fight at a time in the fights' order. */
function expected(source: StoreSource): Map<string, string[]> {
  const lists = groupItems(source.fighters.slots, source.fights.order, fightersOf(source.fights));
  const made = new Map<string, string[]>();
  for (let f = 0; f < source.fighters.slots; f++) {
    const slots = members(lists, f);
    if (slots.length > 0)
      made.set(
        source.fighters.id(f),
        Array.from(slots, (s) => keyedFight(source, s)),
      );
  }
  return made;
}

/** Each fighter's list as the store's packs hold it. */
function fighterListsOf(source: StoreSource): Map<string, string[]> {
  const made = new Map<string, string[]>();
  for (const unit of storeUnits(source))
    if (unit.path.includes('/fights/by-fighter/') && unit.path.endsWith('.pack'))
      for (const [id, lines] of readKeyed(unit.body() as string).all()) made.set(id, lines.split('\n'));
  return new Map([...made].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const sorted = (m: Map<string, string[]>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));

describe("the store's fighters' lists of fights", () => {
  const source = datasetSource(resolveDataset(content(), TEST_AS_OF));

  it("are in the fights' order where a card holds fights of other days", () => {
    const made = fighterListsOf(source);
    expect(made).toEqual(sorted(expected(source)));
    // fighter-1: December (event-1), January (event-2), May (event-1).
    const ids = made.get('fighter-1')!.map((l) => l.split('\t')[1]);
    expect(ids).toEqual(['fight-2', 'fight-3', 'fight-1']);
  });

  it("hold a fight on no card in the events' order", () => {
    // event-2 left out of the events' order: its two fights are in no event list.
    const event1 = Array.from(source.events.order).find((s) => source.events.id(s) === 'event-1')!;
    const without: StoreSource = { ...source, events: { ...source.events, order: Uint32Array.of(event1), count: 1 } };
    const made = fighterListsOf(without);
    expect(made).toEqual(sorted(expected(without)));
    expect(made.get('fighter-2')).toHaveLength(3);
  });
});
