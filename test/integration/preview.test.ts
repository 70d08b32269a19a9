// npm start: the preview script serves the built site, tells how to call it, and only ever
// serves a complete build of the current content (see scripts/build.ts).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderOrigin } from '../../src/hosts/node/folder-origin.ts';
import { MARKER, readMarker } from '../../src/pipeline/output.ts';
import { DEV_KEY } from '../../src/cli/launch.ts';
import { startServer } from '../../src/hosts/node/serve.ts';
import { lists, paths } from '../../src/store/layout.ts';
import { buildSite, startBuild } from '../helpers/build.ts';
import { freePort, runPreviewScript } from '../helpers/server.ts';
import { minimalContent, writeContent } from '../helpers/fixture.ts';
import { builtSite } from '../helpers/site.ts';

const KEY = 'preview-key';

const preview = (env: Record<string, string | undefined>) => runPreviewScript({ API_KEYS: KEY, ...env });

async function call(url: string, route: string): Promise<{ status: number; total?: number; items?: number }> {
  const response = await fetch(url + route, { headers: { 'x-gateway-key': KEY } });
  const body = (await response.json()) as { data: unknown[] | null; pagination?: { total_items: number } };
  return { status: response.status, total: body.pagination?.total_items, items: body.data?.length };
}

it('prints the URL, the development key and a curl command with it, and answers on that URL', async () => {
  const { child, out, url } = await preview({ API_KEYS: undefined, DIST_DIR: builtSite(), SKIP_BUILD: '1' });
  try {
    expect(out).toContain(`API key: ${DEV_KEY}`);
    expect(out).toMatch(new RegExp(`curl -H 'x-gateway-key: ${DEV_KEY}' 'http://localhost:\\d+/v2/fights/`));
    const response = await fetch(`${url}/v2/divisions/`, { headers: { 'x-gateway-key': DEV_KEY } });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toHaveLength(17);
  } finally {
    child.kill();
  }
});

it('prints a key given through API_KEYS only by its first characters, which a shared screen or a log cannot be used with', async () => {
  const given = 'my-real-prod-key';
  const { child, out, url } = await preview({
    API_KEYS: `${given},second-real-key`,
    DIST_DIR: builtSite(),
    SKIP_BUILD: '1',
  });
  try {
    expect(out).not.toContain(given);
    expect(out).not.toContain('second-real-key');
    expect(out).toContain('API key: my-r…');
    expect(out).toMatch(/curl -H 'x-gateway-key: .+' 'http:\/\/localhost:\d+\/v2\/fights\//);
    expect((await fetch(`${url}/v2/divisions/`, { headers: { 'x-gateway-key': given } })).status).toBe(200);
  } finally {
    child.kill();
  }
});

describe('where it listens', () => {
  it('--port and --host win over PORT and HOST', async () => {
    const port = await freePort();
    // HOST is an address of no machine here, so a preview that took it could not start; one
    // listening on this machine only fills the docs' key in.
    const { child, out, url } = await runPreviewScript(
      { API_KEYS: KEY, DIST_DIR: builtSite(), SKIP_BUILD: '1', PORT: '1', HOST: '192.0.2.1' },
      ['--port', String(port), '--host', '127.0.0.1'],
    );
    try {
      expect(new URL(url).port).toBe(String(port));
      expect(out).toContain('(try-it console, key filled in)');
      expect(await call(url, '/v2/divisions/')).toMatchObject({ status: 200, items: 17 });
    } finally {
      child.kill();
    }
  });

  it('refuses a PORT that is not a port, naming it, before building', () => {
    const r = spawnSync(process.execPath, ['scripts/preview.ts'], {
      env: { ...process.env, PORT: 'eighty', DIST_DIR: path.join(tmpdir(), 'never-built') },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('preview: PORT must be an integer from 0 to 65535, got "eighty"');
    expect(r.stdout).not.toContain('Building');
  });
});

describe('the per-address limit', () => {
  it('answers the request past --rate-limit in a minute 429 in the envelope, with Retry-After', async () => {
    const { child, url } = await runPreviewScript({ API_KEYS: KEY, DIST_DIR: builtSite(), SKIP_BUILD: '1' }, [
      '--rate-limit',
      '2',
    ]);
    try {
      expect((await call(url, '/v2/divisions/')).status).toBe(200);
      expect((await call(url, '/v2/health')).status).toBe(200);
      const refused = await fetch(`${url}/v2/divisions/`, { headers: { 'x-gateway-key': KEY } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error).toMatchObject({ name: 'TooManyRequests', status: 429 });
    } finally {
      child.kill();
    }
  });
});

describe('only complete, current builds are served', () => {
  // One small content folder and one complete build of it; each test works on a copy of the build.
  let content = '';
  let built = '';
  const folders: string[] = [];
  const scratch = () => {
    folders.push(mkdtempSync(path.join(tmpdir(), 'preview-')));
    return folders[folders.length - 1];
  };
  const copyOfBuild = () => {
    const dist = path.join(scratch(), 'dist');
    cpSync(built, dist, { recursive: true });
    return dist;
  };

  beforeAll(async () => {
    content = await writeContent(minimalContent());
    built = path.join(scratch(), 'dist');
    buildSite(built, { CONTENT_DIR: content });
  });
  afterAll(() => {
    for (const folder of [content, ...folders].filter(Boolean)) rmSync(folder, { recursive: true, force: true });
  });

  it('rebuilds a folder that a killed build left half-written instead of serving it, with no npm needed', async () => {
    const dist = copyOfBuild();
    // What a build stopped midway leaves: some data, newer than every source, but never finished.
    rmSync(path.join(dist, MARKER));
    rmSync(path.join(dist, 'store/fighters'), { recursive: true });
    // The build runs on the preview's own Node, as on Windows, where npm is npm.cmd and cannot
    // be started by name: nothing on PATH is looked for.
    const { child, out, url } = await preview({ DIST_DIR: dist, CONTENT_DIR: content, PATH: scratch() });
    try {
      expect(out).toContain('Building the site');
      expect(await call(url, '/v2/fighters/?name=smith')).toEqual({ status: 200, total: 1, items: 1 });
      expect(readMarker(dist)).not.toBeNull();
    } finally {
      child.kill();
    }
  });

  it('keeps serving the previous build while a new one is written, then switches at once', async () => {
    const dist = copyOfBuild();
    const records = minimalContent();
    records.fighters.push({ ...records.fighters[2], id: 'fighter-4', name: 'Tall Man', full_name: 'Tall Man Full' });
    const changed = await writeContent(records);
    const server = await startServer({ distDir: dist, port: 0, env: { API_KEYS: KEY } });
    const url = `http://127.0.0.1:${server.port}`;
    try {
      // A build killed midway (as the out-of-memory killer would: the whole process group, at
      // once) once it has written part of its output: the served folder is left as it was.
      const killed = startBuild(dist, { CONTENT_DIR: changed }, { detached: true });
      const exited = new Promise((resolve) => killed.on('exit', resolve));
      const leftover = `${dist}.tmp-${killed.pid}`;
      // The fighters' records' index in the build's own folder (written after their packs), looked for
      // with one cheap call every few milliseconds: seen, the build still has its lists, exports and swap to do.
      const written = () => existsSync(path.join(leftover, paths.index(lists.records('fighters'))));
      while (killed.exitCode === null && !written()) await sleep(5);
      expect(killed.exitCode, 'the build ended before it could be killed').toBeNull();
      process.kill(-killed.pid!, 'SIGKILL');
      await exited;
      expect(existsSync(leftover)).toBe(true);
      expect(readMarker(dist)).toEqual(readMarker(built));
      expect(await call(url, '/v2/fighters/')).toEqual({ status: 200, total: 3, items: 3 });

      // A full rebuild, with the preview asked all along: every answer is the old build's or the new one's.
      const rebuild = startBuild(dist, { CONTENT_DIR: changed });
      let running = true;
      rebuild.on('exit', () => (running = false));
      const seen: string[] = [];
      while (running) {
        const { status, total } = await call(url, '/v2/fighters/');
        if (seen[seen.length - 1] !== `${status} ${total}`) seen.push(`${status} ${total}`);
      }
      expect(rebuild.exitCode).toBe(0);
      expect(seen).toEqual(['200 3', '200 4']);
      expect(await call(url, '/v2/fighters/?name=tall')).toEqual({ status: 200, total: 1, items: 1 });
      // The next build cleared what the killed one left.
      expect(existsSync(leftover)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('a request that falls between the two renames of a swap waits for the new folder', async () => {
    const dist = copyOfBuild();
    const context = folderOrigin(dist);
    renameSync(dist, `${dist}.old`);
    const pending = context.next(new Request('http://local/store/divisions/all.pack'));
    await sleep(30);
    renameSync(`${dist}.old`, dist);
    expect((await pending).status).toBe(200);
  });

  // Last: it deletes a file from the shared content folder.
  it('reuses a current build, and rebuilds when a content file was deleted', async () => {
    const dist = copyOfBuild();
    const first = await preview({ DIST_DIR: dist, CONTENT_DIR: content });
    try {
      expect(first.out).not.toContain('Building the site');
      expect(await call(first.url, '/v2/fights/')).toMatchObject({ status: 200, total: 1 });
    } finally {
      first.child.kill();
    }
    // The one fight: no other record refers to it, so the content stays valid without it.
    rmSync(path.join(content, 'fights/fight-1.json'));
    const second = await preview({ DIST_DIR: dist, CONTENT_DIR: content });
    try {
      expect(second.out).toContain('Building the site');
      expect(await call(second.url, '/v2/fights/')).toMatchObject({ status: 200, total: 0 });
    } finally {
      second.child.kill();
    }
  });
});
