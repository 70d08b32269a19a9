// Calendar arithmetic over the whole range of four-digit years, and the day after the last one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDays,
  dayNumber,
  dayString,
  earlierDay,
  isRealDate,
  laterDay,
  utcDay,
} from '../../../src/shared/dates.ts';

const DAY_MS = 86_400_000;

describe('calendar days', () => {
  it('agree with Date where Date is exact (years 100 to 9999)', () => {
    const first = Date.UTC(100, 0, 1) / DAY_MS;
    const last = Date.UTC(9999, 11, 31) / DAY_MS;
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (n) => {
        const text = new Date(n * DAY_MS).toISOString().slice(0, 10);
        expect(dayString(n)).toBe(text);
        expect(dayNumber(text)).toBe(n);
        expect(isRealDate(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the first day, 0001-01-01, and the years 0001-0099 are real and exact', () => {
    for (const day of ['0001-01-01', '0004-02-29', '0050-06-15', '0099-12-31', '0100-03-01'])
      expect(isRealDate(day), day).toBe(true);
    expect(isRealDate('0100-02-29')).toBe(false);
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('0004-02-28', 1)).toBe('0004-02-29');
    expect(addDays('0001-01-01', 365)).toBe('0002-01-01');
    // 0001-01-01 to 1970-01-01: 1969 years of 365 days and 477 leap days.
    expect(dayNumber('0001-01-01')).toBe(-(1969 * 365 + 477));
    expect(dayString(dayNumber('0001-01-01'))).toBe('0001-01-01');
  });

  it('the last day, 9999-12-31, is followed by 10000-01-01, which sorts after it', () => {
    expect(isRealDate('9999-12-31')).toBe(true);
    expect(addDays('9999-12-31', 1)).toBe('10000-01-01');
    expect(addDays('10000-01-01', -1)).toBe('9999-12-31');
    expect(compareDays('10000-01-01', '9999-12-31')).toBeGreaterThan(0);
    expect(laterDay('9999-12-31', '10000-01-01')).toBe('10000-01-01');
    expect(earlierDay('9999-12-31', '10000-01-01')).toBe('9999-12-31');
  });

  it('refuses days that do not exist or lie outside 0001-9999', () => {
    for (const day of [
      '0000-01-01',
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-01-00',
      '10000-01-01',
      '2024-1-01',
    ])
      expect(isRealDate(day), day).toBe(false);
    expect(isRealDate('2000-02-29')).toBe(true);
  });

  it('the UTC day of an instant turns exactly at midnight', () => {
    expect(utcDay(Date.parse('2026-11-21T23:59:59.999Z'))).toBe('2026-11-21');
    expect(utcDay(Date.parse('2026-11-22T00:00:00.000Z'))).toBe('2026-11-22');
  });
});
