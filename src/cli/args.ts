// The command line of every script an npm command runs, read one way: node:util's parseArgs,
// strict, plus what it leaves to its caller (repeated options, values and their checks, an
// environment variable standing in for an option). `--help` or `-h` prints the usage and exits 0.
// A command line that cannot be followed (an unknown option, a missing, repeated or bad value)
// prints one line naming the option and what is wrong, then the usage, on standard error, and
// exits 2, before the script does any work: a stack trace would only tell where the check is.
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** A value that cannot be used; its message names the option (or variable) and what is wrong. */
export class UsageError extends Error {}

export interface StringOption<V = unknown> {
  type: 'string';
  /** The text used when the option is not given (nor its variable); it goes through `parse` too. */
  default?: string;
  /** The environment variable read when the option is not given: the option wins over it. */
  env?: string;
  /** Set when the command cannot run without the option. */
  required?: true;
  /** Turns the text into the value, or throws a UsageError naming `name` (`--port`, `PORT`). */
  parse?: (text: string, name: string) => V;
}

export interface BooleanOption {
  type: 'boolean';
}

export type Option = StringOption | BooleanOption;
export type OptionTable = Record<string, Option>;

type ValueOf<O> = O extends BooleanOption
  ? boolean
  : O extends { parse: (text: string, name: string) => infer V }
    ? V
    : string;
type Missing<O> = O extends BooleanOption | { default: string } | { required: true } ? never : undefined;
/** What a command line gives a script: each option's value, undefined when it may be absent. */
export type Values<T extends OptionTable> = { -readonly [K in keyof T]: ValueOf<T[K]> | Missing<T[K]> };

/**
 * The values of `args` for `options`, or 'help' when `--help` or `-h` is among them (whatever
 * else is). Throws a UsageError for anything else that cannot be followed.
 */
export function readArgs<const T extends OptionTable>(
  options: T,
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Values<T> | 'help' {
  const config = {
    ...Object.fromEntries(Object.entries(options).map(([name, option]) => [name, { type: option.type }])),
    help: { type: 'boolean' as const, short: 'h' },
  };
  // A first, lenient pass finds what is wrong in words that name the option; the strict pass
  // then reads the values (and would refuse anything the first pass let through).
  const { tokens } = parseArgs({ args, options: config, strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return 'help';
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional')
      throw new UsageError(`unexpected argument "${token.value}" (options are written --name value)`);
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (option === undefined) throw new UsageError(`unknown option ${token.rawName}`);
    const flag = `--${token.name}`;
    if (seen.has(token.name)) throw new UsageError(`${flag} given more than once`);
    seen.add(token.name);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`${flag} takes no value, got "${token.value}"`);
    } else if (token.value === undefined || (!token.inlineValue && /^--?\D/.test(token.value))) {
      // The lenient pass takes the next argument as the value whatever it is: one that looks
      // like an option is the next option, not a value.
      throw new UsageError(`${flag} needs a value`);
    } else if (!token.inlineValue && token.value.startsWith('-')) {
      throw new UsageError(
        `${flag} needs a value ("${token.value}" reads as an option; write ${flag}=${token.value} to give it)`,
      );
    }
  }
  let given: Record<string, string | boolean | undefined>;
  try {
    given = parseArgs({ args, options: config, strict: true, allowPositionals: false }).values;
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS_'))
      throw new UsageError((e as Error).message.split('\n')[0]);
    throw e;
  }
  const values: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(options)) {
    if (option.type === 'boolean') {
      values[name] = given[name] === true;
      continue;
    }
    // An empty variable counts as unset, as shells and CI settings leave them.
    const fromEnv = option.env === undefined || env[option.env] === '' ? undefined : env[option.env];
    const [source, text] =
      given[name] !== undefined
        ? [`--${name}`, given[name] as string]
        : fromEnv !== undefined
          ? [option.env!, fromEnv]
          : [`--${name}`, option.default];
    if (text === undefined && option.required) throw new UsageError(`--${name} is required`);
    values[name] = text === undefined || option.parse === undefined ? text : option.parse(text, source);
  }
  return values as Values<T>;
}

/** The name a script's messages start with: its file's, as the user ran it. */
const scriptName = () => path.basename(process.argv[1] ?? 'script', '.ts');

/** Ends the process as for a bad command line: one line saying what is wrong, the usage, exit code 2. */
export function refuse(usage: string, problem: string): never {
  process.stderr.write(`${scriptName()}: ${problem}\n\n${usage}\n`);
  process.exit(2);
}

/**
 * The script's command line (process.argv) read against `options`: the values, or the process
 * ends, with the usage on standard output and exit code 0 for --help, or as `refuse` says.
 */
export function parseCommandLine<const T extends OptionTable>(
  usage: string,
  options: T,
  args = process.argv.slice(2),
): Values<T> {
  let values: Values<T> | 'help';
  try {
    values = readArgs(options, args);
  } catch (e) {
    if (e instanceof UsageError) refuse(usage, e.message);
    throw e;
  }
  if (values === 'help') {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return values;
}

/** A whole number from `min` to `max`, written in digits only. */
export const integer =
  (min: number, max: number) =>
  (text: string, name: string): number => {
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max)
      throw new UsageError(`${name} must be an integer from ${min} to ${max}, got "${text}"`);
    return n;
  };

/** Any text but an empty one (or only spaces). */
export function nonEmpty(text: string, name: string): string {
  if (text.trim() === '') throw new UsageError(`${name} must not be empty`);
  return text;
}

/** A TCP port to listen on: 0 lets the system pick a free one. */
export const port = integer(0, 65535);

/** A folder that exists (given as it was typed: relative paths stay relative). */
export function existingFolder(text: string, name: string): string {
  let folder = false;
  try {
    folder = statSync(nonEmpty(text, name)).isDirectory();
  } catch (e) {
    if (e instanceof UsageError) throw e;
  }
  if (!folder) throw new UsageError(`${name} must be an existing folder, got "${text}"`);
  return text;
}
