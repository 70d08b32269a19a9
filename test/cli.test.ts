// Scripts read their command lines one way (scripts/lib/cli.ts): --help prints the usage and
// exits 0; a command line that cannot be followed gets one line naming the option and what is
// wrong, then the usage, on standard error, and exit code 2, with no stack trace and before any
// work is done.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { integer, readArgs, UsageError } from '../scripts/lib/cli.ts';

describe('reading a command line', () => {
  const options = {
    port: { type: 'string', env: 'PORT', default: '8888', parse: integer(0, 65535) },
    name: { type: 'string' },
    out: { type: 'string', required: true },
    json: { type: 'boolean' },
  } as const;
  const read = (args: string[], env: Record<string, string> = {}) => {
    const values = readArgs(options, args, env);
    if (values === 'help') throw new Error('read as --help');
    return values;
  };
  const problem = (args: string[], env: Record<string, string> = {}) => {
    try {
      read(args, env);
    } catch (e) {
      if (e instanceof UsageError) return e.message;
      throw e;
    }
    return null;
  };

  it('gives typed values: given, from the environment, or the default, and false for an absent switch', () => {
    expect(read(['--out', 'x'])).toEqual({ port: 8888, name: undefined, out: 'x', json: false });
    expect(read(['--out=x', '--port=0', '--name', 'n', '--json'])).toEqual({ port: 0, name: 'n', out: 'x', json: true });
    expect(read(['--out', 'x'], { PORT: '3000' }).port).toBe(3000);
  });

  it('types each value: parsed, or text, undefined only when it may be absent', () => {
    expectTypeOf(read(['--out', 'x'])).toEqualTypeOf<{ port: number; name: string | undefined; out: string; json: boolean }>();
  });

  it('an option wins over its environment variable, and an empty variable counts as unset', () => {
    expect(read(['--out', 'x', '--port', '4000'], { PORT: '3000' }).port).toBe(4000);
    // The variable is not even read when the option is given.
    expect(read(['--out', 'x', '--port', '4000'], { PORT: 'not a port' }).port).toBe(4000);
    expect(read(['--out', 'x'], { PORT: '' }).port).toBe(8888);
  });

  it('--help and -h win over anything else on the line', () => {
    for (const args of [['--help'], ['-h'], ['--bogus', '--help'], ['--port', 'x', '-h']]) expect(readArgs(options, args, {}), args.join(' ')).toBe('help');
  });

  it('names the option and what is wrong', () => {
    expect(problem(['--out', 'x', '--bogus'])).toBe('unknown option --bogus');
    expect(problem(['--out', 'x', '-p', '1'])).toBe('unknown option -p');
    expect(problem(['--out'])).toBe('--out needs a value');
    expect(problem(['--out', '--json'])).toBe('--out needs a value');
    expect(problem(['--out', 'x', '--port', '-1'])).toBe('--port needs a value ("-1" reads as an option; write --port=-1 to give it)');
    expect(problem(['--out', 'x', '--port=-1'])).toBe('--port must be an integer from 0 to 65535, got "-1"');
    expect(problem(['--out', 'x', '--out', 'y'])).toBe('--out given more than once');
    expect(problem(['--out', 'x', '--json', '--json'])).toBe('--json given more than once');
    expect(problem(['--out', 'x', '--json=yes'])).toBe('--json takes no value, got "yes"');
    expect(problem(['--out', 'x', 'extra'])).toBe('unexpected argument "extra" (options are written --name value)');
    expect(problem(['--out', 'x', '--', 'extra'])).toBe('unexpected argument "extra" (options are written --name value)');
    expect(problem([])).toBe('--out is required');
    expect(problem(['--out', 'x', '--port', '65536'])).toBe('--port must be an integer from 0 to 65535, got "65536"');
    expect(problem(['--out', 'x'], { PORT: 'eighty' })).toBe('PORT must be an integer from 0 to 65535, got "eighty"');
    expect(problem(['--out', 'x', '--constructor'])).toBe('unknown option --constructor');
  });
});
