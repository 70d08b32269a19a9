// Command-line options of scripts/generate.ts, read as every script's are (src/cli/args.ts):
// bad input ends the process with exit code 2 before anything is generated.
import { isRealDate } from '../../src/shared/dates.ts';
import { integer, nonEmpty, parseCommandLine, UsageError } from '../../src/cli/args.ts';
import { progressEnv } from '../../src/cli/progress.ts';

/** Enough for every division to have fighters for its fights and rankings. */
const MIN_FIGHTERS = 100;

export interface Options {
  fights: number;
  /** Null: as many as the fights call for (fighterCount). */
  fighters: number | null;
  seed: number;
  out: string;
  asOf: string;
}

export const USAGE = `Usage: npm run data:generate -- [--fights N] [--fighters N] [--seed S] [--out DIR] [--as-of YYYY-MM-DD]
       (or node scripts/generate.ts [options])

Writes a generated, fictional dataset: one JSON file per record, in a folder per collection.

  --fights N           number of fights, an integer from 1 to 2000000 (default 3000)
  --fighters N         number of fighters, an integer from ${MIN_FIGHTERS} to 2000000 (default 1500, or three
                       tenths of the fights when that is more): fewer make a small dataset
  --seed S             PRNG seed, a non-negative integer (default 1)
  --out DIR            content folder to write (default content)
  --as-of YYYY-MM-DD   the day that splits past from future, 2006-01-01..2031-12-31 (default 2026-11-01)
  -h, --help           print this text

The same arguments always give the same files, whatever the environment. Progress goes to
standard error; the summary line to standard output.

Environment:
${progressEnv(23)}`;

export const DEFAULTS: Options = { fights: 3000, fighters: null, seed: 1, out: 'content', asOf: '2026-11-01' };

const MAX_FIGHTS = 2_000_000;

function seed(text: string, name: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new UsageError(`${name} must be a non-negative integer, got "${text}"`);
  return Number(text);
}

function asOf(text: string, name: string): string {
  if (!isRealDate(text)) throw new UsageError(`${name} must be a real date YYYY-MM-DD, got "${text}"`);
  if (text < '2006-01-01' || text > '2031-12-31')
    throw new UsageError(`${name} must be from 2006-01-01 to 2031-12-31 (events span 2005-2031), got "${text}"`);
  return text;
}

const OPTIONS = {
  fights: { type: 'string', default: String(DEFAULTS.fights), parse: integer(1, MAX_FIGHTS) },
  fighters: { type: 'string', parse: integer(MIN_FIGHTERS, MAX_FIGHTS) },
  seed: { type: 'string', default: String(DEFAULTS.seed), parse: seed },
  out: { type: 'string', default: DEFAULTS.out, parse: nonEmpty },
  'as-of': { type: 'string', default: DEFAULTS.asOf, parse: asOf },
} as const;

/** The options of this process's command line; --help and bad input end it (see src/cli/args.ts). */
export function commandLine(): Options {
  const values = parseCommandLine(USAGE, OPTIONS);
  return {
    fights: values.fights,
    fighters: values.fighters ?? null,
    seed: values.seed,
    out: values.out,
    asOf: values['as-of'],
  };
}
