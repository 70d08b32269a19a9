// Every query of the mix within its endpoint's read budget (the registry's `budget`) on the test
// build: reads, sequential rounds, bytes, no path read twice; and only the lists its endpoint names
// (`reads`). Counts, not timings, so the test is as stable as the code.
import { describe, expect, it } from 'vitest';
import { MAX_READ_BYTES, ONE_READ, TWO_ROUNDS } from '../../src/api/budget/budget.ts';
import { createHandler } from '../../src/api/handler.ts';
import { ENDPOINTS, route } from '../../src/api/registry.ts';
import { countingStore, overBudget } from '../helpers/counting-store.ts';
import { distStore } from '../helpers/handler.ts';
import { budgetOf, queryMix } from '../helpers/query-mix.ts';

/** The handler over the test build, its reads counted. */
function countedHandler() {
  const counting = countingStore(distStore());
  const handle = createHandler({ keys: ['k'], now: () => Date.parse('2026-11-21T12:00:00Z') * 1000 });
  const ask = (path: string) =>
    handle(new Request(`https://budget.test${path}`, { headers: { 'x-gateway-key': 'k' } }), counting.store);
  return { counting, ask };
}

describe('read budgets', () => {
  it('every query of the mix stays within its reads, rounds and bytes, reading only the lists its endpoint names', async () => {
    const { counting, ask } = countedHandler();
    const call = async (path: string) => {
      const response = await ask(path);
      expect(response.status, path).toBe(200);
      return response.json();
    };
    const mix = await queryMix(counting.store, call);
    expect(mix.length).toBeGreaterThan(50);
    const over: string[] = [];
    const elsewhere: string[] = [];
    for (const q of mix) {
      counting.take();
      await call(q.path);
      const stats = counting.take();
      const why = overBudget(budgetOf(q), stats);
      if (why) over.push(`${q.name} (${q.path}): ${why}`);
      const { reads } = route(new URL(q.path, 'http://any').pathname)!.endpoint;
      elsewhere.push(
        ...stats.paths.filter((p) => !reads.some((list) => p.startsWith(list))).map((p) => `${q.name}: ${p}`),
      );
    }
    expect(over).toEqual([]);
    expect(elsewhere).toEqual([]);
    // Every endpoint is in the mix, but the export part, a file read whole (below).
    const named = new Set(mix.map((q) => route(new URL(q.path, 'http://any').pathname)!.endpoint.name));
    expect(ENDPOINTS.filter((e) => !named.has(e.name)).map((e) => e.name)).toEqual(['get_export_part']);
  });

  it('an export part is one read, of the part alone, within its budget', async () => {
    const { counting, ask } = countedHandler();
    const listing = (await (await ask('/v2/exports/')).json()) as { data: Array<{ parts: Array<{ url: string }> }> };
    const part = new URL(listing.data[0].parts[0].url).pathname;
    counting.take();
    expect((await ask(part)).status).toBe(200);
    const stats = counting.take();
    expect(stats.reads).toBe(1);
    expect(overBudget(route(part)!.endpoint.budget, stats)).toBeNull();
  });

  it('the counting store sees sequential rounds and repeated reads', async () => {
    const counting = countingStore({ read: async (p) => p, readBytes: async () => null });
    await Promise.all([counting.store.read('/a'), counting.store.read('/b')]);
    await counting.store.read('/a');
    const stats = counting.take();
    expect(stats).toMatchObject({ reads: 3, rounds: 2, repeated: ['/a'] });
    expect(overBudget(TWO_ROUNDS, stats)).toMatch(/twice/);
    expect(overBudget(ONE_READ, { ...stats, repeated: [] })).toMatch(/3 reads in 2 rounds/);
    expect(overBudget(TWO_ROUNDS, { ...stats, repeated: [], reads: 1, rounds: 1, bytes: MAX_READ_BYTES + 1 })).toMatch(
      /bytes read/,
    );
    expect(
      overBudget(
        { ...ONE_READ, bytes: 2 * MAX_READ_BYTES },
        { ...stats, repeated: [], reads: 1, rounds: 1, bytes: MAX_READ_BYTES + 1 },
      ),
    ).toBeNull();
  });
});
