// The benchmark's tail figure is a real p99, or says it is the maximum.
import { expect, it } from 'vitest';
import { percentile, tail } from '../../../scripts/bench/stats.ts';

const samples = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

it('names the tail of fewer than 100 samples the maximum', () => {
  expect(tail(samples(20))).toEqual({ name: 'max', value: 20 });
  expect(tail(samples(99))).toEqual({ name: 'max', value: 99 });
});

it('gives the nearest-rank p99 from 100 samples on, which is not the maximum', () => {
  expect(tail(samples(100))).toEqual({ name: 'p99', value: 99 });
  expect(tail(samples(200))).toEqual({ name: 'p99', value: 198 });
  expect(tail(samples(1000))).toEqual({ name: 'p99', value: 990 });
});

it('percentiles by nearest rank', () => {
  expect(percentile(samples(20), 50)).toBe(10);
  expect(percentile(samples(1), 99)).toBe(1);
  expect(percentile(samples(10), 100)).toBe(10);
});
