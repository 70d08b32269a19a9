// What every query needs besides its parameters.
import type { Store } from '../../store/reader/store.ts';

export interface AnswerContext {
  store: Store;
  /**
   * The current UTC calendar day, YYYY-MM-DD: schedules and event status are relative to it. An
   * answer that reads it holds only until the day ends, so reading it is recorded (see answer()).
   */
  today(): string;
}
