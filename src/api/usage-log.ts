// The usage log: one JSON line per request, written by the key gate (console.log, which
// Netlify's function logs and log drains carry) and summed by `npm run usage`. The line names
// the caller (a key's name, never the key; or the gateway's subscriber), never anything secret.
import type { Caller } from './gate.ts';

/** The `type` of our lines, which tells them apart from anything else a log holds. */
export const USAGE_LINE_TYPE = 'api.request';

/** The most characters of a path a line keeps (a path is the client's to make as long as it likes). */
export const LOGGED_PATH_LENGTH = 200;

export interface UsageEntry {
  /** When the request was answered, ISO 8601 in UTC. */
  time: string;
  /** The key's name (`key N` for an unnamed key), `rapidapi:<user>` for the gateway's subscriber; null when unknown (no key, a wrong one). */
  name: string | null;
  /** The gateway's plan for its subscriber; null otherwise. */
  plan: string | null;
  /** The path asked for, without its query. */
  path: string;
  status: number;
  /** The requests the client address has left in the minute, where the host counts them (the preview); else null. */
  left: number | null;
}

/** The line for a request answered at `epochMicros`. */
export function usageLine(
  epochMicros: number,
  caller: Caller | null,
  path: string,
  status: number,
  left: number | null,
): string {
  return JSON.stringify({
    type: USAGE_LINE_TYPE,
    time: new Date(epochMicros / 1000).toISOString(),
    name: caller?.name ?? null,
    plan: caller?.plan ?? null,
    path: path.length > LOGGED_PATH_LENGTH ? path.slice(0, LOGGED_PATH_LENGTH) : path,
    status,
    left,
  } satisfies UsageEntry & { type: string });
}

const textOrNull = (v: unknown) => v === null || typeof v === 'string';

/**
 * The entry a log line holds, or null for any other line. A log drain or Netlify's log view may
 * put a prefix (a time, a request id, a level) before the JSON: the line is read from its first `{`.
 */
export function readUsageLine(line: string): UsageEntry | null {
  const start = line.indexOf('{');
  if (start < 0) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line.slice(start));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || value.type !== USAGE_LINE_TYPE) return null;
  const { time, name, plan, path, status, left } = value;
  if (typeof time !== 'string' || Number.isNaN(Date.parse(time)) || !textOrNull(name) || !textOrNull(plan)) return null;
  if (typeof path !== 'string' || !Number.isInteger(status) || !(left === null || Number.isInteger(left))) return null;
  return {
    time,
    name: name as string | null,
    plan: plan as string | null,
    path,
    status: status as number,
    left: left as number | null,
  };
}
