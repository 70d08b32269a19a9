// The lists kept by id: each collection's records (get-one), and the lists read whole (an event's
// fights, a fighter's fights, a title's holders), held in packs in the order of their ids' hashes
// (see pack/); and the line of a fights list read whole. Where each lies is in layout.ts.
import type { LargeResource } from '../../records/resources.ts';

/** A list small enough to read whole, kept by the id it is of: one event's or one fighter's fights, one title's holders. */
export type WholeList =
  | { resource: 'fights'; by: 'event' | 'fighter'; id: string }
  | { resource: 'fighters'; by: 'title'; id: string };

/** The lists kept by id: a collection's records (for get-one), or its lists read whole of a kind. */
export type HashedList = { resource: LargeResource; by?: undefined } | Pick<WholeList, 'resource' | 'by'>;

/**
 * A line of a fights list read whole: the fields its filters test, tab-separated, then the
 * record's JSON (which never holds a raw tab), so filtering needs no parsing.
 */
export function keyedFightLine(
  f: {
    id: string;
    date: string;
    division: { id: string };
    event: { id: string };
    fighters: { fighter_1: { fighter_id: string }; fighter_2: { fighter_id: string } };
  },
  json: string,
): string {
  return [
    f.date,
    f.id,
    f.division.id,
    f.event.id,
    f.fighters.fighter_1.fighter_id,
    f.fighters.fighter_2.fighter_id,
    json,
  ].join('\t');
}

export interface KeyedFight {
  date: string;
  id: string;
  division_id: string;
  event_id: string;
  fighter_ids: [string, string];
  json: string;
}

/** The id of the fight a keyed line holds (its second field), with nothing else of the line split. */
export function keyedFightId(line: string): string {
  const start = line.indexOf('\t') + 1;
  return line.slice(start, line.indexOf('\t', start));
}

export function readKeyedFight(line: string): KeyedFight {
  const parts = line.split('\t', 6);
  const json = line.slice(parts.reduce((n, p) => n + p.length + 1, 0));
  return {
    date: parts[0],
    id: parts[1],
    division_id: parts[2],
    event_id: parts[3],
    fighter_ids: [parts[4], parts[5]],
    json,
  };
}
