/**
 * Ages are computed for this day. AS_OF pins it (tests, reproducible builds); otherwise it is
 * today in UTC, which is why a deployed site rebuilds daily. Also part of a build's inputs, so
 * the preview rebuilds on a new day.
 */
export function asOfDay(env: Record<string, string | undefined> = process.env): string {
  return env.AS_OF ?? new Date().toISOString().slice(0, 10);
}
