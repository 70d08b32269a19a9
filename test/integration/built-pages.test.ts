// How many default pages the store builds is the layout's to say, once: the writer builds that
// many and the API reads a built page only where there is one, paging through the sorted list
// beyond. Here the layout builds 8 fights pages where the API browses to 400: every page still
// answers, none is read that was never written.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveDataset } from '../../src/content/resolve.ts';
import { OFFSET_CEILING } from '../../src/api/limits.ts';
import { paths } from '../../src/store/layout.ts';
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
vi.mock('../../src/store/layout.ts', async (original) => {
  const layout = await original<typeof import('../../src/store/layout.ts')>();
  return { ...layout, BUILT_PAGES: { ...layout.BUILT_PAGES, fights: 8 } };
});

describe('a store that builds fewer default fights pages than the API browses', () => {
  let call: ReturnType<typeof directClient>;
  let files: Awaited<ReturnType<typeof memoryStore>>['files'];
  let newestFirst: Array<{ id: string }>;

  beforeAll(async () => {
    const store = await memoryStore(resolveDataset(await loadContent(), TEST_AS_OF));
    files = store.files;
    call = directClient(Date.parse('2026-11-21T12:00:00Z'), store);
    newestFirst = (await loadRecords()).fights.reverse();
  });

  it('writes the pages the layout names, and no more', () => {
    expect(files.has(paths.page('fights', 8))).toBe(true);
    expect(files.has(paths.page('fights', 9))).toBe(false);
  });

  it('answers every page up to the offset ceiling with the records the reference puts there', async () => {
    const last = OFFSET_CEILING / 25;
    for (const n of [1, 8, 9, 10, 101, 120, last]) {
      const { status, body } = await call(`/v2/fights/?page_num=${n}`);
      expect(status, `page ${n}`).toBe(200);
      expect(body.data.map((f: { id: string }) => f.id), `page ${n}`).toEqual(page(newestFirst, n, 25).map((f) => f.id));
      expect(body.pagination).toMatchObject({ page: n, total_items: newestFirst.length });
    }
    const { status, body } = await call(`/v2/fights/?page_num=${last + 1}`);
    expect([status, body.error.name]).toEqual([400, 'PageLimitExceeded']);
    expect(body.error.message).toContain('offsets below 10,000');
  });
});
