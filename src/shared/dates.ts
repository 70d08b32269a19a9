// Calendar arithmetic in UTC. Every date in the API is a UTC calendar day, so days are handled
// as integers (days since 1970-01-01) and strings are compared as strings.
//
// The arithmetic is the proleptic Gregorian calendar in plain integers, not Date: Date.UTC reads
// years 0-99 as 1900-1999, and Date's ISO text turns year 10000 into "+010000". Days run from
// 0001-01-01 through 9999-12-31, and the day after the last one is "10000-01-01".

const DAY_MS = 86_400_000;
/** Days from 0000-03-01 (the start of a 400-year era) to 1970-01-01. */
const EPOCH_SHIFT = 719_468;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1];
}

/** Days since 1970-01-01 of a civil date (months 1-12); exact for every year. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - EPOCH_SHIFT;
}

/** The civil date of a day number: the inverse of daysFromCivil. */
function civilFromDays(day: number): [number, number, number] {
  const z = day + EPOCH_SHIFT;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** True when `YYYY-MM-DD` names a day that exists, 0001-01-01 to 9999-12-31 (rejects 2024-02-30). */
export function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** True when `YYYY-MM-DDTHH:MM:SS[.ffffff]` is a real UTC date-time. */
export function isRealDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{6})?$/.exec(s);
  if (!m || !isRealDate(m[1])) return false;
  return Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60;
}

/** Days since 1970-01-01 of `YYYY-MM-DD` (anything after the day, such as a time, is ignored). */
export function dayNumber(date: string): number {
  const dash = date.indexOf('-');
  const month = Number(date.slice(dash + 1, dash + 3));
  return daysFromCivil(Number(date.slice(0, dash)), month, Number(date.slice(dash + 4, dash + 6)));
}

/** `YYYY-MM-DD` of a day number; years of five digits stay unsigned ("10000-01-01"). */
export function dayString(day: number): string {
  const [y, m, d] = civilFromDays(day);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** The UTC calendar day of an instant given in epoch milliseconds. */
export function utcDay(epochMs: number): string {
  return dayString(Math.floor(epochMs / DAY_MS));
}

/** Orders day strings: a longer year is a later one ("10000-01-01" after "9999-12-31"). */
export function compareDays(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

/** The current time in epoch microseconds. */
export const systemClock = () => Math.floor((performance.timeOrigin + performance.now()) * 1000);

/** The instant, in epoch milliseconds, at which a UTC day ends (the next day's midnight). */
export function endOfDayMs(day: string): number {
  return (dayNumber(day) + 1) * DAY_MS;
}

/** metadata.timestamp: ISO 8601 with microseconds and an explicit UTC offset. */
export function formatTimestamp(epochMicros: number): string {
  const ms = Math.floor(epochMicros / 1000);
  const micros = String(Math.floor(epochMicros) % 1_000_000).padStart(6, '0');
  return `${new Date(ms).toISOString().slice(0, 19)}.${micros}+00:00`;
}

/** Whole years between a birth date and a day, both `YYYY-MM-DD`. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The later of two optional days (an open bound yields to a set one). */
export function laterDay(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined ? a : compareDays(a, b) > 0 ? a : b;
}

/** The earlier of two optional days. */
export function earlierDay(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined ? a : compareDays(a, b) < 0 ? a : b;
}

/** The day `n` days after `day` (before, for negative n). */
export function addDays(day: string, n: number): string {
  return dayString(dayNumber(day) + n);
}
