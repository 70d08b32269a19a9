// The first pages of each default view are read from the list's head, one read; a page that ends
// past the head is read from the list itself. How many records a head holds is the layout's to
// say, once: here it holds 30, so the second page of 25 already crosses it, and every page of
// every default view still answers with the records the reference puts there.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveDataset } from '../../src/content/resolve.ts';
import { paths } from '../../src/store/layout.ts';
import { recordOf } from '../../src/store/pack/shapes.ts';
import { splitHeader } from '../../src/store/lists/format.ts';
import type { Store } from '../../src/store/store.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { directClient } from '../helpers/handler.ts';
import { memoryStore } from '../helpers/memory-store.ts';
import { loadContent, loadRecords, page } from '../helpers/reference.ts';

// The files of a worker share its modules (vitest.config.ts): this file loads them afresh, so its
// mock is what they import, and leaves them to be loaded afresh again once it ends.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../../src/store/layout.ts');
  vi.resetModules();
});
vi.mock('../../src/store/layout.ts', async (original) => ({
  ...(await original<typeof import('../../src/store/layout.ts')>()),
  HEAD_SIZE: 30,
}));

describe('a head of 30 records', () => {
  let call: ReturnType<typeof directClient>;
  let read: string[];
  let views: Record<'fights' | 'events' | 'fighters', Array<{ id: string }>>;

  beforeAll(async () => {
    const store = await memoryStore(resolveDataset(await loadContent(), TEST_AS_OF));
    const counting: Store = {
      read: (p) => (read.push(p), store.read(p)),
      readBytes: (p) => (read.push(p), store.readBytes(p)),
    };
    call = directClient(Date.parse('2026-11-21T12:00:00Z'), counting);
    const records = await loadRecords();
    views = { fights: records.fights.reverse(), events: records.events.reverse(), fighters: records.fighters };
  });

  for (const resource of ['fights', 'events', 'fighters'] as const)
    it(`answers every page of the ${resource}' default view as the reference does, from the head while it holds the page`, async () => {
      const all = views[resource];
      for (const [n, size] of [
        [1, 25],
        [2, 25],
        [3, 10],
        [4, 10],
        [1, 30],
        [1, 31],
        [2, 100],
        [Math.ceil(all.length / 25), 25],
        [Math.ceil(all.length / 25) + 1, 25],
      ]) {
        read = [];
        const { status, body } = await call(`/v2/${resource}/?page_num=${n}&page_size=${size}`);
        expect(status, `page ${n} of ${size}`).toBe(200);
        expect(
          body.data.map((r: { id: string }) => r.id),
          `page ${n} of ${size}`,
        ).toEqual(page(all, n, size).map((r) => r.id));
        expect(body.pagination).toMatchObject({ page: n, total_items: all.length });
        const inHead = n * size <= 30;
        expect(read.includes(paths.head(resource)), `page ${n} of ${size}`).toBe(inHead);
        if (inHead) expect(read, `page ${n} of ${size}`).toHaveLength(1);
      }
    });

  it("writes the head the layout names: the list's size and its first 30 records", async () => {
    const store = await memoryStore(resolveDataset(await loadContent(), TEST_AS_OF));
    const { header, lines } = splitHeader(String(store.files.get(paths.head('fighters'))));
    expect(header.total).toBe(views.fighters.length);
    const records = lines.map((stored) => recordOf(stored, { get: (key) => header.shapes![key] }));
    expect(records.map((r) => JSON.parse(r).id)).toEqual(views.fighters.slice(0, 30).map((f) => f.id));
  });
});
