// The fights list's filters, listed once: each filter by id, with what it means, how a fight
// matches it and which of a fight's values it takes. The list's parameters, the key a cursor is
// bound to, next_page, the filter applied to an event's or a fighter's fights in memory and the
// API description's example are all made from this list. Which store list a request reads (an
// event's or a fighter's fights whole, else every fight's or a division's in date order) is
// fightsList's choice: a filter added here needs a list to be read from there too.
import type { KeyedFight } from '../../store/records/format.ts';
import { isLegacyKey, keyOver, readLegacyKey } from './fight-filter-key.ts';
import type { DayRange } from '../params/days.ts';
import { filter } from '../params/fields.ts';

/** The ids a fight record carries (a fight as the API answers it, or any record shaped so). */
interface FightIds {
  division: { id: string };
  event: { id: string };
  fighters: { fighter_1: { fighter_id: string } };
}

interface IdFilter {
  /** What it filters by, as the API's description says it. */
  about: string;
  /** Whether a fight, as the lists read whole hold it, has this id. */
  holds(fight: KeyedFight, id: string): boolean;
  /** The fight's id of this kind (a fighter's: the first corner's). */
  of(fight: FightIds): string;
}

export const ID_FILTERS = {
  division_id: { about: 'Division of the bout.', holds: (f, id) => f.division_id === id, of: (f) => f.division.id },
  event_id: { about: 'Event the fight belongs to.', holds: (f, id) => f.event_id === id, of: (f) => f.event.id },
  fighter_id: {
    about: 'Fighter involved in the fight.',
    holds: (f, id) => f.fighter_ids.includes(id),
    of: (f) => f.fighters.fighter_1.fighter_id,
  },
} as const satisfies Record<string, IdFilter>;

type IdFilterName = keyof typeof ID_FILTERS;
const NAMES = Object.keys(ID_FILTERS) as IdFilterName[];

/** Something for each id filter, in the list's order. */
export const eachIdFilter = <T>(make: (name: IdFilterName) => T) =>
  Object.fromEntries(NAMES.map((name) => [name, make(name)])) as Record<IdFilterName, T>;

/** The id filters as fields of the list's parameters. */
export const idFilterParams = eachIdFilter((name) => filter(ID_FILTERS[name].about));

/** A request's filters: its days, and the ids it filters by. */
export type FightFilters = DayRange & Partial<Record<IdFilterName, string>>;

/** Every filter of the list by name: the days, then each id filter. */
export const FILTER_NAMES = ['from', 'to', ...NAMES] as const;

/**
 * The filters a cursor is bound to, in one canonical string: each filter given, by name (see
 * fight-filter-key.ts). Made once per request.
 */
export const filterKey: (q: Partial<FightFilters>) => string = keyOver(FILTER_NAMES);

/**
 * Whether a cursor's sealed key is the request's `key`: the same filters, each with the same value.
 * A key sealed by position is read by name first.
 */
export function sameFilters(sealed: string, key: string): boolean {
  if (sealed === key) return true;
  if (!isLegacyKey(sealed)) return false;
  const legacy = readLegacyKey(sealed);
  return legacy !== undefined && filterKey(legacy) === key;
}

/** The filters as next_page repeats them: the days as data_from and date_to, then each id filter given. */
export function setFilterParams(q: FightFilters, params: URLSearchParams): void {
  if (q.from !== undefined) params.set('data_from', q.from);
  if (q.to !== undefined) params.set('date_to', q.to);
  for (const name of NAMES) {
    const value = q[name];
    if (value !== undefined) params.set(name, value);
  }
}

/** Whether a fight of a list read whole passes a request's filters: its days, and each id it filters by. */
export function passes(q: FightFilters): (fight: KeyedFight) => boolean {
  const from = q.from && `${q.from}T00:00:00`;
  const to = q.to && `${q.to}T23:59:59`;
  const ids = NAMES.flatMap((name) => (q[name] === undefined ? [] : [[ID_FILTERS[name], q[name]] as const]));
  return (f) =>
    (from === undefined || f.date >= from) &&
    (to === undefined || f.date <= to) &&
    ids.every(([filter, id]) => filter.holds(f, id));
}
