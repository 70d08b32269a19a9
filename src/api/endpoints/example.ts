// An endpoint's example in the API's description: a value for each of its parameters, made from a
// few records picked from the built store (src/api/openapi/examples.ts picks them and asks the API
// with the values). Each endpoint says which of the picked records its example is about, so its
// parameters agree with each other and sent together answer 200 with records.
import type { Event, Fight, Fighter, Title } from '../../records/schemas.ts';
import { MAX_SCHEDULE_DAYS } from '../limits.ts';

/** The records examples are made from; each absent when the store has none. */
export interface Picked {
  /** The build's day, on which the examples are asked. */
  today: string;
  /** The records a page of an example holds: enough to show a list, few enough to keep the description small. */
  pageSize: number;
  /** A past fight, and the fight just newer in the fights list (a cursor after it opens on the fight). */
  fight?: { fight: Fight; newer: Fight };
  /** A finished event (the newest one, else the newest event). */
  event?: Event;
  /** A title a fighter holds (else the first title). */
  title?: Title;
  /** The title's holder (else the first fighter). */
  fighter?: Fighter;
  /** The first part of the first export that has one. */
  exportPart?: { collection: string; part: string };
  /** A sync token from the start of the changes feed's kept history, and the cursor of the page after the first (see sync-token.ts). */
  changes?: { since: string; cursor: string };
}

/** An example's parameter values, as sent; none when the records it needs were not picked. */
export type ExampleOf = (picked: Picked) => Readonly<Record<string, string>> | undefined;

/** The first page of a list, as examples ask for it. */
export const firstPage = (p: Picked) => ({ page_num: '1', page_size: String(p.pageSize) });

/** A record's day. */
export const dayOf = (dateTime: string) => dateTime.slice(0, 10);

/** Both schedules' example: the widest schedule. */
export const scheduleExample = (p: Picked) => ({ days: String(MAX_SCHEDULE_DAYS), date_sort: 'DESC', ...firstPage(p) });
