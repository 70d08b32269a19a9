// How a long build tells what it is doing: phases with counts. The build reports; a host decides
// how to show it (a live line on a terminal, a plain line every few seconds in a log).

export interface Phase {
  /** `n` more items done. */
  tick(n?: number): void;
  /** The phase ended: now, or at `at` (on the progress's clock) when its work ended before the call. */
  done(at?: number): void;
}

export interface Progress {
  /**
   * A phase of `total` items (undefined when not known in advance). `since` is when its work
   * began, on the progress's clock (performance.now()), when that was before the call: work done
   * on another thread while this one did other things, shown once this one waits for it.
   */
  phase(name: string, total?: number, since?: number): Phase;
}

/** Reports nothing. */
export const silentProgress: Progress = { phase: () => ({ tick() {}, done() {} }) };
