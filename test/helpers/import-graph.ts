// The repository's modules and their relative imports, read from the source text (type-only
// and dynamic imports included): what the import-layer and test-location tests reason over.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

const FROM = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
// A module loaded when first needed by a dynamic import, or named by a type of one (`typeof import(...)`).
const LOADED = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

export type ImportGraph = Map<string, string[]>;

/**
 * Every module of the code folders and the tests, with the modules it imports (paths from the
 * repository's root). With `atStart`, only the imports loaded with the module itself: no dynamic
 * import, no type-only one (`import type`, erased from the JavaScript).
 */
export function importGraph(options: { atStart?: boolean } = {}): ImportGraph {
  const files = fg.sync(
    [
      'src/**/*.ts',
      'netlify/**/*.ts',
      'client/src/**/*.ts',
      'client/examples/**/*.ts',
      'scripts/**/*.ts',
      'test/**/*.ts',
      'vitest.config.ts',
    ],
    { onlyFiles: true },
  );
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = options.atStart
      ? [...text.matchAll(FROM)].filter((m) => !/^\s*(?:import|export)\s+type\s/.test(m[0])).map((m) => m[1])
      : [...text.matchAll(FROM), ...text.matchAll(LOADED)].map((m) => m[1]);
    graph.set(
      file,
      [...new Set(specifiers)].map((s) => path.normalize(path.join(path.dirname(file), s))),
    );
  }
  return graph;
}

/** Every module a module reaches through its imports. */
export function reach(graph: ImportGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.get(from) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.get(next) ?? []));
  }
  return seen;
}
