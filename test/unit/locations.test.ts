// Where a test lives (CONTRIBUTING.md, "Tests"): in the folder of the project that runs it, which
// what the test needs decides. test/unit/ when it calls modules in place; test/integration/ when it
// reads the test build, makes a build of its own or starts our commands as processes; test/hosts/
// when it starts a platform's runtime (Netlify's emulator or CLI, Deno, Chromium). In its folder, a
// test of one module of src/ sits at that module's path (src/api/gate.ts: test/unit/api/gate.test.ts);
// any other test at the top, named after what it tests. Helpers live in test/helpers/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, inject, it } from 'vitest';
import config from '../../vitest.config.ts';
import { importGraph, reach } from '../helpers/import-graph.ts';
import { builtSite, WITHOUT_BUILD } from '../helpers/site.ts';

/** The product's projects, by what a test needs; and the tooling's, whose tests mirror scripts/. */
const PROJECTS = ['unit', 'integration', 'hosts', 'tooling'] as const;
type Project = Exclude<(typeof PROJECTS)[number], 'tooling'>;
/** This file: it reaches for the test build only to show that the unit project has none. */
const SELF = 'test/unit/locations.test.ts';

const graph = importGraph();
const testFiles = [...graph.keys()].filter((f) => f.endsWith('.test.ts')).sort();
const inProjects = testFiles.filter((f) => PROJECTS.some((p) => f.startsWith(`test/${p}/`)));
const ofTooling = (f: string) => f.startsWith('test/tooling/');
const ofProduct = inProjects.filter((f) => !ofTooling(f));

const importsPackage = (file: string, name: string) => readFileSync(file, 'utf8').includes(`from '${name}'`);

/** The project a test's needs put it in, read from what it and the test helpers it reaches import. */
function neededProject(file: string): Project {
  const reached = new Set([file, ...reach(graph, file)]);
  const ownCode = [...reached].filter((f) => f.startsWith('test/'));
  const startsRuntime =
    ['test/helpers/runtimes.ts', 'src/hosts/emulator/netlify-dev.ts', 'src/hosts/emulator/deno.ts'].some((m) =>
      reached.has(m),
    ) || ownCode.some((f) => importsPackage(f, 'playwright-core'));
  if (startsRuntime) return 'hosts';
  const needsBuildOrProcess =
    ['test/helpers/site.ts', 'src/pipeline/build-store.ts'].some((m) => reached.has(m)) ||
    ownCode.some((f) => importsPackage(f, 'node:child_process'));
  return needsBuildOrProcess ? 'integration' : 'unit';
}

const srcModules = fg.sync('src/**/*.ts');
const srcFolders = new Set(fg.sync('src/**', { onlyDirectories: true }).map((d) => path.basename(d)));

describe('test locations', () => {
  it("every test is in a project's folder, and every other file of test/ in test/helpers/", () => {
    expect(testFiles.length).toBeGreaterThan(40);
    expect(testFiles.filter((f) => !inProjects.includes(f))).toEqual([]);
    const others = fg
      .sync('test/**/*', { onlyFiles: true })
      .filter((f) => !f.endsWith('.test.ts') && !f.startsWith('test/helpers/'));
    expect(others).toEqual([]);
  });

  it('each project runs the tests of its folder, and the unit project has no global setup of its own (no build)', () => {
    const projects = config.test!.projects as Array<{
      test: { name: string; include: string[]; globalSetup?: string[] };
    }>;
    expect(projects.map((p) => [p.test.name, p.test.include])).toEqual(
      PROJECTS.map((name) => [name, [`test/${name}/**/*.test.ts`]]),
    );
    expect(projects.find((p) => p.test.name === 'unit')!.test.globalSetup).toBeUndefined();
  });

  it("a test in a folder within its project's mirrors a module of src/ at the same path (of scripts/, for the tooling's)", () => {
    const astray = inProjects.filter((f) => {
      const [, , ...rest] = f.split('/');
      const root = ofTooling(f) ? 'scripts' : 'src';
      return (
        (rest.length > 1 || ofTooling(f)) && !existsSync(`${root}/${rest.join('/').replace(/\.test\.ts$/, '.ts')}`)
      );
    });
    expect(astray).toEqual([]);
  });

  it("a test named after one module of src/ (and no folder there) sits at that module's path", () => {
    const misplaced = ofProduct.flatMap((f) => {
      const [, project, ...rest] = f.split('/');
      if (rest.length > 1) return [];
      const name = rest[0].replace(/\.test\.ts$/, '');
      const modules = srcModules.filter((m) => path.basename(m, '.ts') === name);
      if (modules.length !== 1 || srcFolders.has(name)) return [];
      return [`${f} -> test/${project}/${modules[0].replace(/^src\//, '').replace(/\.ts$/, '.test.ts')}`];
    });
    expect(misplaced).toEqual([]);
  });

  it('each test is in the project its needs call for', () => {
    const wrong = ofProduct
      .filter((f) => f !== SELF)
      .flatMap((f) => {
        const [, project] = f.split('/');
        const needed = neededProject(f);
        return needed === project ? [] : [`${f} needs ${needed}`];
      });
    expect(wrong).toEqual([]);
  });

  it('the unit project has no test build: a unit test reaching for it is told where it belongs', () => {
    expect(inject('distDir')).toBeUndefined();
    expect(() => builtSite()).toThrow(WITHOUT_BUILD);
  });
});
