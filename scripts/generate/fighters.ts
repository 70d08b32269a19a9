// Fighter profiles. Career stats are finished later (see finishStats) so that they include the
// generated fights themselves: a fighter's record is never smaller than their bouts in the data.
import type { Progress } from '../../src/pipeline/progress.ts';
import type { FighterRecord } from '../../src/content/schemas.ts';
import { fighterId } from './ids.ts';
import { NATIONS, POOLS, nationTable } from './nations.ts';
import { EN_NICKNAMES } from './names-west.ts';
import { Rng, WeightedTable } from './random.ts';
import type { Division } from './reference.ts';
import { ageOn } from '../../src/shared/dates.ts';
import { dayNumber, dayString } from './time.ts';

/** Results of generated fights, added into the fighter's career stats. */
export interface Tally {
  wins: number;
  losses: number;
  draws: number;
  bouts: number;
  rounds: number;
  koWins: number;
  stopped: number;
}

export interface Fighter {
  id: string;
  name: string;
  /** The name used in fight titles ("Navarro vs. Okafor"). */
  billing: string;
  full_name: string;
  nickname: string | null;
  alias: string | null;
  birth_date: string;
  birthYear: number;
  nationality_code: string;
  stance: FighterRecord['stance'];
  debut: number;
  height_cm: number;
  reach_cm: number;
  division: Division;
  /** 0..1: how good the fighter is; drives results, records and rankings. */
  quality: number;
  tally: Tally;
  stats: FighterRecord['stats'] | null;
}

const STANCES = [
  ['orthodox', 75],
  ['southpaw', 22],
  ['switch', 3],
] as const;

/** Ukrainian spellings and their Russian-style transliterations, for aliases. */
const TRANSLITERATIONS: Record<string, string> = {
  Oleksandr: 'Alexander',
  Vasyl: 'Vasiliy',
  Andriy: 'Andrei',
  Dmytro: 'Dmitriy',
  Serhiy: 'Sergey',
  Yuriy: 'Yuri',
  Denys: 'Denis',
  Maksym: 'Maxim',
  Oleh: 'Oleg',
  Bohdan: 'Bogdan',
};

function otherThan(rng: Rng, items: string[], not: string): string {
  for (let i = 0; i < 8; i++) {
    const x = rng.pick(items);
    if (x !== not) return x;
  }
  return rng.pick(items);
}

interface Names {
  name: string;
  /** The ring name with the middle name ("Juan Carlos Pérez"), used when the short one is taken. */
  longName: string | null;
  billing: string;
  full_name: string;
  nickname: string | null;
  alias: string | null;
}

function makeNames(rng: Rng, poolName: string): Names {
  const pool = POOLS[poolName];
  const first = rng.pick(pool.firsts);
  const last = rng.pick(pool.lasts);
  const middle =
    pool.middles.length > 0 && rng.chance(pool.twoSurnames ? 0.35 : 0.6) ? otherThan(rng, pool.middles, first) : null;
  let name = `${first} ${last}`;
  let longName = middle ? `${first} ${middle} ${last}` : null;
  let billing = last;
  let fullName = [first, middle, last].filter(Boolean).join(' ');
  let alias: string | null = null;
  const wantsAlias = rng.chance(0.1);
  if (pool.twoSurnames) {
    const second = otherThan(rng, pool.lasts, last);
    fullName = `${fullName} ${second}`;
    // English-language billing often drops the accents; the legal name keeps them.
    if (rng.chance(0.4)) {
      name = foldCase(name);
      longName = longName && foldCase(longName);
      billing = foldCase(last);
    }
    if (wantsAlias) alias = `${first} ${last} ${second}`;
  } else if (pool.ringNames.length > 0) {
    const gym = rng.pick(pool.ringNames);
    name = `${first} ${gym}`;
    billing = first;
    if (wantsAlias) alias = `${first} ${otherThan(rng, pool.ringNames, gym)}`;
  } else if (wantsAlias) {
    alias = TRANSLITERATIONS[first]
      ? `${TRANSLITERATIONS[first]} ${last}`
      : middle
        ? `${middle} ${last}`
        : `Kid ${last}`;
  }
  let nickname: string | null = null;
  if (rng.chance(0.4)) {
    const local = pool.nicknames.length > 0 && rng.chance(0.8);
    nickname = rng.pick(local ? pool.nicknames : EN_NICKNAMES);
  }
  return { name, longName, billing, full_name: fullName, nickname, alias };
}

/** Accents off, case kept: "José Ramírez" -> "Jose Ramirez". */
function foldCase(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

export function fighterCount(fights: number): number {
  return Math.max(1500, Math.round(fights * 0.3));
}

export function makeFighters(
  seed: number,
  count: number,
  divisions: Division[],
  asOf: string,
  progress: Progress,
): Fighter[] {
  const phase = progress.phase('making fighters', count);
  const rng = new Rng(seed, 'fighters');
  const divisionTable = new WeightedTable(divisions.map((d) => [d, d.share] as const));
  const nationTables = divisions.map((d) => new WeightedTable(nationTable(d.index)));
  const stanceTable = new WeightedTable(STANCES);
  const asOfYear = Number(asOf.slice(0, 4));
  // Birth dates with an age of 19..40 on the as-of day.
  const youngest = dayNumber(`${asOfYear - 19}-${asOf.slice(5)}`.replace(/-02-29$/, '-02-28'));
  const oldest = dayNumber(`${asOfYear - 41}-${asOf.slice(5)}`.replace(/-02-29$/, '-02-28')) + 1;

  const fighters: Fighter[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < count; i++) {
    const division = divisionTable.draw(rng);
    const code = nationTables[division.index].draw(rng);
    const nation = NATIONS[code];
    const poolName = rng.weighted(nation.pools);
    // Redraw a name already taken a few times: small pools cannot avoid every repeat.
    let names = makeNames(rng, poolName);
    for (let t = 0; t < 6 && taken.has(names.name); t++) names = makeNames(rng, poolName);
    if (taken.has(names.name) && names.longName && !taken.has(names.longName)) names.name = names.longName;
    taken.add(names.name);
    const { longName: _, ...fighterNames } = names;

    let birth = '';
    do {
      // Half uniform, half peaked at the late twenties: enough veterans for the early years' cards.
      const u = rng.chance(0.5) ? rng.next() : (rng.next() + rng.next()) / 2;
      birth = dayString(oldest + Math.floor(u * (youngest - oldest + 1)));
    } while (ageOn(birth, asOf) < 19 || ageOn(birth, asOf) > 40);
    const birthYear = Number(birth.slice(0, 4));
    const firstYear = birthYear + 18;
    // Most boxers turn pro at 18-24: an exponential offset from the 18th birthday year, mean ~3 years.
    const debut = firstYear + Math.min(asOfYear - firstYear, Math.floor(-Math.log(1 - rng.next()) * 3));

    const [lo, hi] = division.height;
    const height = Math.round(lo + ((rng.next() + rng.next()) / 2) * (hi - lo));
    const reach = height + rng.int(0, 10);

    fighters.push({
      id: fighterId(i + 1, count),
      ...fighterNames,
      birth_date: birth,
      birthYear,
      nationality_code: code,
      stance: stanceTable.draw(rng),
      debut: Math.min(debut, asOfYear),
      height_cm: Math.min(220, Math.max(140, height)),
      reach_cm: Math.min(230, Math.max(140, reach)),
      division,
      quality: (rng.next() + rng.next() + rng.next()) / 3,
      tally: { wins: 0, losses: 0, draws: 0, bouts: 0, rounds: 0, koWins: 0, stopped: 0 },
      stats: null,
    });
    phase.tick();
  }
  phase.done();
  return fighters;
}

/** Career stats: the generated fights plus bouts outside the data, sized by career length and quality. */
export function finishStats(seed: number, fighters: Fighter[], asOfYear: number): void {
  const rng = new Rng(seed, 'stats');
  for (const f of fighters) {
    const t = f.tally;
    const years = asOfYear - f.debut + 1;
    const target = Math.round(years * rng.float(1.2, 3.2)) + rng.int(0, 3);
    const other = Math.max(0, Math.min(target, 70) - t.bouts);
    const winRate = 0.4 + 0.58 * f.quality;
    const koRate = rng.float(0.25, 0.85);
    const stoppedRate = 0.2 + 0.4 * (1 - f.quality);
    let { wins, losses, draws, rounds, koWins, stopped } = t;
    for (let b = 0; b < other; b++) {
      const r = rng.next();
      rounds += rng.int(3, 8);
      if (r < 0.02) draws++;
      else if (r < 0.02 + 0.98 * winRate) {
        wins++;
        if (rng.chance(koRate)) koWins++;
      } else {
        losses++;
        if (rng.chance(stoppedRate)) stopped++;
      }
    }
    // A few bouts end as no-contests: they count as bouts but not as a win, loss or draw.
    const noContests = rng.chance(0.04) ? 1 : 0;
    f.stats = {
      wins,
      losses,
      draws,
      total_bouts: wins + losses + draws + noContests,
      total_rounds: rounds + noContests * rng.int(1, 4),
      ko_wins: koWins,
      stopped,
    };
  }
}

export function fighterRecord(f: Fighter): FighterRecord {
  return {
    id: f.id,
    name: f.name,
    full_name: f.full_name,
    nickname: f.nickname,
    alias: f.alias,
    birth_date: f.birth_date,
    gender: 'M',
    nationality_code: f.nationality_code,
    stance: f.stance,
    debut: String(f.debut),
    height_cm: f.height_cm,
    reach_cm: f.reach_cm,
    division_id: f.division.record.id,
    stats: f.stats!,
  };
}
