// Fight cards: the N fights spread over the events, fighters drawn from the bout's division,
// results for the fights before the as-of day.
import type { Progress } from '../../src/pipeline/progress.ts';
import type { FightRecord, TitleRecord } from '../../src/content/schemas.ts';
import type { Event } from './events.ts';
import type { Fighter } from './fighters.ts';
import { fightId } from './ids.ts';
import { Rng, WeightedTable } from './random.ts';
import { titlesOfDivision, type Division } from './reference.ts';
import { makeResult } from './scores.ts';
import { DAY_SECONDS, formatDateTime, formatMicros, randomStamp, yearOfDay } from './time.ts';

export interface FightsOutput {
  fights: FightRecord[];
  /** Event id -> the names billed in its main event. */
  mainEvents: Map<string, [string, string]>;
  /** Title id -> the winner of its latest finished title fight. */
  titleWinners: Map<string, Fighter>;
}

const CARD_SIZES = [
  [5, 8],
  [6, 12],
  [7, 14],
  [8, 16],
  [9, 14],
  [10, 14],
  [11, 10],
  [12, 8],
] as const;
const UNDERCARD_ROUNDS = new WeightedTable([
  [4, 30],
  [6, 30],
  [8, 25],
  [10, 15],
] as const);

/** Bouts per event: at least one each, the rest in proportion to a drawn card size (largest remainder). */
export function cardSizes(rng: Rng, total: number, events: number): number[] {
  const table = new WeightedTable(CARD_SIZES);
  const wanted = Array.from({ length: events }, () => table.draw(rng) - 1);
  const spare = total - events;
  const sum = wanted.reduce((a, b) => a + b, 0);
  const exact = wanted.map((w) => (spare * w) / sum);
  const sizes = exact.map((x) => 1 + Math.floor(x));
  let left = total - sizes.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) sizes[order[k][1]]++;
  return sizes;
}

export function makeFights(
  seed: number,
  total: number,
  events: Event[],
  fighters: Fighter[],
  divisions: Division[],
  asOfDay: number,
  progress: Progress,
): FightsOutput {
  const phase = progress.phase('making fights', total);
  const rng = new Rng(seed, 'fights');
  const sizes = cardSizes(rng, total, events.length);
  // Each division's fighters by debut year, so the fighters already active in a year form a prefix.
  const byDivision: Fighter[][] = divisions.map(() => []);
  for (const f of fighters) byDivision[f.division.index].push(f);
  for (const list of byDivision) list.sort((a, b) => a.debut - b.debut || (a.id < b.id ? -1 : 1));
  const activeCount = (list: Fighter[], year: number): number => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].debut <= year) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const undercardDivisions = new WeightedTable(divisions.map((d) => [d.index, byDivision[d.index].length] as const));
  // Main events lean to the glamour divisions.
  const mainDivisions = new WeightedTable(
    divisions.map((d) => [d.index, byDivision[d.index].length * (d.index === 0 ? 2 : d.index <= 8 ? 1.3 : 1)] as const),
  );
  const divisionTitles = divisions.map((d) => titlesOfDivision(d.record.id));
  const asOfStart = asOfDay * DAY_SECONDS;
  const out: FightsOutput = { fights: [], mainEvents: new Map(), titleWinners: new Map() };

  /**
   * An unused fighter of the division who had turned pro by the fight's year. Every fighter is 19-40
   * on the as-of day, so the early years have few such fighters: then the draw widens to the
   * earliest debutants (at least 5% of the division), trading a little anachronism for not
   * handing every early bout to the same two veterans.
   */
  const pick = (d: number, used: Set<Fighter>, year: number, past: boolean): Fighter | null => {
    const list = byDivision[d];
    const active = past ? activeCount(list, year) : list.length;
    const window = Math.min(list.length, Math.max(active, 6, Math.ceil(list.length * 0.05)));
    for (let t = 0; t < 8; t++) {
      const f = list[Math.floor(rng.next() * window)];
      if (!used.has(f)) return f;
    }
    for (const f of list) if (!used.has(f)) return f;
    return null;
  };
  const pickBest = (d: number, used: Set<Fighter>, year: number, past: boolean, tries: number): Fighter | null => {
    let best: Fighter | null = null;
    for (let t = 0; t < tries; t++) {
      const f = pick(d, used, year, past);
      if (f && (!best || f.quality > best.quality)) best = f;
    }
    return best;
  };

  events.forEach((event, e) => {
    const n = sizes[e];
    const used = new Set<Fighter>();
    const startMinutes = (event.start - event.day * DAY_SECONDS) / 60;
    const step = n > 1 ? Math.min(30, Math.floor((24 * 60 - 1 - startMinutes) / (n - 1))) : 0;
    const year = yearOfDay(event.day);
    const past = event.day < asOfDay;
    const status: FightRecord['status'] = past ? 'FINISHED' : event.day === asOfDay ? 'LIVE' : 'NOT_STARTED';

    for (let k = 0; k < n; k++) {
      const main = k === n - 1;
      let d = (main ? mainDivisions : undercardDivisions).draw(rng);
      let a: Fighter | null = null;
      let b: Fighter | null = null;
      for (let attempt = 0; attempt < 40 && !b; attempt++) {
        if (attempt > 0) d = undercardDivisions.draw(rng);
        a = pickBest(d, used, year, past, main ? 3 : 1);
        if (!a) continue;
        used.add(a);
        b = pickBest(d, used, year, past, main ? 3 : 1);
        if (!b) used.delete(a);
      }
      if (!a || !b) throw new Error(`could not find two free fighters for a bout of ${event.id}`);
      used.add(b);
      const [favourite, underdog] = a.quality >= b.quality ? [a, b] : [b, a];
      const [f1, f2] = rng.chance(0.8) ? [favourite, underdog] : [underdog, favourite];

      const titles: TitleRecord[] = [];
      if (main && rng.chance(0.1)) {
        const orgs = rng.shuffled([...new Set(divisionTitles[d].map((t) => t.organization_id))]);
        for (const org of orgs.slice(0, rng.chance(0.7) ? 1 : 2)) {
          const offered = divisionTitles[d].filter((t) => t.organization_id === org);
          const type = rng.weighted([
            ['full', 70],
            ['regular', 15],
            ['interim', 15],
          ] as const);
          titles.push(offered.find((t) => t.type === type) ?? offered[0]);
        }
      }
      const scheduled = main || titles.length > 0 ? 12 : k === n - 2 ? 10 : UNDERCARD_ROUNDS.draw(rng);
      const start = event.start + k * step * 60;

      let results: FightRecord['results'] = null;
      let scores: FightRecord['scores'] = null;
      let winner = 0;
      let updated: string;
      if (status === 'FINISHED') {
        const p1 = Math.min(0.9, Math.max(0.1, 0.5 + 1.2 * (f1.quality - f2.quality)));
        const r = makeResult(rng, scheduled, p1);
        results = { outcome: r.outcome, round: String(r.round) };
        scores = r.scores;
        winner = r.winner;
        tally(f1, f2, r.winner, r.outcome, r.round);
        if (winner !== 0) for (const t of titles) out.titleWinners.set(t.id, winner === 1 ? f1 : f2);
        updated = formatMicros(Math.min(start + rng.int(1800, 6 * 3600), asOfStart - 1), rng.int(0, 999_999));
      } else updated = randomStamp(rng, event.created, asOfStart);

      out.fights.push({
        id: fightId(out.fights.length + 1, total),
        title: `${f1.billing} vs. ${f2.billing}`,
        date: formatDateTime(start),
        event_id: event.id,
        division_id: divisions[d].record.id,
        title_ids: titles.map((t) => t.id),
        status,
        scheduled_rounds: scheduled,
        fighters: {
          fighter_1: { fighter_id: f1.id, winner: winner === 1 },
          fighter_2: { fighter_id: f2.id, winner: winner === 2 },
        },
        results,
        scores,
        updated_at: updated,
      });
      if (main) out.mainEvents.set(event.id, [f1.billing, f2.billing]);
      phase.tick();
    }
  });
  phase.done();
  return out;
}

function tally(f1: Fighter, f2: Fighter, winner: 0 | 1 | 2, outcome: string, round: number): void {
  const stoppage = outcome === 'KO' || outcome === 'TKO';
  for (const [f, corner] of [
    [f1, 1],
    [f2, 2],
  ] as const) {
    const t = f.tally;
    t.bouts++;
    t.rounds += round;
    if (winner === 0) t.draws++;
    else if (winner === corner) {
      t.wins++;
      if (stoppage) t.koWins++;
    } else {
      t.losses++;
      if (stoppage) t.stopped++;
    }
  }
}
