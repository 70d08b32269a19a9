// What every query needs besides its parameters.
import type { Store } from '../../store/reader/store.ts';

export interface AnswerContext {
  store: Store;
  /** The current UTC calendar day, YYYY-MM-DD: schedules and event status are relative to it. */
  today: string;
}
