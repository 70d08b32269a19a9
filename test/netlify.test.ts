// `netlify build --offline` bundles the edge function with the routes from netlify.toml.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { minimalContent, writeContent } from './helpers/fixture.ts';

it('netlify build --offline produces the edge bundle and routes every path through it', async () => {
  // The bundle and the routes do not depend on the data: a small content set keeps the build short.
  const content = await writeContent(minimalContent());
  rmSync('.netlify/edge-functions-dist', { recursive: true, force: true });
  const bin = path.resolve('node_modules/.bin');
  const result = spawnSync(path.join(bin, 'netlify'), ['build', '--offline'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NETLIFY_SITE_ID: '', CI: 'true', CONTENT_DIR: content },
    maxBuffer: 1 << 28,
  });
  expect(result.status, result.stdout + result.stderr).toBe(0);
  const dir = '.netlify/edge-functions-dist';
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  expect(manifest.routes).toEqual([expect.objectContaining({ function: 'api', path: '/*' })]);
  const route = new RegExp(manifest.routes[0].pattern);
  for (const p of ['/v2/fights/', '/v2/fights', '/store/divisions/all.json', '/', '/anything/at/all']) expect(route.test(p), p).toBe(true);
  const bundle = readFileSync(path.join(dir, manifest.bundles[0].asset));
  expect(gzipSync(bundle).length).toBeLessThan(1024 * 1024);
});
