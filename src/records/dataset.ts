// The resolved records of a whole dataset, each collection in its canonical order. The order is a
// contract: list positions in the store are positions in these arrays.
import type { Division, Event, Fight, Fighter, Organization, Ranking, Title } from './schemas.ts';

export interface Dataset {
  /** Heaviest first: the order of the rankings pages. */
  divisions: Division[];
  organizations: Organization[];
  titles: Title[];
  /** By name, then id. */
  fighters: Fighter[];
  /** Ascending by (date, id); DESC is the exact reverse. */
  events: Event[];
  /** Ascending by (date, id); DESC is the exact reverse. */
  fights: Fight[];
  /** By rankings page (division), then organization. */
  rankings: Ranking[];
}
