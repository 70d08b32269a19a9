// The local edge context may keep built files in memory, within a byte budget, least recently
// used dropped first. What is cached shows as a file changed on disk still being served as read.
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderOrigin } from '../../../../src/hosts/node/folder-origin.ts';
import { startServer } from '../../../../src/hosts/node/serve.ts';
import { paths } from '../../../../src/store/layout.ts';
import { builtSite } from '../../../helpers/site.ts';

async function folder(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'folder-origin-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

const text = async (context: ReturnType<typeof folderOrigin>, name: string) =>
  (await context.next(new Request(`http://local/${name}`))).text();

describe('the in-memory file cache', () => {
  it('serves a file as first read while it stays cached', async () => {
    const dir = await folder({ 'a.json': 'a'.repeat(40) });
    const context = folderOrigin(dir, { cacheBytes: 100 });
    expect(await text(context, 'a.json')).toBe('a'.repeat(40));
    await writeFile(path.join(dir, 'a.json'), 'changed');
    expect(await text(context, 'a.json')).toBe('a'.repeat(40));
  });

  it('keeps no more bytes than its budget, dropping the least recently used file', async () => {
    const dir = await folder({ 'a.json': 'a'.repeat(40), 'b.json': 'b'.repeat(40), 'c.json': 'c'.repeat(40) });
    const context = folderOrigin(dir, { cacheBytes: 100 });
    await text(context, 'a.json');
    await text(context, 'b.json');
    await text(context, 'a.json'); // a is now more recent than b
    await text(context, 'c.json'); // 120 bytes > 100: b goes
    for (const name of ['a.json', 'b.json', 'c.json']) await writeFile(path.join(dir, name), `new ${name}`);
    expect(await text(context, 'a.json')).toBe('a'.repeat(40));
    expect(await text(context, 'c.json')).toBe('c'.repeat(40));
    expect(await text(context, 'b.json')).toBe('new b.json');
  });

  it('lets a file larger than the whole budget pass through without evicting the others', async () => {
    const dir = await folder({ 'a.json': 'a'.repeat(40), 'big.json': 'x'.repeat(101) });
    const context = folderOrigin(dir, { cacheBytes: 100 });
    await text(context, 'a.json');
    await text(context, 'big.json');
    await writeFile(path.join(dir, 'a.json'), 'new a');
    await writeFile(path.join(dir, 'big.json'), 'small');
    expect(await text(context, 'big.json')).toBe('small');
    expect(await text(context, 'a.json')).toBe('a'.repeat(40));
  });

  it('is off unless asked for: tests and tools see the files as they are', async () => {
    const dir = await folder({ 'a.json': 'first' });
    const context = folderOrigin(dir);
    await text(context, 'a.json');
    await writeFile(path.join(dir, 'a.json'), 'second');
    expect(await text(context, 'a.json')).toBe('second');
  });

  it('is on by default in the preview server', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'folder-origin-'));
    const file = paths.all('divisions').slice(1);
    await mkdir(path.join(dist, path.dirname(file)), { recursive: true });
    await copyFile(path.join(builtSite(), file), path.join(dist, file));
    // No CDN stand-in: it would answer the second request itself, whether files are kept or not.
    const server = await startServer({ distDir: dist, port: 0, env: { API_KEYS: 'k' }, cdnBytes: 0 });
    try {
      const names = async () => {
        const response = await fetch(`http://127.0.0.1:${server.port}/v2/divisions/`, {
          headers: { 'x-gateway-key': 'k' },
        });
        expect(response.status).toBe(200);
        return (await response.json()).data.map((d: { name: string }) => d.name);
      };
      const before = await names();
      await writeFile(path.join(dist, file), '{"not":"read"}');
      expect(await names()).toEqual(before);
    } finally {
      await server.close();
    }
  });
});

describe('serving the site as the static origin does', () => {
  const response = (context: ReturnType<typeof folderOrigin>, name: string) =>
    context.next(new Request(`http://local${name}`));

  it('gives each file its content type', async () => {
    const dir = await folder({ 'index.html': '<p>home</p>', 'a.js': 'x', 'a.json': '{}', 'a.bin': '' });
    const context = folderOrigin(dir);
    const types = await Promise.all(
      ['/index.html', '/a.js', '/a.json', '/a.bin'].map(async (n) =>
        (await response(context, n)).headers.get('content-type'),
      ),
    );
    expect(types).toEqual([
      'text/html; charset=utf-8',
      'text/javascript; charset=utf-8',
      'application/json',
      'application/octet-stream',
    ]);
  });

  it('serves / from index.html and /page from page.html, and nothing for a page that is not there', async () => {
    const dir = await folder({ 'index.html': 'home', 'docs.html': 'docs' });
    const context = folderOrigin(dir);
    expect(await text(context, '')).toBe('home');
    expect(await text(context, 'docs')).toBe('docs');
    expect((await response(context, '/nope')).status).toBe(404);
    expect((await response(context, '/docs.json')).status).toBe(404);
  });
});
