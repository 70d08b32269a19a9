// Progress shown on the console, for anything that reports through Progress (src/pipeline/progress.ts):
// the store build in the Astro integration, the generator, the benchmark. On a terminal each
// running phase is one live line, redrawn in place at most ten times a second; in a log (a pipe,
// CI, Netlify's build log) a live line would be escape codes and carriage returns, so a phase
// prints a plain line every few seconds instead. Either way a phase that ends leaves one line
// with its count and how long it took.
//
// tick() runs once per record, millions of times a build, so it only adds to a number and
// counts down to its next look at the clock; how many ticks pass between looks adapts to their
// pace, so that a busy phase looks about every 20 ms and a slow one at every tick. Looking from
// tick() matters: the generator and parts of the build keep the thread busy for minutes, and a
// timer never fires then. The timer covers phases whose ticks stop coming while the thread waits.
import type { Phase, Progress } from '../pipeline/progress.ts';
import { endLine, runningLine } from './lines.ts';

/** Where the report goes: process.stderr, or a stand-in in tests. */
export interface ConsoleStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /** The terminal's width: a live line longer than that would wrap and could not be redrawn. */
  columns?: number;
}

type Env = Record<string, string | undefined>;

export interface ConsoleProgressOptions {
  /** Default process.stderr: standard output stays for what a command prints as its result. */
  stream?: ConsoleStream;
  /** A live line (true) or plain lines (false); default: live on a terminal, unless the environment says it is a log. */
  live?: boolean;
  /** Milliseconds between a phase's plain lines; default PROGRESS_INTERVAL seconds, else 5 s. */
  everyMs?: number;
  /** Put before every line of the report, e.g. "[boxing-store] ". */
  prefix?: string;
  /** The clock, in milliseconds (tests bring their own). */
  now?: () => number;
  env?: Env;
}

export interface ConsoleProgress extends Progress {
  /** Prints a line of the caller's own without tearing the live line. */
  log(line: string): void;
  /** Clears the live line and stops the timer; phases still running are dropped (e.g. the build failed). */
  stop(): void;
}

/** The shortest time between two drawings of the live line. */
const REDRAW_MS = 100;
/** How often a phase that is ticking looks at the clock. */
const LOOK_MS = 20;
const PLAIN_EVERY_SECONDS = 5;
const CLEAR_LINE = '\r\x1b[K';

/** A terminal gets the live line; CI, NO_COLOR and TERM=dumb ask for plain output even on one. */
export function isLive(stream: ConsoleStream, env: Env = process.env): boolean {
  const set = (name: string) =>
    env[name] !== undefined && env[name] !== '' && env[name] !== 'false' && env[name] !== '0';
  return stream.isTTY === true && !set('CI') && !set('NO_COLOR') && env.TERM !== 'dumb';
}

/** Milliseconds between plain lines: PROGRESS_INTERVAL (seconds) when set. */
export function plainEveryMs(env: Env = process.env): number {
  const text = env.PROGRESS_INTERVAL;
  if (text === undefined || text === '') return PLAIN_EVERY_SECONDS * 1000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`PROGRESS_INTERVAL must be a number of seconds above 0, not "${text}"`);
  return seconds * 1000;
}

interface Owner {
  look(phase: RunningPhase): void;
  end(phase: RunningPhase, at?: number): void;
}

class RunningPhase implements Phase {
  items = 0;
  /** Ticks left before the next look at the clock, and how many to wait after it. */
  untilLook = 1;
  stride = 1;
  lastLook: number;
  /** When a plain line is due. */
  nextLine: number;
  ended = false;
  readonly name: string;
  readonly total: number | undefined;
  readonly started: number;
  readonly owner: Owner;

  constructor(owner: Owner, name: string, total: number | undefined, now: number, everyMs: number) {
    this.owner = owner;
    this.name = name;
    this.total = total;
    this.started = this.lastLook = now;
    this.nextLine = now + everyMs;
  }

  tick(n = 1): void {
    this.items += n;
    if (--this.untilLook <= 0) this.owner.look(this);
  }

  done(at?: number): void {
    if (this.ended) return;
    this.ended = true;
    this.owner.end(this, at);
  }
}

export function consoleProgress(options: ConsoleProgressOptions = {}): ConsoleProgress {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const live = options.live ?? isLive(stream, env);
  const everyMs = options.everyMs ?? plainEveryMs(env);
  const prefix = options.prefix ?? '';
  const now = options.now ?? (() => performance.now());
  const running = new Set<RunningPhase>();
  let timer: ReturnType<typeof setInterval> | undefined;
  /** A live line is on the screen, the cursor at its end. */
  let shown = false;
  let drawn = -Infinity;

  const seconds = (phase: RunningPhase, at: number) => (at - phase.started) / 1000;
  const clear = () => {
    if (shown) stream.write(CLEAR_LINE);
    shown = false;
  };

  const draw = (at: number) => {
    drawn = at;
    if (running.size === 0) return clear();
    const text = prefix + [...running].map((p) => runningLine(p.name, p.items, p.total, seconds(p, at))).join('  |  ');
    // No width is known off a real terminal (0 under some emulators): 80, the usual one.
    const width = Math.max(20, (stream.columns || 80) - 1);
    // Drawn over the old line, then the rest of it cleared: no blank frame in between.
    stream.write(`\r${text.length > width ? `${text.slice(0, width - 1)}…` : text}\x1b[K`);
    shown = true;
  };

  const report = (at: number) => {
    if (live) {
      if (at - drawn >= REDRAW_MS) draw(at);
      return;
    }
    for (const p of running) {
      if (at < p.nextLine) continue;
      stream.write(`${prefix}${runningLine(p.name, p.items, p.total, seconds(p, at))}\n`);
      p.nextLine = at + everyMs;
    }
  };

  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };

  const owner: Owner = {
    look(phase) {
      const at = now();
      const since = at - phase.lastLook;
      phase.lastLook = at;
      // Ticks until the next look, so that it comes about LOOK_MS from now at the pace just seen
      // (at most twice as many as before, so one quick burst cannot put the next look far off).
      phase.stride =
        since <= 0
          ? Math.min(phase.stride * 2, 1 << 24)
          : Math.max(1, Math.min(phase.stride * 2, Math.round((phase.stride * LOOK_MS) / since)));
      phase.untilLook = phase.stride;
      report(at);
    },
    end(phase, ended) {
      const at = now();
      running.delete(phase);
      clear();
      stream.write(`${prefix}${endLine(phase.name, phase.items, phase.total, seconds(phase, ended ?? at))}\n`);
      if (running.size === 0) stopTimer();
      else if (live) draw(at);
    },
  };

  return {
    phase(name, total, since) {
      const phase = new RunningPhase(owner, name, total, since ?? now(), everyMs);
      running.add(phase);
      if (timer === undefined) {
        timer = setInterval(() => report(now()), live ? REDRAW_MS : Math.min(everyMs, 1000));
        // A report never keeps a process alive.
        timer.unref?.();
      }
      return phase;
    },
    log(line) {
      clear();
      stream.write(`${line}\n`);
      // Drawn again at once, as the lines just printed pushed it up.
      if (live && running.size > 0) draw(now());
    },
    stop() {
      stopTimer();
      clear();
      running.clear();
    },
  };
}
