// Fight results: the outcome, the round it ended in and the judges' cards, consistent with each
// other under the ten-point must system.
import type { FightRecord } from '../../src/content/schemas.ts';
import { type Rng, WeightedTable } from './random.ts';

type Outcome = NonNullable<FightRecord['results']>['outcome'];

export interface Result {
  /** 1 or 2: the corner that won; 0 for a draw. */
  winner: 0 | 1 | 2;
  outcome: Outcome;
  round: number;
  /** Cards as "winner-loser" (for a draw: "fighter_1-fighter_2"), or null for a stoppage. */
  scores: string[] | null;
}

const WIN_OUTCOMES = new WeightedTable<Outcome>([
  ['KO', 25],
  ['TKO', 30],
  ['UD', 30],
  ['SD', 8],
  ['MD', 5],
  ['PTS', 2],
]);
const DRAW_OUTCOMES = new WeightedTable<Outcome>([
  ['MD', 50],
  ['SD', 40],
  ['PTS', 10],
]);

/**
 * One card as [points of the first-named fighter, points of the second]. `sign` is the required
 * comparison (1: first ahead, 0: level, -1: second ahead); `p` the first fighter's chance per round.
 */
function card(rng: Rng, rounds: number, sign: 1 | 0 | -1, p: number, maxMargin: number): [number, number] {
  for (let attempt = 0; attempt < 40; attempt++) {
    let a = 0;
    let b = 0;
    for (let r = 0; r < rounds; r++) {
      const x = rng.next();
      if (x < 0.06) {
        a += 10;
        b += 10;
        continue;
      }
      const firstWins = rng.next() < p;
      const knockdown = rng.chance(0.05) ? 1 : 0;
      if (firstWins) {
        a += 10;
        b += 9 - knockdown;
      } else {
        a += 9 - knockdown;
        b += 10;
      }
    }
    if (Math.sign(a - b) === sign && Math.abs(a - b) <= maxMargin) return [a, b];
  }
  // Rare: build the card directly.
  const total = 10 * rounds;
  if (sign === 0) return [total - Math.floor(rounds / 2), total - Math.floor(rounds / 2)];
  const margin = rounds % 2 === 0 ? 2 : 1;
  const high = total - Math.floor((rounds - margin) / 2);
  const low = total - Math.ceil((rounds + margin) / 2);
  return sign === 1 ? [high, low] : [low, high];
}

/** Cards of one fight; close verdicts (split, majority, draw) get close cards. */
function cards(rng: Rng, rounds: number, signs: (1 | 0 | -1)[], p: number, close: boolean): string[] {
  const maxMargin = close ? Math.max(2, Math.round(rounds / 3)) : 10 * rounds;
  return signs.map((sign) => card(rng, rounds, sign, p, maxMargin)).map(([a, b]) => `${a}-${b}`);
}

/** A finished fight's result. `p1` is fighter_1's chance of winning. */
export function makeResult(rng: Rng, scheduled: number, p1: number): Result {
  if (rng.chance(0.03)) {
    let outcome = DRAW_OUTCOMES.draw(rng);
    if (outcome === 'PTS' && scheduled > 10) outcome = 'MD';
    const signs: (1 | 0 | -1)[] =
      outcome === 'PTS'
        ? [0]
        : outcome === 'MD'
          ? rng.shuffled([0, 0, rng.chance(0.5) ? 1 : -1])
          : rng.shuffled([1, -1, 0]);
    return { winner: 0, outcome, round: scheduled, scores: cards(rng, scheduled, signs, 0.5, true) };
  }
  const winner = rng.chance(p1) ? 1 : 2;
  let outcome = WIN_OUTCOMES.draw(rng);
  if (outcome === 'PTS' && scheduled > 10) outcome = 'UD';
  if (outcome === 'KO' || outcome === 'TKO') {
    // Stoppages come earlier more often than late.
    const round = 1 + Math.floor(rng.next() ** 1.3 * scheduled);
    return { winner, outcome, round, scores: null };
  }
  let signs: (1 | 0 | -1)[];
  let p: number;
  if (outcome === 'UD') {
    signs = [1, 1, 1];
    p = rng.float(0.55, 0.85);
  } else if (outcome === 'MD') {
    signs = rng.shuffled([1, 1, 0]);
    p = 0.55;
  } else if (outcome === 'SD') {
    signs = rng.shuffled([1, 1, -1]);
    p = 0.52;
  } else {
    signs = [1];
    p = rng.float(0.55, 0.8);
  }
  return {
    winner,
    outcome,
    round: scheduled,
    scores: cards(rng, scheduled, signs, p, outcome === 'SD' || outcome === 'MD'),
  };
}
