// Nationalities of generated fighters: how common each is, which name pools it draws from, and
// whether its boxers lean toward the light or the heavy divisions.
import { COUNTRIES } from '../../src/content/countries.ts';
import { EAST_POOLS } from './names-east.ts';
import { WEST_POOLS } from './names-west.ts';
import type { NamePool } from './pool.ts';

export const POOLS: Record<string, NamePool> = { ...WEST_POOLS, ...EAST_POOLS };
type PoolName = keyof typeof WEST_POOLS | keyof typeof EAST_POOLS;

type Lean = 'light' | 'heavy' | 'even';

interface Nation {
  weight: number;
  lean: Lean;
  pools: [PoolName, number][];
}

const n = (weight: number, lean: Lean, ...pools: [PoolName, number][]): Nation => ({ weight, lean, pools });
const only = (name: PoolName): [PoolName, number] => [name, 1];

/** Every code of src/content/countries.ts, the big boxing nations weighted up. */
export const NATIONS: Record<string, Nation> = {
  US: n(16, 'even', ['anglo', 68], ['hispanic', 27], ['nigerian', 5]),
  MX: n(15, 'light', only('hispanic')),
  GB: n(8, 'even', ['anglo', 85], ['irish', 5], ['nigerian', 5], ['ghanaian', 5]),
  PH: n(5, 'light', only('filipino')),
  JP: n(5, 'light', only('japanese')),
  AR: n(3, 'even', only('hispanic')),
  PR: n(3, 'light', only('hispanic')),
  CU: n(3, 'even', only('hispanic')),
  UA: n(3, 'heavy', only('ukrainian')),
  RU: n(3, 'heavy', only('russian')),
  KZ: n(2, 'even', ['kazakh', 80], ['russian', 20]),
  UZ: n(2, 'even', only('uzbek')),
  DO: n(2, 'light', only('hispanic')),
  NI: n(2, 'light', only('hispanic')),
  VE: n(2, 'light', only('hispanic')),
  CO: n(2, 'light', only('hispanic')),
  PA: n(2, 'light', only('hispanic')),
  TH: n(2, 'light', only('thai')),
  AU: n(3, 'even', only('anglo')),
  IE: n(2, 'even', only('irish')),
  CA: n(2, 'even', ['anglo', 70], ['french', 30]),
  GH: n(2, 'even', only('ghanaian')),
  NG: n(2, 'heavy', only('nigerian')),
  ZA: n(2, 'even', only('southAfrican')),
  DE: n(2, 'heavy', only('german')),
  FR: n(2, 'even', only('french')),
  ES: n(2, 'even', only('hispanic')),
  IT: n(1.5, 'even', only('italian')),
  PL: n(1.5, 'heavy', only('polish')),
  BR: n(1.5, 'even', only('portuguese')),
  KR: n(1.5, 'light', only('korean')),
  CN: n(1, 'light', only('chinese')),
  NZ: n(1, 'heavy', only('anglo')),
  JM: n(1, 'even', only('anglo')),
  EC: n(1, 'even', only('hispanic')),
  PE: n(1, 'even', only('hispanic')),
  UY: n(1, 'even', only('hispanic')),
  CL: n(1, 'even', only('hispanic')),
  TR: n(1, 'heavy', only('turkish')),
  GE: n(1, 'heavy', only('georgian')),
  AM: n(1, 'even', only('armenian')),
  AZ: n(0.7, 'even', only('azerbaijani')),
  BY: n(0.7, 'heavy', only('russian')),
  RO: n(0.7, 'even', only('romanian')),
  BG: n(0.7, 'heavy', only('bulgarian')),
  HU: n(0.7, 'even', only('hungarian')),
  CZ: n(0.7, 'heavy', only('czech')),
  HR: n(0.7, 'heavy', only('balkan')),
  RS: n(0.7, 'heavy', only('balkan')),
  NL: n(0.7, 'heavy', only('dutch')),
  BE: n(0.7, 'even', ['dutch', 60], ['french', 40]),
  DK: n(0.6, 'heavy', only('nordic')),
  SE: n(0.6, 'heavy', only('nordic')),
  NO: n(0.5, 'heavy', only('nordic')),
  FI: n(0.5, 'heavy', only('finnish')),
  CM: n(0.8, 'heavy', only('francophone')),
  CD: n(0.8, 'heavy', only('francophone')),
  KE: n(0.6, 'even', only('eastAfrican')),
  NA: n(0.6, 'light', only('eastAfrican')),
  IN: n(0.8, 'even', only('indian')),
};

for (const code of Object.keys(NATIONS))
  if (!(code in COUNTRIES)) throw new Error(`nations.ts: ${code} is not in src/content/countries.ts`);

/** How much a nation's lean favours a division; index 0 is heavyweight, 16 minimumweight. */
function leanFactor(lean: Lean, divisionIndex: number): number {
  const lightness = divisionIndex / 16;
  if (lean === 'light') return 0.25 + 1.75 * lightness;
  if (lean === 'heavy') return 2 - 1.75 * lightness;
  return 1;
}

/** [code, weight] for drawing the nationality of a fighter of one division. */
export function nationTable(divisionIndex: number): [string, number][] {
  return Object.entries(NATIONS).map(([code, nation]) => [
    code,
    nation.weight * leanFactor(nation.lean, divisionIndex),
  ]);
}
