// netlify.toml: `netlify build --offline` bundles both edge functions with its routes, and `netlify dev`
// runs the emulator as its framework server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'smol-toml';
import { expect, it } from 'vitest';
import { minimalContent, writeContent } from '../helpers/fixture.ts';
import { NPM_BIN } from '../helpers/runtimes.ts';
import { paths, readHistoryIndex } from '../../src/store/layout.ts';

/**
 * A Deno cache (DENO_DIR) holding the one remote module Netlify's build fetches: the types of its
 * edge bootstrap, which its reader of the functions' settings imports. Offline, that fetch fails,
 * and the build retries it for some seven seconds, then logs an error for every function. A
 * machine that has built once online holds it in its cache, as this one is made to: a file named
 * by the hash of the URL's path, its body, then the response's metadata on a last line.
 */
function denoCacheWithBootstrapTypes(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'deno-dir-'));
  const url = new URL('https://edge.netlify.com/bootstrap/globals/types.ts');
  const folder = path.join(dir, 'remote', 'https', url.host);
  mkdirSync(folder, { recursive: true });
  const body = 'export interface NetlifyGlobal {\n  context: unknown;\n  env: { get(key: string): string | undefined };\n}\n';
  const metadata = { headers: { 'content-type': 'application/typescript; charset=utf-8' }, url: url.href, time: Math.floor(Date.now() / 1000) };
  writeFileSync(path.join(folder, createHash('sha256').update(url.pathname).digest('hex')), `${body}\n// denoCacheMetadata=${JSON.stringify(metadata)}`);
  return dir;
}

/** `netlify build --offline` of the project, as Netlify's build runs it, with `env` besides; its exit status and output. */
function netlifyBuild(env: Record<string, string>): { status: number | null; output: string } {
  const denoDir = denoCacheWithBootstrapTypes();
  const result = spawnSync(path.join(NPM_BIN, 'netlify'), ['build', '--offline'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${NPM_BIN}:${process.env.PATH}`, NETLIFY_SITE_ID: '', CI: 'true', DENO_DIR: denoDir, ...env },
    maxBuffer: 1 << 28,
  });
  rmSync(denoDir, { recursive: true, force: true });
  return { status: result.status, output: result.stdout + result.stderr };
}

it('netlify build --offline bundles the gate before the CDN cache, the MCP function on /mcp, and the api function after the cache on every other path', async () => {
  // The bundle and the routes do not depend on the data: a small content set keeps the build short.
  const content = await writeContent(minimalContent());
  rmSync('.netlify/edge-functions-dist', { recursive: true, force: true });
  const result = netlifyBuild({ CONTENT_DIR: content });
  expect(result.status, result.output).toBe(0);
  // Each function's module loads in Deno as Netlify's build reads its settings.
  expect(result.output).not.toMatch(/Could not load configuration|error sending request/);
  const dir = '.netlify/edge-functions-dist';
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  // Uncached routes run before the cache, on every request; cached ones after it, on a miss only.
  // The MCP function is uncached (a POST never is) and last on /mcp, which the api function leaves to it.
  expect(manifest.routes).toEqual([
    expect.objectContaining({ function: 'gate', path: '/*' }),
    expect.objectContaining({ function: 'mcp', path: '/mcp' }),
  ]);
  expect(manifest.post_cache_routes).toEqual([expect.objectContaining({ function: 'api', path: '/*' })]);
  const matches = (route: { pattern: string; excluded_patterns: string[] }, p: string) =>
    new RegExp(route.pattern).test(p) && !route.excluded_patterns.some((x) => new RegExp(x).test(p));
  for (const route of [manifest.routes[0], manifest.post_cache_routes[0]])
    for (const p of ['/v2/fights/', '/v2/fights', '/store/divisions/all.pack', '/', '/anything/at/all']) expect(matches(route, p), p).toBe(true);
  for (const p of ['/mcp', '/mcp/']) {
    expect([matches(manifest.routes[0], p), matches(manifest.routes[1], p), matches(manifest.post_cache_routes[0], p)], p).toEqual([true, true, false]);
  }
  expect(matches(manifest.routes[1], '/v2/fights/')).toBe(false);
  const bundle = readFileSync(path.join(dir, manifest.bundles[0].asset));
  expect(gzipSync(bundle).length).toBeLessThan(1024 * 1024);
  // The MCP server is imported on its first call (netlify/edge-functions/mcp.ts): still in the bundle.
  expect(bundle.includes('WebStandardStreamableHTTPServerTransport')).toBe(true);
});

it('two Netlify builds, each from a clone without the last one\'s output, keep one history of changes through the build cache', async () => {
  const content = await writeContent(minimalContent());
  // A clone holds neither the published folder nor the state beside it; the build cache starts empty.
  const clone = () => ['dist', '.dist.state'].forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  const history = () => readHistoryIndex(readFileSync(path.join('dist', paths.changesIndex), 'utf8'));
  rmSync('.netlify/cache', { recursive: true, force: true });
  clone();
  const first = netlifyBuild({ CONTENT_DIR: content, BUILD_TIME: '2026-11-20T06:00:00' });
  expect(first.status, first.output).toBe(0);
  expect(first.output).toMatch(/holds no previous build's state and history/);
  expect(first.output).toMatch(/history starts afresh \(there is no previous build\)/);
  const before = history();

  clone();
  const file = path.join(content, 'fights', 'fight-1.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), title: 'Corrected Between Builds' }));
  const second = netlifyBuild({ CONTENT_DIR: content, BUILD_TIME: '2026-11-21T06:00:00' });
  expect(second.status, second.output).toBe(0);
  expect(second.output).toMatch(/restored from the build cache/);
  expect(second.output).toMatch(/1 record changed, build 2/);
  const after = history();
  expect(after.history).toBe(before.history);
  expect(after.builds.map(([seq]) => seq)).toEqual([1, 2]);
  expect(after.total).toBe(1);
  expect(readFileSync(path.join('dist', paths.changesPack(after.packs[0][1])), 'utf8')).toMatch(/"id":"fight-1","change":"changed".*Corrected Between Builds/);
});

it('netlify dev runs the guarded emulator, and none of its own edge functions (they would fail open offline)', () => {
  const config = parse(readFileSync('netlify.toml', 'utf8')) as {
    dev: { framework: string; command: string; targetPort: number };
    context: { dev: { edge_functions: string } };
  };
  expect(config.dev.framework).toBe('#custom');
  expect(config.dev.command).toMatch(new RegExp(`^npm run dev:netlify -- --port ${config.dev.targetPort}$`));
  expect(existsSync(config.context.dev.edge_functions) && readdirSync(config.context.dev.edge_functions).length > 0).toBe(false);
});
