// A small, valid content set written to a temporary folder, for tests that need to break it.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContentRecords } from '../../src/content/schemas.ts';

export function minimalContent(): ContentRecords {
  const stats = { wins: 20, losses: 2, draws: 1, total_bouts: 23, total_rounds: 150, ko_wins: 12, stopped: 1 };
  const fighter = (id: string, name: string, division_id: string) => ({
    id,
    name,
    full_name: `${name} Full`,
    nickname: null,
    alias: null,
    birth_date: '1995-03-04',
    gender: 'M' as const,
    nationality_code: 'MX',
    stance: 'orthodox' as const,
    debut: '2014',
    height_cm: 180,
    reach_cm: 185,
    division_id,
    stats,
  });
  return {
    divisions: [
      { id: 'heavyweight', name: 'Heavyweight', weight_lb: null, weight_kg: null },
      { id: 'welterweight', name: 'Welterweight', weight_lb: 147, weight_kg: 66.7 },
    ],
    organizations: [{ id: 'wbc', name: 'World Boxing Council (WBC)', slug: 'wbc' }],
    titles: [
      {
        id: 'wbc-welterweight-full',
        name: 'WBC World Welterweight Title',
        organization_id: 'wbc',
        division_id: 'welterweight',
        type: 'full',
      },
      {
        id: 'wbc-heavyweight-full',
        name: 'WBC World Heavyweight Title',
        organization_id: 'wbc',
        division_id: 'heavyweight',
        type: 'full',
      },
    ],
    fighters: [
      fighter('fighter-1', 'Saúl Álvarez', 'welterweight'),
      fighter('fighter-2', 'John Smith', 'welterweight'),
      fighter('fighter-3', 'Big Man', 'heavyweight'),
    ],
    events: [
      {
        id: 'event-1',
        title: 'Fight Night',
        date: '2025-05-03T19:00:00',
        location: 'Las Vegas, Nevada, United States',
        venue: 'T-Mobile Arena',
        broadcast: [{ country: 'United States', broadcasters: ['DAZN', 'ESPN'] }],
        poster_image_url: null,
        updated_at: '2025-05-04T10:00:00.000000',
      },
    ],
    fights: [
      {
        id: 'fight-1',
        title: 'Álvarez vs. Smith',
        date: '2025-05-03T22:00:00',
        event_id: 'event-1',
        division_id: 'welterweight',
        title_ids: ['wbc-welterweight-full'],
        status: 'FINISHED',
        scheduled_rounds: 12,
        fighters: {
          fighter_1: { fighter_id: 'fighter-1', winner: true },
          fighter_2: { fighter_id: 'fighter-2', winner: false },
        },
        results: { outcome: 'UD', round: '12' },
        scores: ['116-112', '117-111', '115-113'],
        updated_at: '2025-05-04T10:00:00.000000',
      },
    ],
    rankings: [
      {
        id: 'wbc-welterweight',
        organization_id: 'wbc',
        division_id: 'welterweight',
        gender: 'M',
        updated_at: '2025-06-01T00:00:00.000000',
        champions: [{ title_type: 'full', fighter_id: 'fighter-1' }],
        rankings: [
          { rank: 1, fighter_id: 'fighter-2' },
          { rank: 2, fighter_id: null },
        ],
      },
      {
        id: 'wbc-heavyweight',
        organization_id: 'wbc',
        division_id: 'heavyweight',
        gender: 'M',
        updated_at: '2025-06-01T00:00:00.000000',
        champions: [{ title_type: 'full', fighter_id: 'fighter-3' }],
        rankings: [{ rank: 1, fighter_id: null }],
      },
    ],
  };
}

/** Writes records one file each, as content/<collection>/<id>.json, and returns the folder. */
export async function writeContent(records: ContentRecords | Record<string, unknown[]>, dir?: string): Promise<string> {
  const root = dir ?? (await mkdtemp(path.join(tmpdir(), 'content-')));
  for (const [collection, list] of Object.entries(records)) {
    await mkdir(path.join(root, collection), { recursive: true });
    for (const record of list as Array<{ id: string }>)
      await writeFile(path.join(root, collection, `${record.id}.json`), JSON.stringify(record, null, 2));
  }
  return root;
}
