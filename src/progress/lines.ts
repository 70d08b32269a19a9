// The words of a progress report: what a phase has done, how fast, and how long it has left.
// Kept apart from the reporter so that a terminal's live line and a log's plain lines read alike.
import { grouped } from '../shared/numbers.ts';

/** 1234567 -> "1,234,567". */
export const count = (n: number) => grouped(Math.round(n));

/** Items per second to three figures: 18234 -> "18,200", 52.34 -> "52.3"; more would only flicker. */
export const rate = (perSecond: number) => grouped(Number(perSecond.toPrecision(3)));

/** How fast: "18,200/s", or for items that take longer than a second, "12.0 s each" (not "0.083/s"). */
export const pace = (perSecond: number) =>
  perSecond >= 1 ? `${rate(perSecond)}/s` : `${duration(1 / perSecond)} each`;

/** A time taken: "0.4 s", "55.0 s", "4 min 10 s", "1 h 5 min". */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return wholeDuration(seconds);
}

/** A time to come, whole seconds at most: "32 s", "4 min 10 s", "1 h 5 min". */
export function wholeDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** What a phase has done so far, after `seconds`: "checking fights: 412,000 / 1,000,000 (41%), 18,200/s, about 32 s left". */
export function runningLine(name: string, done: number, total: number | undefined, seconds: number): string {
  const parts = [
    total === undefined
      ? count(done)
      : `${count(done)} / ${count(total)}${total > 0 ? ` (${Math.floor((100 * done) / total)}%)` : ''}`,
  ];
  // A rate over the first moments of a phase (one item in 2 ms) would promise nonsense.
  const perSecond = seconds >= 1 ? done / seconds : 0;
  if (perSecond > 0) {
    parts.push(pace(perSecond));
    if (total !== undefined && total > done) parts.push(`about ${wholeDuration((total - done) / perSecond)} left`);
  }
  return `${name}: ${parts.join(', ')}`;
}

/** A phase's one line when it ends: "checking fights: 1,000,000 in 55.0 s (18,200/s)". */
export function endLine(name: string, done: number, total: number | undefined, seconds: number): string {
  const counted = total === undefined || total === done ? count(done) : `${count(done)} of ${count(total)}`;
  // A rate over a blink of time is noise.
  const speed = seconds >= 0.1 && done > 0 ? ` (${pace(done / seconds)})` : '';
  return `${name}: ${counted} in ${duration(seconds)}${speed}`;
}
