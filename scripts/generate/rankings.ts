// One ranking per body and division: its champions (the latest title-fight winner where there is
// one) and 15 ranked contenders, all fighters of that division.
import type { RankingRecord } from '../../src/content/schemas.ts';
import type { Fighter } from './fighters.ts';
import { Rng } from './random.ts';
import { organizations, TITLE_TYPES, titles, type Division } from './reference.ts';
import { DAY_SECONDS, formatMicros } from './time.ts';

const RANKED = 15;

function strength(f: Fighter): number {
  const s = f.stats!;
  const decided = s.wins + s.losses + s.draws;
  return f.quality + 0.2 * (decided > 0 ? s.wins / decided : 0) + 0.05 * Math.min(1, s.ko_wins / 20);
}

export function makeRankings(
  seed: number,
  fighters: Fighter[],
  divisions: Division[],
  titleWinners: Map<string, Fighter>,
  asOfDay: number,
): RankingRecord[] {
  const rng = new Rng(seed, 'rankings');
  const out: RankingRecord[] = [];
  for (const division of divisions) {
    const members = fighters.filter((f) => f.division === division);
    const pool = members
      .map((f) => ({ f, s: strength(f) }))
      .sort((a, b) => b.s - a.s || (a.f.id < b.f.id ? -1 : 1))
      .slice(0, Math.max(40, Math.round(members.length * 0.15)));

    const champions = new Map<string, RankingRecord['champions']>();
    const anyChampion = new Set<Fighter>();
    for (const org of organizations) {
      const held = new Set<Fighter>();
      const list: RankingRecord['champions'] = [];
      for (const type of TITLE_TYPES) {
        const title = titles.find(
          (t) => t.organization_id === org.id && t.division_id === division.record.id && t.type === type,
        );
        if (!title) continue;
        let holder: Fighter | null = null;
        if (!rng.chance(0.05)) {
          const won = titleWinners.get(title.id);
          if (won && !held.has(won)) holder = won;
          const [from, to] = type === 'full' ? [0, 8] : [2, 20];
          for (let t = 0; !holder && t < 30; t++) {
            const candidate = pool[rng.int(from, Math.min(to, pool.length) - 1)]?.f;
            if (candidate && !held.has(candidate)) holder = candidate;
          }
        }
        if (holder) {
          held.add(holder);
          anyChampion.add(holder);
        }
        list.push({ title_type: type, fighter_id: holder ? holder.id : null });
      }
      champions.set(org.id, list);
    }

    for (const org of organizations) {
      const contenders = pool
        .filter(({ f }) => !anyChampion.has(f))
        .map(({ f, s }) => ({ f, s: s + rng.float(0, 0.15) }))
        .sort((a, b) => b.s - a.s || (a.f.id < b.f.id ? -1 : 1));
      const rankings: RankingRecord['rankings'] = [];
      for (let rank = 1; rank <= RANKED; rank++) {
        const f = contenders[rank - 1]?.f;
        rankings.push({ rank, fighter_id: f && !rng.chance(0.03) ? f.id : null });
      }
      const updated = asOfDay * DAY_SECONDS - rng.int(1, 30) * DAY_SECONDS + rng.int(0, DAY_SECONDS - 1);
      out.push({
        id: `${org.id}-${division.record.id}`,
        organization_id: org.id,
        division_id: division.record.id,
        gender: 'M',
        updated_at: formatMicros(updated, rng.int(0, 999_999)),
        champions: champions.get(org.id)!,
        rankings,
      });
    }
  }
  return out;
}
