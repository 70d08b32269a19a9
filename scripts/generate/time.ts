// Date-time helpers for the generator. Instants are whole epoch seconds (UTC); days are integers
// counted from 1970-01-01 as in src/shared/dates.ts.
import { dayNumber, dayString } from '../../src/shared/dates.ts';
import type { Rng } from './random.ts';

export { dayNumber, dayString };

export const DAY_SECONDS = 86_400;

/** `YYYY-MM-DDTHH:MM:SS` of an instant in epoch seconds. */
export function formatDateTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19);
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff`: the updated_at form. */
export function formatMicros(epochSeconds: number, micros: number): string {
  return `${formatDateTime(epochSeconds)}.${String(micros).padStart(6, '0')}`;
}

/** A random updated_at in [from, to) seconds (to > from), with random microseconds. */
export function randomStamp(rng: Rng, from: number, to: number): string {
  const seconds = to > from + 1 ? rng.int(from, to - 1) : from;
  return formatMicros(seconds, rng.int(0, 999_999));
}

export function yearOfDay(day: number): number {
  return new Date(day * DAY_SECONDS * 1000).getUTCFullYear();
}

/** Month index (year * 12 + month0) of a day. */
export function monthOfDay(day: number): number {
  const d = new Date(day * DAY_SECONDS * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** First and last day of a month index. */
export function monthBounds(month: number): [number, number] {
  const y = Math.floor(month / 12);
  const m = month % 12;
  const first = Math.floor(Date.UTC(y, m, 1) / 86_400_000);
  const last = Math.floor(Date.UTC(y, m + 1, 1) / 86_400_000) - 1;
  return [first, last];
}
