// The layers import one way: no module imports itself through others (type-only imports count),
// the request-time code never imports build-time code, and of the store it and the store's readers
// reach only its paths, its formats and its readers, never what makes or updates it. Endpoints are
// listed by the registry alone. The typed client takes only types from the rest. The hosts sit on
// top: the Netlify edge functions are adapters over src/hosts/netlify/, and nothing imports them.
// The tests sit above everything: no code imports them but the benchmarks, which share a few
// helpers, and a test file imports helpers, never another test file. A store file's bytes are made
// by its kind's make.ts alone: the update's code imports no writer of a file format.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, reach } from '../helpers/import-graph.ts';

/** An import statement with what it imports: `type { ... }` marks an import erased from the JavaScript. */
const FROM_CLAUSE = /^\s*(?:import|export)\s([^'"]*?)from\s+['"]([^'"]+)['"]/gm;

/** The store's readers (request time): each kind's read.ts, the Store interface and the origin-backed store. */
const isStoreReader = (f: string) => /^src\/store\/(.+\/read|store|origin)\.ts$/.test(f);
/** What a store reader may reach of the store: the path map, each kind's format, the pack format's parts, the other readers. */
const readable = (f: string) =>
  isStoreReader(f) || /^src\/store\/(layout|[^/]+\/format|pack\/(cuts|shapes|bad-pack|list-index))\.ts$/.test(f);

describe('imports', () => {
  const graph = importGraph();

  it('resolve to files that exist', () => {
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => !graph.has(t)).map((t) => `${file} -> ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('form no cycle, type-only imports included', () => {
    const cycles = [...graph.keys()].filter((file) => reach(graph, file).has(file));
    expect(cycles).toEqual([]);
  });

  it('keep request-time code away from build-time code: of the store, it reaches only what a reader may', () => {
    const requestTime = [...graph.keys()].filter((f) => /^(src\/api|src\/mcp|src\/hosts|netlify)\//.test(f));
    expect(requestTime.length).toBeGreaterThan(0);
    const leaks = requestTime.flatMap((f) =>
      [...reach(graph, f)]
        .filter((t) => /^src\/(content|astro|pipeline)\//.test(t) || (t.startsWith('src/store/') && !readable(t)))
        .map((t) => `${f} -> ${t}`),
    );
    expect(leaks).toEqual([]);
  });

  it('let data flow one way: content knows nothing of the store, the store nothing of content or the build', () => {
    const against = (from: RegExp, to: RegExp) =>
      [...graph.keys()]
        .filter((f) => from.test(f))
        .flatMap((f) => [...reach(graph, f)].filter((t) => to.test(t)).map((t) => `${f} -> ${t}`));
    expect(against(/^src\/content\//, /^src\/(store|pipeline|api|astro)\//)).toEqual([]);
    expect(against(/^src\/store\//, /^src\/(content|pipeline|api|astro)\//)).toEqual([]);
    expect(against(/^src\/pipeline\//, /^src\/(api|astro)\//)).toEqual([]);
  });

  it("let the store's readers reach, of the store, only its paths, its formats and the other readers, never what makes or updates it", () => {
    const readers = [...graph.keys()].filter(isStoreReader);
    expect(readers.length).toBeGreaterThan(2);
    const crossing = readers.flatMap((f) =>
      [...reach(graph, f)].filter((t) => t.startsWith('src/store/') && !readable(t)).map((t) => `${f} -> ${t}`),
    );
    expect(crossing).toEqual([]);
  });

  it("make each store file's bytes in one place: the update's code imports no file format's writer, and takes every body from its kind's make.ts", () => {
    const writers = new Set([
      'positionalPack',
      'keyedPack',
      'orderedIndexText',
      'hashedIndexText',
      'listText',
      'withHeader',
      'listingText',
      'healthText',
      'historyIndexText',
      'gzip',
      'gzipOffThread',
    ]);
    const updating = [...graph.keys()].filter((f) =>
      /^src\/(store\/(.+\/)?([^/]+-)?update|pipeline\/(update|reuse)|dev\/live-store)\.ts$/.test(f),
    );
    expect(updating.length).toBeGreaterThan(5);
    const importing = updating.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(FROM_CLAUSE)].flatMap(([, clause]) =>
        [...clause.matchAll(/\w+/g)].filter(([name]) => writers.has(name)).map(([name]) => `${f} imports ${name}`),
      ),
    );
    expect(importing).toEqual([]);
  });

  it('let the client take nothing but types from outside its folder, so it never loads server code', () => {
    // Its examples are programs of their own, over the client.
    const clientFiles = [...graph.keys()].filter((f) => f.startsWith('client/src/'));
    expect(clientFiles.length).toBeGreaterThan(0);
    const runtime = clientFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(FROM_CLAUSE)]
        .filter(
          ([, clause, target]) =>
            !/^type\s/.test(clause) &&
            !(target.startsWith('.') && path.normalize(path.join(path.dirname(file), target)).startsWith('client/')),
        )
        .map(([, , target]) => `${file} -> ${target}`),
    );
    expect(runtime).toEqual([]);
  });

  it("let the registry alone list the endpoints: each resource's module is imported by it only, and reaches no other", () => {
    const modules = [...graph]
      .filter(([f, targets]) => f.startsWith('src/api/endpoints/') && targets.includes('src/api/endpoints/endpoint.ts'))
      .map(([f]) => f);
    // The seven resources', the exports', the changes feed's and the health's.
    expect(modules.length).toBe(10);
    const importers = [...graph].flatMap(([f, targets]) =>
      targets.filter((t) => modules.includes(t)).map((t) => `${f} -> ${t}`),
    );
    // Tests may open a resource's module to test it; no other code may.
    expect(importers.filter((i) => !i.startsWith('src/api/registry.ts -> ') && !i.startsWith('test/'))).toEqual([]);
    const reaching = modules.flatMap((f) =>
      [...reach(graph, f)]
        .filter((t) => modules.includes(t) || /^src\/api\/(registry|handler|gate)\.ts$|^src\/api\/openapi\//.test(t))
        .map((t) => `${f} -> ${t}`),
    );
    expect(reaching).toEqual([]);
  });

  it('keep the MCP endpoint on top of the API: the API imports nothing of it, and only it loads the MCP SDK', () => {
    const below = [...graph].flatMap(([f, targets]) =>
      /^src\/(api|store|records|shared)\//.test(f)
        ? targets.filter((t) => t.startsWith('src/mcp/')).map((t) => `${f} -> ${t}`)
        : [],
    );
    expect(below).toEqual([]);
    const sdk = [...graph.keys()].filter(
      (f) =>
        /^(src|netlify|client)\//.test(f) &&
        !f.startsWith('src/mcp/') &&
        readFileSync(f, 'utf8').includes('@modelcontextprotocol/sdk'),
    );
    expect(sdk).toEqual([]);
    expect([...graph.keys()].filter((f) => f.startsWith('src/mcp/')).length).toBeGreaterThan(0);
    // The gate and the answering function never load it: each edge function's modules are its cold start.
    const loading = ['netlify/edge-functions/gate.ts', 'netlify/edge-functions/api.ts'].flatMap((f) =>
      [...reach(graph, f)].filter((t) => t.startsWith('src/mcp/')).map((t) => `${f} -> ${t}`),
    );
    expect(loading).toEqual([]);
    expect([...reach(graph, 'netlify/edge-functions/mcp.ts')]).toContain('src/mcp/server.ts');
  });

  it('keep what each edge function loads at its start to what every request needs: the gate the key check alone, the others their code at their first request', () => {
    // Netlify's emulator loads every function's modules twice for each request (to read their
    // settings, then to run them): a request pays for what the functions import up front.
    const atStart = importGraph({ atStart: true });
    const loaded = (f: string) => [f, ...reach(atStart, f)];
    const withZod = (f: string) =>
      loaded(f).filter((m) => /^\s*import\s[^'"]*from\s+['"]zod['"]/m.test(readFileSync(m, 'utf8')));
    const adapters = [...graph.keys()].filter((f) => f.startsWith('netlify/edge-functions/'));
    expect(adapters.flatMap(withZod)).toEqual([]);
    expect(loaded('netlify/edge-functions/gate.ts')).toContain('src/api/gate.ts');
    expect(loaded('netlify/edge-functions/gate.ts')).not.toContain('src/api/handler.ts');
    // What they load later is the whole of their function: zod with the API's schemas.
    for (const [adapter, code] of [
      ['api', 'src/hosts/netlify/functions.ts'],
      ['mcp', 'src/hosts/netlify/mcp.ts'],
    ]) {
      expect(reach(graph, `netlify/edge-functions/${adapter}.ts`)).toContain(code);
      expect(withZod(code).length, code).toBeGreaterThan(0);
    }
  });

  it('keep the core free of hosts: nothing under src/ imports netlify/ or scripts/', () => {
    const hosts = [...graph].flatMap(([f, targets]) =>
      f.startsWith('src/') ? targets.filter((t) => /^(netlify|scripts)\//.test(t)).map((t) => `${f} -> ${t}`) : [],
    );
    expect(hosts).toEqual([]);
  });

  it('keep src/hosts/ on top of the core: nothing under src/ but the hosts (src/hosts/, the live preview in src/dev/, the Astro integration in src/astro/) imports it', () => {
    const isHost = (f: string) => /^src\/(hosts|dev|astro)\//.test(f);
    const up = [...graph].flatMap(([f, targets]) =>
      f.startsWith('src/') && !isHost(f)
        ? targets.filter((t) => t.startsWith('src/hosts/')).map((t) => `${f} -> ${t}`)
        : [],
    );
    expect(up).toEqual([]);
  });

  it('keep the Netlify edge functions thin: they import src/hosts/netlify/ alone, and only the platform (Deno standing in for it) imports them', () => {
    const adapters = [...graph.keys()].filter((f) => f.startsWith('netlify/'));
    expect(adapters.length).toBeGreaterThan(0);
    const beyond = adapters.flatMap((f) =>
      graph
        .get(f)!
        .filter((t) => !t.startsWith('src/hosts/netlify/'))
        .map((t) => `${f} -> ${t}`),
    );
    expect(beyond).toEqual([]);
    const importers = [...graph].flatMap(([f, targets]) =>
      f === 'test/helpers/edge-smoke.ts'
        ? []
        : targets.filter((t) => t.startsWith('netlify/')).map((t) => `${f} -> ${t}`),
    );
    expect(importers).toEqual([]);
  });

  it("keep the benchmarks' code to the benchmarks: of the tests, only their own (test/tooling/) import scripts/bench/", () => {
    const reaching = [...graph].flatMap(([f, targets]) =>
      f.startsWith('test/') && !f.startsWith('test/tooling/')
        ? targets.filter((t) => t.startsWith('scripts/bench/')).map((t) => `${f} -> ${t}`)
        : [],
    );
    expect(reaching).toEqual([]);
  });

  it("keep the tests on top: no code imports test/ but the benchmarks, which share helpers that load no test runner, and tests share helpers, never each other's files", () => {
    // The benchmarks measure what the tests hold (the query mix and its read counts, a call of every MCP tool).
    const isBench = (f: string) => f === 'scripts/bench.ts' || f.startsWith('scripts/bench/');
    const intoTests = [...graph].flatMap(([f, targets]) =>
      f.startsWith('test/')
        ? []
        : targets
            .filter((t) => t.startsWith('test/') && !(isBench(f) && t.startsWith('test/helpers/')))
            .map((t) => `${f} -> ${t}`),
    );
    expect(intoTests).toEqual([]);
    const shared = [...graph].flatMap(([f, targets]) =>
      isBench(f) ? targets.filter((t) => t.startsWith('test/')) : [],
    );
    const withVitest = [...new Set(shared.flatMap((t) => [t, ...reach(graph, t)]))].filter((m) =>
      /from\s+['"]vitest['"]/.test(readFileSync(m, 'utf8')),
    );
    expect(withVitest).toEqual([]);
    const intoTestFiles = [...graph].flatMap(([f, targets]) =>
      targets.filter((t) => t.endsWith('.test.ts')).map((t) => `${f} -> ${t}`),
    );
    expect(intoTestFiles).toEqual([]);
    expect([...graph.keys()].filter((f) => f.startsWith('test/unit/')).length).toBeGreaterThan(0);
  });
});
