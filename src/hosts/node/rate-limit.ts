// The preview's per-address rate limit: the rule Netlify applies to the gate (src/hosts/netlify/
// gate-function.ts, GATE_RATE_LIMIT), counted in memory. The preview is one process, so its count
// is every request it answers; at the edge no such count exists (see docs/deploy.md). The window
// slides as Netlify's does: the previous minute's count weighs by the part of it still within
// the last 60 seconds.
import { errorResponse } from '../../api/respond.ts';
import { tooManyRequests } from '../../api/errors.ts';
import { systemClock } from '../../shared/dates.ts';
import type { Step } from '../chain.ts';
import { clientAddress } from './bridge.ts';

const WINDOW_MS = 60_000;

interface Count {
  /** The start of the current window, in epoch milliseconds (a multiple of WINDOW_MS). */
  window: number;
  current: number;
  previous: number;
}

export interface RateLimit {
  /** The step that answers 429 (the API's envelope, Retry-After) to an address over the limit and hands the rest on. */
  step: Step;
  /** The requests a request's address had left after it, for the usage log; null for one not counted. */
  left(request: Request): number | null;
}

/**
 * At most `perMinute` requests from each client address in any 60 seconds (as Netlify's sliding
 * window estimates them). `now` gives epoch microseconds and `addressOf` a request's address
 * (tests give their own).
 */
export function perAddressLimit(
  perMinute: number,
  now: () => number = systemClock,
  addressOf: (request: Request) => string | undefined = clientAddress,
): RateLimit {
  const counts = new Map<string, Count>();
  const left = new WeakMap<Request, number>();
  let swept = 0;
  return {
    left: (request) => left.get(request) ?? null,
    step: (request, next) => {
      const ms = now() / 1000;
      const window = Math.floor(ms / WINDOW_MS) * WINDOW_MS;
      // Once a window, the addresses not heard from in two are forgotten: the map holds the active ones.
      if (window !== swept) {
        for (const [address, count] of counts) if (count.window < window - WINDOW_MS) counts.delete(address);
        swept = window;
      }
      const address = addressOf(request) ?? 'unknown';
      let count = counts.get(address);
      if (count === undefined) counts.set(address, (count = { window, current: 0, previous: 0 }));
      else if (count.window !== window) {
        count.previous = count.window === window - WINDOW_MS ? count.current : 0;
        count.current = 0;
        count.window = window;
      }
      const elapsed = ms - window;
      const weight = (WINDOW_MS - elapsed) / WINDOW_MS;
      const estimate = count.previous * weight + count.current;
      if (estimate + 1 > perMinute) {
        const retryAfter = Math.max(1, Math.ceil(secondsUntilRoom(count, elapsed, perMinute)));
        return Promise.resolve(
          errorResponse(request, tooManyRequests(perMinute, retryAfter), now(), {
            'Retry-After': String(retryAfter),
            // A page's script may read it too.
            'Access-Control-Expose-Headers': 'ETag, Retry-After',
          }),
        );
      }
      count.current++;
      left.set(request, Math.max(0, Math.floor(perMinute - estimate - 1)));
      return next();
    },
  };
}

/** Seconds from `elapsed` into the window until one more request fits. */
function secondsUntilRoom({ current, previous }: Count, elapsed: number, perMinute: number): number {
  // Within this window, the previous one's share shrinks: previous * (W - t) / W + current + 1 <= limit.
  if (current + 1 <= perMinute && previous > 0) {
    const t = WINDOW_MS * (1 - (perMinute - current - 1) / previous);
    return (t - elapsed) / 1000;
  }
  // Only in the next window, where this one's count is the previous: current * (W - t) / W + 1 <= limit.
  const t = current > 0 ? WINDOW_MS * Math.max(0, 1 - (perMinute - 1) / current) : 0;
  return (WINDOW_MS - elapsed + t) / 1000;
}
