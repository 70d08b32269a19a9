// Percentiles of timing samples, named for what they are.

/** The nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The tail of sorted samples: their p99 when there are at least 100 of them, else their maximum,
 * called so (a "p99" of 20 samples would be the largest one under another name).
 */
export function tail(sorted: readonly number[]): { name: 'p99' | 'max'; value: number } {
  return sorted.length >= 100
    ? { name: 'p99', value: percentile(sorted, 99) }
    : { name: 'max', value: sorted[sorted.length - 1] };
}
