// Built-file paths: the "no organization" placeholder can never be an organization's own id.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ID_PATTERN } from '../../../src/shared/ids.ts';
import { paths } from '../../../src/store/layout.ts';
import { memoryStore } from '../../helpers/memory-store.ts';
import { resolveDataset } from '../../../src/content/resolve.ts';
import { createHandler } from '../../../src/api/handler.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { minimalContent } from '../../helpers/fixture.ts';

const idArb = fc.stringMatching(ID_PATTERN);

describe('paths without an organization or division', () => {
  it('differ from the paths of every possible id', () => {
    fc.assert(
      fc.property(idArb, idArb, fc.integer({ min: 1, max: 17 }), (org, division, page) => {
        expect(paths.rankingsPage(page, org)).not.toBe(paths.rankingsPage(page, null));
        expect(paths.rankingsOfDivision(division, org)).not.toBe(paths.rankingsOfDivision(division, null));
        expect(paths.titles(org, division)).not.toBe(paths.titles(null, division));
        expect(paths.titles(org, division)).not.toBe(paths.titles(org, null));
      }),
    );
    for (const org of ['all', '_', 'any', 'none'].filter((id) => ID_PATTERN.test(id)))
      expect(paths.rankingsPage(1, org)).not.toBe(paths.rankingsPage(1, null));
  });
});

describe('an organization whose id is "all"', () => {
  let call: (path: string) => Promise<{ status: number; body: any }>;

  beforeAll(async () => {
    const content = minimalContent();
    content.organizations.push({ id: 'all', name: 'All Boxing Association (ALL)', slug: 'all' });
    content.rankings.push({
      id: 'all-welterweight',
      organization_id: 'all',
      division_id: 'welterweight',
      gender: 'M',
      updated_at: '2025-06-01T00:00:00.000000',
      champions: [],
      rankings: [{ rank: 1, fighter_id: 'fighter-1' }],
    });
    const store = await memoryStore(resolveDataset(content, TEST_AS_OF));
    const handle = createHandler({ keys: ['k'], now: () => Date.parse('2026-11-21T12:00:00Z') * 1000 });
    call = async (p) => {
      const response = await handle(new Request(`https://api.test${p}`, { headers: { 'x-gateway-key': 'k' } }), store);
      return { status: response.status, body: await response.json() };
    };
  });

  const rankingIds = (body: { data: Array<{ id: string }> }) => body.data.map((r) => r.id);

  it('does not replace the unfiltered rankings pages', async () => {
    // Divisions heaviest first: heavyweight is page 1, welterweight page 2.
    const page = await call('/v2/rankings/?page_num=2');
    expect(rankingIds(page.body)).toEqual(['all-welterweight', 'wbc-welterweight']);
    const division = await call('/v2/rankings/?division_id=welterweight');
    expect(rankingIds(division.body)).toEqual(['all-welterweight', 'wbc-welterweight']);
  });

  it('is a filter like any other organization', async () => {
    expect(rankingIds((await call('/v2/rankings/?page_num=2&organization_id=all')).body)).toEqual(['all-welterweight']);
    expect(rankingIds((await call('/v2/rankings/?division_id=welterweight&organization_id=all')).body)).toEqual([
      'all-welterweight',
    ]);
    expect(rankingIds((await call('/v2/rankings/?division_id=welterweight&organization_id=wbc')).body)).toEqual([
      'wbc-welterweight',
    ]);
  });
});
