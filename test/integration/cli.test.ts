// Every npm command's script reads its command line one way (src/cli/args.ts): --help prints
// the usage and exits 0; a command line it cannot follow gets one line naming the option and
// what is wrong, then the usage, on standard error, and exit code 2, with no stack trace and
// before any work is done.
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { integer, readArgs, UsageError } from '../../src/cli/args.ts';
import { runScript } from '../helpers/script.ts';
import { builtSite } from '../helpers/site.ts';

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
    expect(read(['--out=x', '--port=0', '--name', 'n', '--json'])).toEqual({
      port: 0,
      name: 'n',
      out: 'x',
      json: true,
    });
    expect(read(['--out', 'x'], { PORT: '3000' }).port).toBe(3000);
  });

  it('types each value: parsed, or text, undefined only when it may be absent', () => {
    expectTypeOf(read(['--out', 'x'])).toEqualTypeOf<{
      port: number;
      name: string | undefined;
      out: string;
      json: boolean;
    }>();
  });

  it('an option wins over its environment variable, and an empty variable counts as unset', () => {
    expect(read(['--out', 'x', '--port', '4000'], { PORT: '3000' }).port).toBe(4000);
    // The variable is not even read when the option is given.
    expect(read(['--out', 'x', '--port', '4000'], { PORT: 'not a port' }).port).toBe(4000);
    expect(read(['--out', 'x'], { PORT: '' }).port).toBe(8888);
  });

  it('--help and -h win over anything else on the line', () => {
    for (const args of [['--help'], ['-h'], ['--bogus', '--help'], ['--port', 'x', '-h']])
      expect(readArgs(options, args, {}), args.join(' ')).toBe('help');
  });

  it('names the option and what is wrong', () => {
    expect(problem(['--out', 'x', '--bogus'])).toBe('unknown option --bogus');
    expect(problem(['--out', 'x', '-p', '1'])).toBe('unknown option -p');
    expect(problem(['--out'])).toBe('--out needs a value');
    expect(problem(['--out', '--json'])).toBe('--out needs a value');
    expect(problem(['--out', 'x', '--port', '-1'])).toBe(
      '--port needs a value ("-1" reads as an option; write --port=-1 to give it)',
    );
    expect(problem(['--out', 'x', '--port=-1'])).toBe('--port must be an integer from 0 to 65535, got "-1"');
    expect(problem(['--out', 'x', '--out', 'y'])).toBe('--out given more than once');
    expect(problem(['--out', 'x', '--json', '--json'])).toBe('--json given more than once');
    expect(problem(['--out', 'x', '--json=yes'])).toBe('--json takes no value, got "yes"');
    expect(problem(['--out', 'x', 'extra'])).toBe('unexpected argument "extra" (options are written --name value)');
    expect(problem(['--out', 'x', '--', 'extra'])).toBe(
      'unexpected argument "extra" (options are written --name value)',
    );
    expect(problem([])).toBe('--out is required');
    expect(problem(['--out', 'x', '--port', '65536'])).toBe('--port must be an integer from 0 to 65535, got "65536"');
    expect(problem(['--out', 'x'], { PORT: 'eighty' })).toBe('PORT must be an integer from 0 to 65535, got "eighty"');
    expect(problem(['--out', 'x', '--constructor'])).toBe('unknown option --constructor');
  });
});

// Concurrent: each check waits on a process of its own, so starts overlap (expect is the test's own).
describe.concurrent('every script refuses what it cannot follow', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'cli-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  // A link to the content folder: a build into it would replace the content itself.
  const contentLink = path.join(scratch, 'content-link');
  symlinkSync(path.resolve('content'), contentLink);

  // Per script: its file, the name its messages start with, its command in the usage, and a bad
  // value with the line it must print (after the name). Missing and repeated values are read
  // by the same code for every script: the tests above hold them, and the generator's own.
  // Each script is spawned as npm runs it, so each check is a process start (about half a second).
  const scripts = [
    {
      file: 'scripts/preview.ts',
      name: 'preview',
      command: 'npm start',
      bad: [['--port', '65536'], '--port must be an integer from 0 to 65535, got "65536"'],
    },
    {
      file: 'scripts/dev-netlify.ts',
      name: 'dev-netlify',
      command: 'npm run dev:netlify',
      bad: [['--port', 'eighty'], '--port must be an integer from 0 to 65535, got "eighty"'],
    },
    {
      file: 'scripts/build.ts',
      name: 'build',
      command: 'npm run build',
      bad: [['--outDir', '.'], `--outDir . would replace the project (${process.cwd()}): name a folder of its own`],
    },
    {
      file: 'scripts/generate.ts',
      name: 'generate',
      command: 'npm run data:generate',
      bad: [['--fights', '0'], '--fights must be an integer from 1 to 2000000, got "0"'],
    },
    {
      file: 'scripts/bench.ts',
      name: 'bench',
      command: 'npm run bench',
      bad: [
        ['--sizes', '1000,many'],
        '--sizes must be fight counts from 1 to 2000000 separated by commas, got "1000,many"',
      ],
    },
    {
      file: 'scripts/build-stats.ts',
      name: 'build-stats',
      command: 'npm run build:stats',
      bad: [
        ['--out', contentLink],
        `--out ${contentLink} would replace the content (${realpathSync('content')}): name a folder of its own`,
      ],
    },
    {
      file: 'scripts/check-content.ts',
      name: 'check-content',
      command: 'npm run check:content',
      bad: [
        ['--content', path.join(scratch, 'none')],
        `--content must be an existing folder, got "${path.join(scratch, 'none')}"`,
      ],
    },
    {
      file: 'scripts/bench/files.ts',
      name: 'files',
      command: 'npm run bench:files',
      bad: [['--dir', scratch, '--writers', '0'], '--writers must be an integer from 1 to 16, got "0"'],
    },
    {
      file: 'scripts/bench/throughput.ts',
      name: 'throughput',
      command: 'npm run bench:throughput',
      bad: [
        ['--dist', scratch, '--content', scratch, '--connections', '0'],
        '--connections must be an integer from 1 to 1000, got "0"',
      ],
    },
    {
      file: 'scripts/usage.ts',
      name: 'usage',
      command: 'npm run usage',
      bad: [[path.join(scratch, 'none.log')], `FILE "${path.join(scratch, 'none.log')}" does not exist`],
    },
  ] as const;

  // PORT and HOST set as a user might have them: the command line is read before them.
  const run = (file: string, args: readonly string[]) => runScript(file, args, { PORT: '1', HOST: '127.0.0.1' });

  describe.each(scripts)('$file', (script) => {
    // -h is read by the same code for every script: the tests above hold it, and the generator's own.
    it('--help prints the usage and exits 0', async ({ expect }) => {
      const r = await run(script.file, ['--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: ${script.command} `));
      expect(r.stdout).toContain('-h, --help');
      expect(r.stderr).toBe('');
    });

    const cases = [
      ['an unknown option', ['--no-such-option', 'x'], 'unknown option --no-such-option'],
      ['a bad value', ...script.bad],
    ] as const;
    it.for(cases)('%s: one line naming it, the usage, exit code 2', async ([_, args, line], { expect }) => {
      const r = await run(script.file, args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      const [first, blank, usage] = r.stderr.split('\n');
      expect(first).toBe(`${script.name}: ${line}`);
      expect(blank).toBe('');
      expect(usage).toMatch(new RegExp(`^Usage: ${script.command} `));
      expect(r.stderr).not.toMatch(/^ {4}at /m);
    });
  });
});

describe('a server that cannot listen', () => {
  it('says which port is taken, with the usage, exit code 2 and no stack', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const { status, stderr } = await runScript('scripts/preview.ts', ['--port', String(port)], {
        SKIP_BUILD: '1',
        DIST_DIR: builtSite(),
        API_KEYS: 'k',
      });
      expect(status).toBe(2);
      const [first, blank, usage] = stderr.split('\n');
      expect(first).toBe(
        `preview: port ${port} on 127.0.0.1 is in use by another program: choose another with --port (or PORT)`,
      );
      expect(blank).toBe('');
      expect(usage).toMatch(/^Usage: npm start /);
      expect(stderr).not.toMatch(/^ {4}at /m);
    } finally {
      taken.close();
    }
  });
});

describe.concurrent('a malformed API_KEYS', () => {
  // A whole key that must never be printed, in an entry whose day does not exist.
  const KEY = 'k1234567890abcdefghij';
  const commands = [
    ['scripts/preview.ts', 'preview', 'npm start'],
    ['scripts/dev.ts', 'dev', 'npm run dev'],
    ['scripts/build.ts', 'build', 'npm run build'],
  ] as const;
  it.for(commands)(
    'stops %s before it builds or serves, naming the entry, never the key',
    async ([file, name, command], { expect }) => {
      const r = await runScript(file, [], { API_KEYS: `good-key-0123456789,alice:${KEY}:2027-02-30`, PORT: '0' });
      expect(r.status).toBe(2);
      const [first, blank, usage] = r.stderr.split('\n');
      expect(first).toBe(
        `${name}: API_KEYS entry 2 ("alice:k123…:2027-02-30"): "2027-02-30" is not a calendar day YYYY-MM-DD`,
      );
      expect(blank).toBe('');
      expect(usage).toMatch(new RegExp(`^Usage: ${command} `));
      expect(r.stdout + r.stderr).not.toContain(KEY);
      expect(r.stdout).not.toContain('Building');
    },
  );
});
