// A resolved dataset in memory as the writer's source (src/store/source.ts), for the tests
// that write a store of their own: the build's source is its catalog and spill files instead.
import type { Dataset } from '../../src/records/dataset.ts';
import { fnv1a } from '../../src/shared/hash.ts';
import { Shapes, storedRecord } from '../../src/store/pack/shapes.ts';
import { searchFields } from '../../src/store/search/format.ts';
import type { StoreSource } from '../../src/store/source.ts';

const identity = (n: number) => Uint32Array.from({ length: n }, (_, i) => i);

/** A resolved dataset as a source: its collections are in their canonical order already. */
export function datasetSource(ds: Dataset): StoreSource {
  const divisionIndex = new Map(ds.divisions.map((d, i) => [d.id, i]));
  const titleIndex = new Map(ds.titles.map((t, i) => [t.id, i]));
  const eventSlot = new Map(ds.events.map((e, i) => [e.id, i]));
  const fighterSlot = new Map(ds.fighters.map((f, i) => [f.id, i]));
  const shapes = new Shapes();
  const texts = <T>(records: readonly T[]) => {
    const kept: Array<string | undefined> = [];
    return (slot: number) => (kept[slot] ??= storedRecord(records[slot], shapes));
  };
  return {
    shapes,
    divisions: ds.divisions,
    organizations: ds.organizations,
    titles: ds.titles,
    rankings: ds.rankings,
    fights: {
      slots: ds.fights.length,
      count: ds.fights.length,
      order: identity(ds.fights.length),
      id: (s) => ds.fights[s].id,
      idHash: (s) => fnv1a(ds.fights[s].id),
      text: texts(ds.fights),
      date: (s) => ds.fights[s].date,
      division: (s) => divisionIndex.get(ds.fights[s].division.id)!,
      event: (s) => eventSlot.get(ds.fights[s].event.id)!,
      corners: (s) => [
        fighterSlot.get(ds.fights[s].fighters.fighter_1.fighter_id)!,
        fighterSlot.get(ds.fights[s].fighters.fighter_2.fighter_id)!,
      ],
    },
    events: {
      slots: ds.events.length,
      count: ds.events.length,
      order: identity(ds.events.length),
      id: (s) => ds.events[s].id,
      idHash: (s) => fnv1a(ds.events[s].id),
      text: texts(ds.events),
      date: (s) => ds.events[s].date,
    },
    fighters: {
      slots: ds.fighters.length,
      count: ds.fighters.length,
      order: identity(ds.fighters.length),
      id: (s) => ds.fighters[s].id,
      idHash: (s) => fnv1a(ds.fighters[s].id),
      text: texts(ds.fighters),
      division: (s) => divisionIndex.get(ds.fighters[s].division.id)!,
      titles: (s) => ds.fighters[s].titles.map((t) => titleIndex.get(t.id)!),
      searchFields: (s) => searchFields(ds.fighters[s]),
    },
  };
}
