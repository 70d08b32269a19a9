// The changes feed's answers over a history of large records: a page ends with the third pack it
// reaches (so a request stays within its reads and bytes), next_page carries on where it ended,
// and the pages together give every change in order, within the endpoint's budget.
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../../../src/api/handler.ts';
import { endpointNamed } from '../../../../src/api/registry.ts';
import { decodeSyncToken, encodeSyncToken } from '../../../../src/api/sync-token.ts';
import { CHANGES_PACKS_A_PAGE, buildEndingAt, historyStart } from '../../../../src/store/changes/format.ts';
import { paths } from '../../../../src/store/layout.ts';
import type { Store } from '../../../../src/store/store.ts';
import { appendBuild, historyUnits, type PreviousHistory } from '../../../../src/store/changes/make.ts';
import { countingStore, overBudget } from '../../../helpers/counting-store.ts';

const KEY = 'k';

/** A store holding only a history: a build of no change, then one of `count` changes of `bytes` each. */
function historyStore(count: number, bytes: number): Store {
  const files = new Map<string, string>();
  let previous: PreviousHistory | null = null;
  for (const [at, changes] of [
    [0, []],
    [
      1,
      Array.from({ length: count }, (_, i) => ({
        collection: 'events',
        id: `event-${i}`,
        change: 'changed' as const,
        record: JSON.stringify({ id: `event-${i}`, title: 'x'.repeat(bytes) }),
      })),
    ],
  ] as const) {
    const written = appendBuild(previous, { at, changes, seed: 'seed' });
    for (const unit of historyUnits(written, previous)) files.set(unit.path, unit.body() as string);
    previous = { index: written.index, pack: (name) => files.get(paths.changesPack(name))! };
  }
  const read = async (p: string) => files.get(p) ?? null;
  return { read, readBytes: async (p) => (files.has(p) ? new TextEncoder().encode(files.get(p)) : null) };
}

describe('the changes feed over large records', () => {
  it('ends a page with its third pack, and its pages give every change in order, each request within budget', async () => {
    const counted = countingStore(historyStore(30, 150_000));
    const handle = createHandler({ keys: [KEY] });
    const get = async (target: string) => {
      const response = await handle(
        new Request(`http://api.test${target}`, { headers: { 'x-gateway-key': KEY } }),
        counted.store,
      );
      const stats = counted.take();
      expect(overBudget(endpointNamed('list_changes')!.budget, stats), target).toBeNull();
      return { status: response.status, body: JSON.parse(await response.text()) };
    };
    const current = decodeSyncToken((await get('/v2/changes/')).body.next_sync);
    const start = encodeSyncToken({ history: current.history, position: 0, build: current.history });
    const ids: string[] = [];
    let page = await get(`/v2/changes/?since=${start}`);
    // Two changes of 150 KB fill a pack (320 KB at most): a page reaches three packs, so six changes.
    expect(page.body.data).toHaveLength(2 * CHANGES_PACKS_A_PAGE);
    while (page.body.pagination.next_page) {
      expect(page.body.next_sync).toBeNull();
      ids.push(...page.body.data.map((c: { id: string }) => c.id));
      const next = new URL(page.body.pagination.next_page);
      page = await get(next.pathname + next.search);
      expect(page.status).toBe(200);
    }
    ids.push(...page.body.data.map((c: { id: string }) => c.id));
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => `event-${i}`));
    expect(decodeSyncToken(page.body.next_sync)).toEqual(current);
  });

  it('takes the place a kept history starts from, and no other place of the build before it', async () => {
    const store = historyStore(3, 10);
    const handle = createHandler({ keys: [KEY] });
    const index = JSON.parse((await store.read(paths.changesIndex))!);
    const status = async (position: number, build: string) =>
      (
        await handle(
          new Request(
            `http://api.test/v2/changes/?since=${encodeSyncToken({ history: index.history, position, build })}`,
            { headers: { 'x-gateway-key': KEY } },
          ),
          store,
        )
      ).status;
    expect(buildEndingAt(index, historyStart(index))).toBe(index.history);
    expect(await status(0, index.history)).toBe(200);
    expect(await status(3, index.builds[1][3])).toBe(200);
    expect(await status(3, index.history)).toBe(410);
    expect(await status(2, index.builds[1][3])).toBe(410);
  });
});
