// Dates at the edges: the first and last days of the calendar, and the turn of the UTC day for
// everything relative to today (schedules, event status), with the clock fixed either side of midnight.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Event, Fight } from '../../src/records/schemas.ts';
import { directClient } from '../helpers/handler.ts';
import { dayOf, loadRecords } from '../helpers/reference.ts';

const TODAY = '2026-11-21';
const call = directClient(Date.parse(`${TODAY}T15:30:00Z`));
let fights: Fight[];
let events: Event[];

beforeAll(async () => {
  ({ fights, events } = await loadRecords());
});

const ids = (records: Array<{ id: string }>) => records.map((r) => r.id);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const inRange = (day: string, from?: string, to?: string) =>
  (from === undefined || day >= from) && (to === undefined || day <= to);

describe('the ends of the calendar', () => {
  it('a range up to 9999-12-31 or from 0001-01-01 holds every record', async () => {
    for (const [resource, all] of [
      ['fights', () => fights],
      ['events', () => events],
    ] as const)
      for (const q of [
        'date_to=9999-12-31',
        'data_from=0001-01-01',
        'date_from=0001-01-01',
        'date_from=0001-01-01&date_to=9999-12-31',
      ]) {
        const path = `/v2/${resource}/?${q}&date_sort=ASC&page_size=100`;
        const r = await call(path);
        expect(r.status, path).toBe(200);
        expect(r.body.pagination.total_items, path).toBe(all().length);
        expect(ids(r.body.data), path).toEqual(ids(all().slice(0, 100)));
      }
  });

  it('days in the years 0001-0099 and on 9999-12-31 are real days, with no records', async () => {
    for (const resource of ['fights', 'events'])
      for (const q of [
        'date=0001-01-01',
        'date=9999-12-31',
        'date_to=0099-12-31',
        'date_from=9999-12-31',
        'date_from=0001-01-01&date_to=0050-02-28',
      ]) {
        const path = `/v2/${resource}/?${q}`;
        const r = await call(path);
        expect(r.status, path).toBe(200);
        expect(r.body.pagination.total_items, path).toBe(0);
        expect(r.body.data).toEqual([]);
      }
    const zero = await call('/v2/fights/?date=0000-01-01');
    expect(zero.status).toBe(400);
    expect(zero.body.error.message).toContain('"date"');
  });
});

describe('around UTC midnight', () => {
  const statusOn = (today: string) => (day: string) =>
    day < today ? 'FINISHED' : day === today ? 'LIVE' : 'NOT_STARTED';
  /** A day after the fixed clock's with both events and fights, so the turn of the day shows. */
  const turningDay = () => {
    const fightDays = new Set(fights.map((f) => dayOf(f.date)));
    return events.map((e) => dayOf(e.date)).find((day) => day > TODAY && fightDays.has(day))!;
  };
  const instants = (day: string) =>
    [
      [Date.parse(`${addDays(day, -1)}T23:59:59.999Z`), addDays(day, -1)],
      [Date.parse(`${day}T00:00:00.000Z`), day],
    ] as const;

  it('schedules start at the current UTC day, to the millisecond', async () => {
    const day = turningDay();
    for (const [now, today] of instants(day)) {
      const at = directClient(now);
      for (const [resource, all] of [
        ['fights', fights],
        ['events', events],
      ] as const)
        for (const days of [0, 1]) {
          const expected = all.filter((r) => inRange(dayOf(r.date), today, addDays(today, days)));
          const path = `/v2/${resource}/schedule?days=${days}&date_sort=ASC&page_size=100`;
          const r = await at(path);
          expect(r.status).toBe(200);
          expect(ids(r.body.data), `${path} at ${new Date(now).toISOString()}`).toEqual(ids(expected));
          expect(r.body.pagination.total_items).toBe(expected.length);
          // The turning day is in today's schedule only from its first millisecond.
          const onDay = all.filter((x) => dayOf(x.date) === day).map((x) => x.id);
          if (days === 0) expect(ids(r.body.data).some((id) => onDay.includes(id))).toBe(today === day);
        }
    }
  });

  it('event status turns from NOT_STARTED to LIVE at midnight, and LIVE to FINISHED the next midnight', async () => {
    const day = turningDay();
    const onDay = ids(events.filter((e) => dayOf(e.date) === day));
    expect(onDay.length).toBeGreaterThan(0);
    const moments = [
      ...instants(day),
      [Date.parse(`${day}T23:59:59.999Z`), day],
      [Date.parse(`${addDays(day, 1)}T00:00:00.000Z`), addDays(day, 1)],
    ] as const;
    for (const [now, today] of moments) {
      const at = directClient(now);
      const status = statusOn(today);
      for (const wanted of ['FINISHED', 'LIVE', 'NOT_STARTED']) {
        const expected = events.filter((e) => status(dayOf(e.date)) === wanted);
        const r = await at(`/v2/events/?status=${wanted}&page_size=100`);
        const label = `${wanted} at ${new Date(now).toISOString()}`;
        expect(r.body.pagination.total_items, label).toBe(expected.length);
        expect(ids(r.body.data), label).toEqual(ids([...expected].reverse().slice(0, 100)));
        // The turning day's events have exactly one status at each instant.
        const sameDay = await at(`/v2/events/?status=${wanted}&date=${day}&date_sort=ASC`);
        expect(ids(sameDay.body.data), label).toEqual(status(day) === wanted ? onDay : []);
      }
    }
  });
});
