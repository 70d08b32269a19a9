// An event's status follows from its day against today: the status filter's range of days and
// the status an event is given on a day say the same thing.
import { describe, expect, it } from 'vitest';
import { EVENT_STATUS, eventStatusOn, statusRange } from '../../../../src/api/endpoints/event-status.ts';
import { addDays } from '../../../../src/shared/dates.ts';

const today = '2026-03-01';
const within = (day: string, { from, to }: { from: string | undefined; to: string | undefined }) =>
  (from === undefined || day >= from) && (to === undefined || day <= to);

describe("an event's status", () => {
  it('is FINISHED before today, LIVE today and NOT_STARTED after', () => {
    expect([-400, -1, 0, 1, 400].map((n) => eventStatusOn(addDays(today, n), today))).toEqual([
      'FINISHED',
      'FINISHED',
      'LIVE',
      'NOT_STARTED',
      'NOT_STARTED',
    ]);
  });

  it("puts a day in the status filter's range of exactly the status it gives that day", () => {
    for (const n of [-400, -2, -1, 0, 1, 2, 400]) {
      const day = addDays(today, n);
      const matching = EVENT_STATUS.filter((status) =>
        within(day, statusRange({ from: undefined, to: undefined }, status, today)),
      );
      expect(matching, day).toEqual([eventStatusOn(day, today)]);
    }
  });
});
