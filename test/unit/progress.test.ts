// The console progress reporter: plain lines every few seconds in a log, one redrawn line on a
// terminal, one line when a phase ends, and a tick() cheap enough to call per record.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleProgress, isLive, plainEveryMs, type ConsoleStream } from '../../src/progress/console.ts';
import { duration, endLine, runningLine, wholeDuration } from '../../src/progress/lines.ts';

const ESCAPE = /\x1b|\r/;

function captured(extra: Partial<ConsoleStream> = {}) {
  const writes: string[] = [];
  return { writes, text: () => writes.join(''), stream: { write: (t: string) => void writes.push(t), ...extra } };
}

describe('in a log (plain lines)', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it('prints a line every 5 s with the count, the share, the rate and the time left, then one line when the phase ends', () => {
    const out = captured();
    const progress = consoleProgress({ stream: out.stream, live: false, env: {}, now: () => Date.now() });
    const phase = progress.phase('checking fights', 1_000_000);
    phase.tick(50_000);
    vi.advanceTimersByTime(4_900);
    expect(out.text()).toBe('');
    phase.tick(50_000);
    vi.advanceTimersByTime(100);
    phase.tick(100_000);
    vi.advanceTimersByTime(5_000);
    expect(out.text()).toBe(
      'checking fights: 100,000 / 1,000,000 (10%), 20,000/s, about 45 s left\n' +
        'checking fights: 200,000 / 1,000,000 (20%), 20,000/s, about 40 s left\n',
    );
    phase.tick(800_000);
    vi.advanceTimersByTime(2_500);
    phase.done();
    phase.done();
    expect(out.text().split('\n').slice(2)).toEqual(['checking fights: 1,000,000 in 12.5 s (80,000/s)', '']);
    expect(out.text()).not.toMatch(ESCAPE);
  });

  it('shows the count and rate of a phase without a total, with a prefix on every line', () => {
    const out = captured();
    const progress = consoleProgress({
      stream: out.stream,
      live: false,
      env: {},
      prefix: '[boxing-store] ',
      now: () => Date.now(),
    });
    const phase = progress.phase('writing store files');
    phase.tick(3_000);
    vi.advanceTimersByTime(5_000);
    phase.done();
    expect(out.text()).toBe(
      '[boxing-store] writing store files: 3,000, 600/s\n[boxing-store] writing store files: 3,000 in 5.0 s (600/s)\n',
    );
  });

  it('times a phase from when its work began when that was before the phase was opened', () => {
    const out = captured();
    const progress = consoleProgress({ stream: out.stream, live: false, env: {}, now: () => Date.now() });
    vi.advanceTimersByTime(3_000);
    const phase = progress.phase('taking unchanged store files from the previous build', undefined, 0);
    phase.tick(40_000);
    vi.advanceTimersByTime(1_000);
    phase.done();
    expect(out.text()).toBe('taking unchanged store files from the previous build: 40,000 in 4.0 s (10,000/s)\n');
  });

  it('times a phase to when its work ended when that was before it was closed', () => {
    const out = captured();
    const progress = consoleProgress({ stream: out.stream, live: false, env: {}, now: () => Date.now() });
    const phase = progress.phase('taking unchanged store files from the previous build', undefined, 0);
    phase.tick(40_000);
    vi.advanceTimersByTime(3_000);
    phase.done(2_000);
    expect(out.text()).toBe('taking unchanged store files from the previous build: 40,000 in 2.0 s (20,000/s)\n');
  });

  it('prints from tick() when the thread is too busy for a timer to fire', () => {
    const out = captured();
    let clock = 0;
    const progress = consoleProgress({ stream: out.stream, live: false, env: {}, now: () => clock });
    const phase = progress.phase('making fights', 10_000);
    // No timer runs in this loop: only the clock moves, as in a long synchronous loop.
    for (let i = 0; i < 10_000; i++) {
      clock += 1.2;
      phase.tick();
    }
    expect(out.text().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^making fights: 4,1\d\d \/ 10,000 \(41%\), 833\/s, about 7 s left$/),
      expect.stringMatching(/^making fights: 8,3\d\d \/ 10,000 \(83%\), 833\/s, about 2 s left$/),
    ]);
    progress.stop();
  });

  it('takes PROGRESS_INTERVAL seconds between lines', () => {
    expect(plainEveryMs({})).toBe(5_000);
    expect(plainEveryMs({ PROGRESS_INTERVAL: '30' })).toBe(30_000);
    expect(plainEveryMs({ PROGRESS_INTERVAL: '0.5' })).toBe(500);
    expect(() => plainEveryMs({ PROGRESS_INTERVAL: 'often' })).toThrow(
      'PROGRESS_INTERVAL must be a number of seconds above 0, not "often"',
    );
    const out = captured();
    const progress = consoleProgress({
      stream: out.stream,
      live: false,
      env: { PROGRESS_INTERVAL: '1' },
      now: () => Date.now(),
    });
    const phase = progress.phase('writing fights', 10);
    vi.advanceTimersByTime(3_000);
    expect(out.text().split('\n').filter(Boolean)).toHaveLength(3);
    phase.done();
  });
});

describe('on a terminal (a live line)', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it('is chosen for a terminal, not for a pipe, CI, NO_COLOR or TERM=dumb', () => {
    expect(isLive({ write() {}, isTTY: true }, {})).toBe(true);
    expect(isLive({ write() {}, isTTY: false }, {})).toBe(false);
    expect(isLive({ write() {} }, {})).toBe(false);
    expect(isLive({ write() {}, isTTY: true }, { CI: 'true' })).toBe(false);
    expect(isLive({ write() {}, isTTY: true }, { CI: 'false' })).toBe(true);
    expect(isLive({ write() {}, isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(isLive({ write() {}, isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });

  it('redraws one line in place, at most ten times a second, and leaves the end line', () => {
    const out = captured({ isTTY: true, columns: 120 });
    const progress = consoleProgress({ stream: out.stream, env: {}, now: () => Date.now() });
    const phase = progress.phase('checking fights', 1_000);
    // A thousand ticks, 1 ms apart over a second.
    for (let i = 0; i < 1_000; i++) {
      phase.tick();
      vi.advanceTimersByTime(1);
    }
    const drawings = out.writes.filter((w) => w.startsWith('\r') && w.endsWith('\x1b[K') && w.length > 4);
    expect(drawings.length).toBeGreaterThanOrEqual(5);
    expect(drawings.length).toBeLessThanOrEqual(11);
    expect(out.text()).not.toContain('\n');
    for (const d of drawings)
      expect(d).toMatch(/^\rchecking fights: [\d,]+ \/ 1,000 \(\d+%\)(, [\d,.]+\/s(, about 1 s left)?)?\x1b\[K$/);
    phase.done();
    expect(out.writes.slice(-2)).toEqual(['\r\x1b[K', 'checking fights: 1,000 in 1.0 s (1,000/s)\n']);
  });

  it('draws no more often when ticks come faster, keeps to the terminal width, and keeps lines logged in between whole', () => {
    const out = captured({ isTTY: true, columns: 40 });
    const progress = consoleProgress({ stream: out.stream, env: {}, now: () => Date.now() });
    const phase = progress.phase('a phase with a rather long name', 1_000_000);
    for (let i = 0; i < 1_000_000; i++) phase.tick();
    expect(out.writes.length).toBeLessThanOrEqual(1);
    vi.advanceTimersByTime(1_000);
    expect(out.writes.length).toBeLessThanOrEqual(11);
    for (const w of out.writes) expect(w.replace(/^\r|\x1b\[K$/g, '').length).toBeLessThanOrEqual(39);
    progress.log('a line of its own');
    expect(out.writes.slice(-3)).toEqual([
      '\r\x1b[K',
      'a line of its own\n',
      '\ra phase with a rather long name: 1,000…\x1b[K',
    ]);
    progress.stop();
    expect(out.writes.at(-1)).toBe('\r\x1b[K');
  });
});

it('tick() on a million items costs next to nothing and prints nothing by itself', () => {
  const out = captured();
  const progress = consoleProgress({ stream: out.stream, live: false, env: {} });
  const phase = progress.phase('checking fights', 1_000_000);
  const started = performance.now();
  for (let i = 0; i < 1_000_000; i++) phase.tick();
  const ms = performance.now() - started;
  phase.done();
  expect(out.writes).toEqual([expect.stringMatching(/^checking fights: 1,000,000 in [\d.]+ s/)]);
  expect(ms).toBeLessThan(200);
});

it('spells times out', () => {
  expect([duration(0.42), duration(55), duration(250), duration(3_900)]).toEqual([
    '0.4 s',
    '55.0 s',
    '4 min 10 s',
    '1 h 5 min',
  ]);
  expect([wholeDuration(31.2), wholeDuration(120), wholeDuration(7_200)]).toEqual(['32 s', '2 min', '2 h']);
});

it('says how long each item took when items take longer than a second', () => {
  expect(runningLine('measuring throughput', 3, 20, 36)).toBe(
    'measuring throughput: 3 / 20 (15%), 12.0 s each, about 3 min 24 s left',
  );
  expect(endLine('measuring throughput', 20, 20, 240)).toBe('measuring throughput: 20 in 4 min (12.0 s each)');
});

it('gives no rate nor time left in the first second of a phase', () => {
  expect(runningLine('making fights', 1, 20_000, 0.002)).toBe('making fights: 1 / 20,000 (0%)');
  expect(runningLine('writing store files', 1_200, undefined, 0.5)).toBe('writing store files: 1,200');
});
