// Puts one server under load for a fixed time with autocannon, from this process.
import autocannon from 'autocannon';
import type { Load } from './report.ts';

export interface LoadOptions {
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}

export async function load(url: string, options: LoadOptions): Promise<Load> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    // A slow server's answer still counts; only a stalled one becomes a failure.
    timeout: 30,
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/**
 * Waits until the server is idle again. When a load ends, the requests it left in flight still
 * run; on a slow server (json-server over 100,000 fights takes seconds each) that work would
 * otherwise overlap the next measurement. Idle: three cheap requests in a row each answered
 * within 50 ms.
 */
export async function settle(base: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      await response.arrayBuffer();
    } catch {
      // A refused or aborted probe says nothing about idleness; the deadline bounds the wait.
    }
    quick = performance.now() - started < 50 ? quick + 1 : 0;
  }
}
