// Calendar arithmetic in UTC. Every date in the API is a UTC calendar day, so days are handled
// as integers (days since 1970-01-01) and strings are compared as strings.

const DAY_MS = 86_400_000;

/** True when `YYYY-MM-DD` names a day that exists (rejects 2024-02-30). */
export function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** True when `YYYY-MM-DDTHH:MM:SS[.ffffff]` is a real UTC date-time. */
export function isRealDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{6})?$/.exec(s);
  if (!m || !isRealDate(m[1])) return false;
  return Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60;
}

export function dayNumber(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC calendar day of an instant given in epoch milliseconds. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
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
  return a === undefined ? b : b === undefined ? a : a > b ? a : b;
}

/** The earlier of two optional days. */
export function earlierDay(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined ? a : a < b ? a : b;
}

/** The day `n` days after `day` (before, for negative n). */
export function addDays(day: string, n: number): string {
  return dayString(dayNumber(day) + n);
}
