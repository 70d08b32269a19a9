// Command-line options of scripts/generate.ts. Bad input ends the process with exit code 2.
import { isRealDate } from '../../src/shared/dates.ts';

export interface Options {
  fights: number;
  seed: number;
  out: string;
  asOf: string;
}

export const USAGE = `Usage: node scripts/generate.ts [--fights N] [--seed S] [--out DIR] [--as-of YYYY-MM-DD]

  --fights N           number of fights, an integer >= 1 (default 3000)
  --seed S             PRNG seed, a non-negative integer (default 1)
  --out DIR            content folder to write (default content)
  --as-of YYYY-MM-DD   the day that splits past from future, 2006-01-01..2031-12-31 (default 2026-11-01)

The same arguments always give the same files.`;

export const DEFAULTS: Options = { fights: 3000, seed: 1, out: 'content', asOf: '2026-11-01' };

export class UsageError extends Error {}

const MAX_FIGHTS = 2_000_000;

export function parseArgs(argv: string[]): Options | 'help' {
  const opts: Options = { ...DEFAULTS };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return 'help';
    const m = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) throw new UsageError(`unexpected argument "${arg}"`);
    const flag = m[1];
    if (!['fights', 'seed', 'out', 'as-of'].includes(flag)) throw new UsageError(`unknown option --${flag}`);
    if (seen.has(flag)) throw new UsageError(`--${flag} given more than once`);
    seen.add(flag);
    let value = m[2];
    if (value === undefined) {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new UsageError(`--${flag} needs a value`);
      value = argv[++i];
    }
    if (flag === 'fights') {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_FIGHTS)
        throw new UsageError(`--fights must be an integer from 1 to ${MAX_FIGHTS}, got "${value}"`);
      opts.fights = Number(value);
    } else if (flag === 'seed') {
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
        throw new UsageError(`--seed must be a non-negative integer, got "${value}"`);
      opts.seed = Number(value);
    } else if (flag === 'out') {
      if (value.trim() === '') throw new UsageError('--out must not be empty');
      opts.out = value;
    } else {
      if (!isRealDate(value)) throw new UsageError(`--as-of must be a real date YYYY-MM-DD, got "${value}"`);
      if (value < '2006-01-01' || value > '2031-12-31')
        throw new UsageError(`--as-of must be from 2006-01-01 to 2031-12-31 (events span 2005-2031), got "${value}"`);
      opts.asOf = value;
    }
  }
  return opts;
}
