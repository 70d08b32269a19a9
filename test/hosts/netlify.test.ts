// netlify.toml: `netlify build --offline` bundles both edge functions with its routes, the build
// cache keeps the changes history of the builds that were deployed, and `netlify dev` runs the
// emulator as its framework server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'smol-toml';
import { expect, it } from 'vitest';
import { minimalContent, writeContent } from '../helpers/fixture.ts';
import { NPM_BIN } from '../helpers/runtimes.ts';
import { RATE_LIMIT_PER_MINUTE } from '../../src/api/limits.ts';
import { paths } from '../../src/store/layout.ts';
import { readHistoryIndex } from '../../src/store/changes/format.ts';

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
  const body =
    'export interface NetlifyGlobal {\n  context: unknown;\n  env: { get(key: string): string | undefined };\n}\n';
  const metadata = {
    headers: { 'content-type': 'application/typescript; charset=utf-8' },
    url: url.href,
    time: Math.floor(Date.now() / 1000),
  };
  writeFileSync(
    path.join(folder, createHash('sha256').update(url.pathname).digest('hex')),
    `${body}\n// denoCacheMetadata=${JSON.stringify(metadata)}`,
  );
  return dir;
}

/**
 * `netlify build --offline` of the project, with `env` besides; its exit status and output. With
 * `buildbot`, the socket of a stand-in for Netlify's buildbot: the build runs as the buildbot runs
 * it (`netlify-build --buildbotServerSocket`), with its deploy step, which the CLI's build never has.
 */
async function netlifyBuild(
  env: Record<string, string>,
  buildbot?: string,
): Promise<{ status: number | null; output: string }> {
  const denoDir = denoCacheWithBootstrapTypes();
  // The bundler reads an edge function's `config` through a file it makes in TMPDIR, which Deno
  // may write only outside /dev (under it, Deno asks for every permission): the run's own
  // temporary folder may be on /dev/shm, so the build's go in the project's .netlify/.
  mkdirSync('.netlify', { recursive: true });
  const buildTemp = mkdtempSync(path.resolve('.netlify', 'tmp-'));
  const [command, args] =
    buildbot === undefined
      ? ['netlify', ['build', '--offline']]
      : ['netlify-build', ['--offline', `--buildbotServerSocket=${buildbot}`]];
  // Not spawnSync: the stand-in buildbot answers from this process while the build runs.
  const child = spawn(path.join(NPM_BIN, command), args, {
    env: {
      ...process.env,
      PATH: `${NPM_BIN}:${process.env.PATH}`,
      NETLIFY_SITE_ID: '',
      CI: 'true',
      DENO_DIR: denoDir,
      TMPDIR: buildTemp,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  rmSync(denoDir, { recursive: true, force: true });
  rmSync(buildTemp, { recursive: true, force: true });
  return { status, output };
}

/**
 * A stand-in for Netlify's buildbot, which the build's deploy step asks to deploy the publish
 * folder over a socket (@netlify/build's plugins_core/deploy/buildbot_client.js): it answers
 * every request with a deploy that succeeded or failed, and keeps the actions it was asked for.
 */
async function standInBuildbot(deploys: 'succeed' | 'fail') {
  const dir = mkdtempSync(path.join(tmpdir(), 'buildbot-'));
  const socket = path.join(dir, 'buildbot.sock');
  const actions: string[] = [];
  const server = createServer((connection) => {
    let text = '';
    connection.on('data', (d) => {
      text += d;
      let request: { action: string };
      try {
        request = JSON.parse(text);
      } catch {
        return; // not all of it yet
      }
      actions.push(request.action);
      connection.write(
        JSON.stringify(
          deploys === 'succeed'
            ? { succeeded: true, values: {} }
            : { succeeded: false, values: { error: 'refused by the stand-in' } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    actions,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

it('netlify build --offline bundles the gate before the CDN cache, the MCP function on /mcp, and the api function after the cache on every other path', async () => {
  // The bundle and the routes do not depend on the data: a small content set keeps the build short.
  const content = await writeContent(minimalContent());
  rmSync('.netlify/edge-functions-dist', { recursive: true, force: true });
  const result = await netlifyBuild({ CONTENT_DIR: content });
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
    for (const p of ['/v2/fights/', '/v2/fights', '/store/divisions/all.pack', '/', '/anything/at/all'])
      expect(matches(route, p), p).toBe(true);
  for (const p of ['/mcp', '/mcp/']) {
    expect(
      [matches(manifest.routes[0], p), matches(manifest.routes[1], p), matches(manifest.post_cache_routes[0], p)],
      p,
    ).toEqual([true, true, false]);
  }
  expect(matches(manifest.routes[1], '/v2/fights/')).toBe(false);
  // The gate's per-address rate limit, read from its code: the preview counts the same constant.
  expect(manifest.function_config.gate.traffic_rules).toEqual({
    action: {
      type: 'rate_limit',
      config: {
        rate_limit_config: { window_limit: RATE_LIMIT_PER_MINUTE, window_size: 60, algorithm: 'sliding_window' },
        aggregate: { keys: [{ type: 'ip' }, { type: 'domain' }] },
      },
    },
  });
  expect(manifest.function_config.api?.traffic_rules).toBeUndefined();
  const bundle = readFileSync(path.join(dir, manifest.bundles[0].asset));
  expect(gzipSync(bundle).length).toBeLessThan(1024 * 1024);
  // The MCP server is imported on its first call (netlify/edge-functions/mcp.ts): still in the bundle.
  expect(bundle.includes('WebStandardStreamableHTTPServerTransport')).toBe(true);
});

it("two Netlify builds, each from a clone without the last one's output, keep one history of changes through the build cache", async () => {
  const content = await writeContent(minimalContent());
  // A clone holds neither the published folder nor the state beside it; the build cache starts empty.
  const clone = () => ['dist', '.dist.state'].forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  const history = () => readHistoryIndex(readFileSync(path.join('dist', paths.changesIndex), 'utf8'));
  rmSync('.netlify/cache', { recursive: true, force: true });
  clone();
  const first = await netlifyBuild({ CONTENT_DIR: content, BUILD_TIME: '2026-11-20T06:00:00' });
  expect(first.status, first.output).toBe(0);
  expect(first.output).toMatch(/holds no previous build's state and history/);
  expect(first.output).toMatch(/history starts afresh \(there is no previous build\)/);
  const before = history();

  clone();
  const file = path.join(content, 'fights', 'fight-1.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), title: 'Corrected Between Builds' }));
  const second = await netlifyBuild({ CONTENT_DIR: content, BUILD_TIME: '2026-11-21T06:00:00' });
  expect(second.status, second.output).toBe(0);
  expect(second.output).toMatch(/restored from the build cache/);
  expect(second.output).toMatch(/1 record changed, build 2/);
  const after = history();
  expect(after.history).toBe(before.history);
  expect(after.builds.map(([seq]) => seq)).toEqual([1, 2]);
  expect(after.total).toBe(1);
  expect(readFileSync(path.join('dist', paths.changesPack(after.packs[0][1])), 'utf8')).toMatch(
    /"id":"fight-1","change":"changed".*Corrected Between Builds/,
  );
});

it('a build whose deploy fails leaves the build cache as the last deployed build kept it, and the next build records its changes', async () => {
  const content = await writeContent(minimalContent());
  const clone = () => ['dist', '.dist.state'].forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  const history = () => readHistoryIndex(readFileSync(path.join('dist', paths.changesIndex), 'utf8'));
  rmSync('.netlify/cache', { recursive: true, force: true });
  const deployed = await standInBuildbot('succeed');
  const refused = await standInBuildbot('fail');
  try {
    clone();
    const first = await netlifyBuild({ CONTENT_DIR: content, BUILD_TIME: '2026-11-20T06:00:00' }, deployed.socket);
    expect(first.status, first.output).toBe(0);
    const deployStep = first.output.indexOf('Deploy site');
    expect(deployStep, first.output).toBeGreaterThan(0);
    expect(first.output.indexOf('kept in the build cache for the next build')).toBeGreaterThan(deployStep);

    // The store is written and the deploy step comes after it: the deploy fails, so the site
    // still serves the first build, and the history the cache keeps must still end there.
    clone();
    const file = path.join(content, 'fights', 'fight-1.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), title: 'Never Deployed' }));
    const failed = await netlifyBuild({ CONTENT_DIR: content, BUILD_TIME: '2026-11-21T06:00:00' }, refused.socket);
    expect(failed.status, failed.output).not.toBe(0);
    expect(failed.output).toMatch(/Deploy did not succeed: refused by the stand-in/);
    expect(refused.actions).toHaveLength(1);

    clone();
    const next = await netlifyBuild({ CONTENT_DIR: content, BUILD_TIME: '2026-11-22T06:00:00' }, deployed.socket);
    expect(next.status, next.output).toBe(0);
    expect(next.output).toMatch(/restored from the build cache/);
    // Compared with the first build, the one the site served: the change the failed build made is this one's.
    expect(next.output).toMatch(/1 record changed, build 2/);
    const after = history();
    expect(after.builds.map(([seq]) => seq)).toEqual([1, 2]);
    expect(readFileSync(path.join('dist', paths.changesPack(after.packs[0][1])), 'utf8')).toMatch(
      /"id":"fight-1","change":"changed".*Never Deployed/,
    );
    // Each deploy that saves afterwards waits until the site is live, so the save follows the publication.
    expect(deployed.actions).toEqual(['deploySiteAndAwaitLive', 'deploySiteAndAwaitLive']);
  } finally {
    await Promise.all([deployed.close(), refused.close()]);
  }
});

it('netlify dev runs the guarded emulator, and none of its own edge functions (they would fail open offline)', () => {
  const config = parse(readFileSync('netlify.toml', 'utf8')) as {
    dev: { framework: string; command: string; targetPort: number };
    context: { dev: { edge_functions: string } };
  };
  expect(config.dev.framework).toBe('#custom');
  expect(config.dev.command).toMatch(new RegExp(`^npm run dev:netlify -- --port ${config.dev.targetPort}$`));
  expect(
    existsSync(config.context.dev.edge_functions) && readdirSync(config.context.dev.edge_functions).length > 0,
  ).toBe(false);
});
