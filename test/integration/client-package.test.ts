// The typed client as an app builder gets it: `npm pack client`, the tarball installed into a new
// project of its own (no registry: the package needs nothing but itself), a first call from Node
// against the preview, and a consumer's TypeScript checked against the package's declarations
// alone (strict, nodenext), where a misspelled field of a record is an error.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../helpers/script.ts';
import { KEY, startPreview } from '../helpers/server.ts';

const TSC = path.resolve('node_modules/typescript/bin/tsc');

let project: string;
let installed: string;
let preview: Awaited<ReturnType<typeof startPreview>>;

function run(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26, timeout: 60_000 });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

function ok(command: string, args: string[], cwd: string): string {
  const r = run(command, args, cwd);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${r.status}:\n${r.out}`);
  return r.out;
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-package-'));
  ok('npm', ['pack', './client', '--pack-destination', dir], process.cwd());
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  project = path.join(dir, 'app');
  mkdirSync(project);
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }),
  );
  // Offline: whatever the client needs must be in its tarball.
  ok('npm', ['install', path.join(dir, tarball), '--offline', '--no-audit', '--no-fund'], project);
  installed = path.join(project, 'node_modules/@boxing-data/client');
  preview = await startPreview();
});
afterAll(() => preview?.close());

/** Every file of the installed package, relative to it. */
const files = (dir = installed): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name],
  );

/** Type-checks `source` as the app's own file against the installed package, as a strict nodenext project would. */
function typeCheck(source: string) {
  writeFileSync(path.join(project, 'app.ts'), source);
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['app.ts'],
    }),
  );
  return run(process.execPath, [TSC, '-p', '.'], project);
}

const CONSUMER = (field: string) => `import { BoxingDataError, createClient, type Fight } from '@boxing-data/client';

const boxing = createClient({ baseUrl: 'https://boxing.example', apiKey: 'key' });
try {
  const { data, pagination } = await boxing.fights.list({ division_id: 'welterweight', page_size: 5 });
  const fight: Fight = data[0];
  const division: string = fight.${field}.name;
  const winner: boolean = fight.fighters.fighter_1.winner;
  const year: number = (await boxing.fighters.get(fight.fighters.fighter_1.fighter_id)).data.birth_year;
  console.log(division, winner, year, pagination.total_items);
} catch (e) {
  if (e instanceof BoxingDataError && e.code === 'InvalidParameter') console.error(e.status, e.message);
}
`;

describe('the packed client', () => {
  it('holds JavaScript and declarations that import nothing outside the package, a README and the licence it names', () => {
    const held = files();
    expect(held).toContain('README.md');
    expect(held).toContain('LICENSE');
    expect(held.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect(manifest.dependencies).toBeUndefined();
    // An app that ships the client needs a licence that lets it: the one the package names, in its files.
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(path.join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    const { types, import: entry } = manifest.exports['.'];
    expect(held).toContain(path.normalize(types));
    expect(held).toContain(path.normalize(entry));
    for (const file of held.filter((f) => /\.(m?js|d\.m?ts)$/.test(f))) {
      const text = readFileSync(path.join(installed, file), 'utf8');
      const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
      expect(
        specifiers.filter((s) => !s.startsWith('./')),
        file,
      ).toEqual([]);
    }
  });

  it('answers a first call from Node, installed as any package is', async () => {
    writeFileSync(
      path.join(project, 'first-call.mjs'),
      `import { createClient } from '@boxing-data/client';
const boxing = createClient({ baseUrl: process.argv[2], apiKey: process.argv[3] });
const { data } = await boxing.fights.list({ page_size: 1 });
console.log(data[0].id);
`,
    );
    // Started apart: the preview answers from this process, which must go on running meanwhile.
    const r = await runScript(path.join(project, 'first-call.mjs'), [preview.base, KEY]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${(await preview.json('/v2/fights/?page_size=1')).body.data[0].id}\n`);
    expect(r.status).toBe(0);
  });

  it("type-checks an app's use of a record's fields with the package alone (strict, nodenext)", () => {
    const r = typeCheck(CONSUMER('division'));
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  });

  it('refuses a misspelled field of a record', () => {
    const r = typeCheck(CONSUMER('divison'));
    expect(r.out).toMatch(/app\.ts\(\d+,\d+\): error TS\d+: Property 'divison' does not exist/);
    expect(
      r.out
        .trim()
        .split('\n')
        .filter((l) => l.includes('error TS')),
    ).toHaveLength(1);
    expect(r.status).not.toBe(0);
  });
});
