// The checks a change of content files can fail, run on the changed files alone: each changed
// record's own (made when the file was read), and those between it and the rest of the catalog
// (ids taken twice, references to records that are not there, a title of another division),
// including records elsewhere that still refer to one the change removed.
import type { Facts } from '../content/facts.ts';
import type { CollectionName } from '../content/schemas.ts';
import type { Problem } from '../content/validate.ts';
import { SINGULAR, isLarge, type LargeResource } from '../records/resources.ts';
import { someGroups } from '../store/lists/make.ts';
import { eventOf, fightersOf } from '../store/units.ts';
import type { Catalog } from './catalog.ts';
import type { scanFile } from './scan-file.ts';

/** A changed content file as it is now: read and checked on its own, or gone (no `scanned`). */
export interface ChangedFile {
  collection: LargeResource;
  file: string;
  /** The slot the file's record held, if it held one. */
  was: number;
  scanned?: ReturnType<typeof scanFile>;
}

/** The checks a change can fail: each changed record's own, and those between it and the rest. */
export function checkChange(
  catalog: Catalog,
  fightOrder: ArrayLike<number>,
  reads: readonly ChangedFile[],
  shown: (c: CollectionName, file: string) => string,
): Problem[] {
  const problems: Problem[] = [];
  const gone: Record<LargeResource, Set<number>> = { fights: new Set(), events: new Set(), fighters: new Set() };
  const coming: Record<LargeResource, Map<string, string>> = {
    fights: new Map(),
    events: new Map(),
    fighters: new Map(),
  };
  for (const r of reads) {
    if (r.was >= 0) gone[r.collection].add(r.was);
    const id = r.scanned?.facts?.id;
    if (id !== undefined) {
      const other = coming[r.collection].get(id);
      if (other !== undefined)
        problems.push({
          file: shown(r.collection, r.file),
          field: 'id',
          message: `duplicate ${SINGULAR[r.collection]} id "${id}", already used by ${other}`,
        });
      else coming[r.collection].set(id, shown(r.collection, r.file));
    }
  }
  /** The slot of the catalog's record with `id` that the change leaves standing, or -1. */
  const standing = (c: LargeResource, id: string): number => {
    const slot = catalog[c].index.slotOf(id);
    return slot >= 0 && catalog[c].valid[slot] === 1 && !gone[c].has(slot) ? slot : -1;
  };
  const exists = (c: CollectionName, id: string): boolean =>
    isLarge(c)
      ? coming[c].has(id) || standing(c, id) >= 0
      : (catalog[c] as Array<{ id: string }>).some((r) => r.id === id);
  const titleDivision = new Map(catalog.titles.map((t) => [t.id, t.division_id]));

  for (const r of reads) {
    if (!r.scanned) continue;
    const file = shown(r.collection, r.file);
    problems.push(...r.scanned.problems);
    const facts: Facts | undefined = r.scanned.facts;
    if (!facts) continue;
    if (facts.id !== undefined) {
      const slot = standing(r.collection, facts.id);
      if (slot >= 0)
        problems.push({
          file,
          field: 'id',
          message: `duplicate ${SINGULAR[r.collection]} id "${facts.id}", already used by ${shown(r.collection, catalog[r.collection].files.get(slot))}`,
        });
    }
    for (const [at, target, id] of facts.refs)
      if (!exists(target, id))
        problems.push({ file, field: at, message: `refers to ${SINGULAR[target]} "${id}", which does not exist` });
    if (r.collection === 'fights' && facts.division_id !== undefined)
      for (const [at, target, id] of facts.refs) {
        const division = target === 'titles' ? titleDivision.get(id) : undefined;
        if (division !== undefined && division !== facts.division_id)
          problems.push({
            file,
            field: at,
            message: `title "${id}" belongs to division "${division}", not the fight's division "${facts.division_id}"`,
          });
      }
  }

  // Records that are gone, or hold another id now, may still be referred to.
  const stillHeld = (c: LargeResource, slot: number) => coming[c].has(catalog[c].id(slot));
  const goneEvents = [...gone.events].filter((s) => !stillHeld('events', s));
  const goneFighters = [...gone.fighters].filter((s) => !stillHeld('fighters', s));
  if (goneEvents.length + goneFighters.length > 0) {
    const { fights } = catalog;
    const changedFights = new Set(reads.filter((r) => r.collection === 'fights').map((r) => r.was));
    const referring = (slot: number) => fights.valid[slot] === 1 && !changedFights.has(slot);
    const source = {
      event: (s: number) => fights.event[s],
      corners: (s: number) => [fights.corner1[s], fights.corner2[s]] as const,
    };
    const fightFile = (s: number) => shown('fights', fights.files.get(s));
    for (const [e, held] of someGroups(goneEvents, fightOrder, eventOf(source)))
      for (const f of held)
        if (referring(f))
          problems.push({
            file: fightFile(f),
            field: 'event_id',
            message: `refers to event "${catalog.events.id(e)}", which does not exist`,
          });
    if (goneFighters.length > 0) {
      const lists = someGroups(goneFighters, fightOrder, fightersOf(source));
      for (const g of goneFighters) {
        for (const f of lists.get(g)!)
          if (referring(f))
            for (const corner of ['fighter_1', 'fighter_2'] as const)
              if ((corner === 'fighter_1' ? fights.corner1[f] : fights.corner2[f]) === g)
                problems.push({
                  file: fightFile(f),
                  field: `fighters.${corner}.fighter_id`,
                  message: `refers to fighter "${catalog.fighters.id(g)}", which does not exist`,
                });
        const id = catalog.fighters.id(g);
        for (const ranking of catalog.rankings)
          for (const [list, entries] of [
            ['champions', ranking.champions],
            ['rankings', ranking.rankings],
          ] as const)
            entries.forEach((entry, i) => {
              if (entry.fighter_id === id)
                problems.push({
                  file: shown('rankings', catalog.rankingFiles[catalog.rankings.indexOf(ranking)]),
                  field: `${list}.${i}.fighter_id`,
                  message: `refers to fighter "${id}", which does not exist`,
                });
            });
      }
    }
  }
  return problems;
}
