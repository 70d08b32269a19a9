// The day fighters' ages are computed for: part of a build's inputs, checked on its own.
import { isRealDate } from '../shared/dates.ts';

/**
 * AS_OF (its value, read with the build's settings: src/pipeline/settings.ts) pins the day (tests,
 * reproducible builds); unset or empty, it is today in UTC, which is why a deployed site rebuilds
 * daily (the day is also one of a build's inputs, so the preview rebuilds on a new day). Anything
 * else is refused: a mistyped day would otherwise leave every fighter without an age.
 */
export function asOfDay(value: string | undefined, now = new Date()): string {
  if (value === undefined || value === '') return now.toISOString().slice(0, 10);
  if (!isRealDate(value))
    throw new Error(`AS_OF must be a calendar day in the form YYYY-MM-DD (e.g. 2026-11-01), not "${value}"`);
  return value;
}
