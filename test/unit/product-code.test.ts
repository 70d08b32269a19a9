// src/ holds the product alone: every module there is run by a command, the site's build, an edge
// function or the client (or lends them its types), and what it exports that runs, they use. What
// only the tests and the benchmarks use lives beside them (test/helpers/, scripts/bench/): in src/
// it would go into the build's code fingerprint, or need a hand-kept list to stay out of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { importGraph, reach, type ImportGraph } from '../helpers/import-graph.ts';

const FROM = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
const LOADED = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/** A module started on a thread of its own, or as a process: `new Worker(new URL('./scan-worker.ts', import.meta.url))`. */
const STARTED = /\bnew URL\(\s*['"](\.[^'"]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g;
/** A declaration that runs (not a type). */
const RUNTIME_EXPORT = /^export (?:default |(?:async )?(?:function\*?|const|let|class|enum) (\w+))/gm;

/** `export * from './x.ts'`, `export { a, b } from './x.ts'`. */
const REEXPORT = /^export\s+(?:\*|\{[^}]*\})\s+from\s+['"](\.[^'"]+)['"]/gm;

const resolved = (file: string, specifier: string) => path.normalize(path.join(path.dirname(file), specifier));

/** The import graph with what it leaves out: the Astro config, pages and plain JavaScript, and the modules started on threads. */
function productGraph(runtimeOnly: boolean): ImportGraph {
  const graph = importGraph(runtimeOnly ? { atStart: true } : {});
  for (const file of fg.sync(['astro.config.mjs', 'netlify/**/*.{js,mjs}', 'src/**/*.astro']))
    graph.set(
      file,
      [...readFileSync(file, 'utf8').matchAll(FROM)].map((m) => resolved(file, m[1])),
    );
  for (const [file, targets] of graph) {
    const text = readFileSync(file, 'utf8');
    targets.push(
      ...[...text.matchAll(STARTED), ...(runtimeOnly ? text.matchAll(LOADED) : [])].map((m) => resolved(file, m[1])),
    );
  }
  return graph;
}

/** What the product starts from: the commands (not the benchmarks), the site's build and pages, the edge functions and Netlify's plugin, the client. */
const isEntry = (file: string) =>
  /^(astro\.config\.mjs|netlify\/.*|scripts\/[^/]+\.ts|src\/pages\/.*|client\/src\/.*)$/.test(file) &&
  file !== 'scripts/bench.ts';

function reached(graph: ImportGraph): Set<string> {
  const entries = [...graph.keys()].filter(isEntry);
  return new Set([...entries, ...entries.flatMap((f) => [...reach(graph, f)])]);
}

describe('product code', () => {
  const graph = productGraph(false);
  const product = reached(graph);
  const srcModules = fg.sync('src/**/*.ts');

  it('every module under src/ is reached from the commands, the site, the edge functions or the client', () => {
    expect(srcModules.length).toBeGreaterThan(100);
    expect(srcModules.filter((f) => !product.has(f))).toEqual([]);
  });

  it('a module of src/ the product takes only types from exports nothing that runs', () => {
    const running = reached(productGraph(true));
    const typesOnly = srcModules.filter((f) => !running.has(f));
    const exported = typesOnly.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(RUNTIME_EXPORT)].map((m) => `${f} ${m[1] ?? 'default'}`),
    );
    expect(exported).toEqual([]);
  });

  it('what a module of src/ exports that runs, it or a product module importing it uses', () => {
    // Content read whole and resolved in memory, and an answer's body as text: the reference
    // oracle's and the tests' way in, which the build (it streams the content) and the handler
    // do not take. Kept where they are: each is the plain form of what the product does in parts.
    const known = [
      'src/content/read.ts readContent',
      'src/content/resolve.ts resolveDataset',
      'src/api/envelope.ts bodyText',
    ];
    const importers = new Map<string, Set<string>>();
    const add = (target: string, files: Iterable<string>) =>
      importers.set(target, new Set([...(importers.get(target) ?? []), ...files]));
    for (const [file, targets] of graph) if (product.has(file)) for (const t of targets) add(t, [file]);
    // A module's re-exports (BadPack, through src/store/pack/format.ts) are imported by its importers.
    const reexports = [...graph.keys()].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(REEXPORT)].map((m) => [file, resolved(file, m[1])] as const),
    );
    for (let size = -1; size !== [...importers.values()].reduce((n, s) => n + s.size, 0); ) {
      size = [...importers.values()].reduce((n, s) => n + s.size, 0);
      for (const [file, target] of reexports) add(target, importers.get(file) ?? []);
    }
    const unused = srcModules.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(RUNTIME_EXPORT)]
        .map((m) => m[1])
        .filter((name): name is string => name !== undefined)
        .filter((name) => {
          const named = new RegExp(`\\b${name}\\b`, 'g');
          if ((text.match(named) ?? []).length > 1) return false;
          return ![...(importers.get(file) ?? [])].some((f) =>
            new RegExp(`\\b${name}\\b`).test(readFileSync(f, 'utf8')),
          );
        })
        .map((name) => `${file} ${name}`);
    });
    expect(unused.sort()).toEqual(known.sort());
  });
});
