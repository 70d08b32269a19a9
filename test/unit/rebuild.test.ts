// What a one-fight change costs a deploy: the files whose bytes change (a deploy uploads only
// those). A result entered for a scheduled fight must change a handful of files, not a list.
import { describe, expect, it } from 'vitest';
import { readContent } from '../../src/content/read.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import type { ContentRecords } from '../../src/content/schemas.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { memoryStore, sameBody } from '../helpers/memory-store.ts';

async function changedFiles(before: ContentRecords, after: ContentRecords) {
  const [a, b] = await Promise.all([
    memoryStore(resolveDataset(before, TEST_AS_OF)),
    memoryStore(resolveDataset(after, TEST_AS_OF)),
  ]);
  const paths = new Set([...a.files.keys(), ...b.files.keys()]);
  return [...paths].filter((p) => !sameBody(a.files.get(p), b.files.get(p))).sort();
}

describe('a one-fight result change', () => {
  it('alters at most 20 store files', async () => {
    const content = await readContent('content');
    const index = content.fights.findIndex((f) => f.status === 'NOT_STARTED');
    const fight = content.fights[index];
    const finished = {
      ...fight,
      status: 'FINISHED' as const,
      fighters: {
        fighter_1: { ...fight.fighters.fighter_1, winner: true },
        fighter_2: { ...fight.fighters.fighter_2, winner: false },
      },
      results: { outcome: 'KO' as const, round: '3' },
      updated_at: '2026-11-21T23:00:00.000000',
    };
    const changed = await changedFiles(content, {
      ...content,
      fights: content.fights.map((f, i) => (i === index ? finished : f)),
    });
    // The record, its chunk in every fight's and its division's list, its event's and both
    // fighters' lists, and its built page when it is among the newest 10,000; and the fights'
    // export part that holds it (a new name, the old one gone) and the exports' listing.
    expect(changed.length).toBeGreaterThanOrEqual(6);
    expect(changed.length, changed.join('\n')).toBeLessThanOrEqual(20);
    const outside = changed.filter((p) => !p.startsWith('/store/fights/'));
    expect(
      outside.filter((p) => p !== '/store/exports/index.ndjson').every((p) => p.startsWith('/store/exports/fights/')),
      outside.join('\n'),
    ).toBe(true);
    expect(outside.filter((p) => p.startsWith('/store/exports/fights/'))).toHaveLength(2);
  });
});
