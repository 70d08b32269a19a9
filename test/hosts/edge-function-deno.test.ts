// The edge function under the real Deno runtime (the engine of Netlify edge functions).
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { DENO } from '../helpers/runtimes.ts';
import { builtSite } from '../helpers/site.ts';

it('the edge function answers under Deno', () => {
  const dist = builtSite();
  // Read access to the build alone, so a function that reached for anything else would fail here;
  // but Deno reads under /dev (the test build on /dev/shm) only with all access.
  const access = dist.startsWith('/dev/') ? '--allow-all' : `--allow-read=${dist}`;
  const result = spawnSync(DENO, ['run', '--no-prompt', access, 'test/helpers/edge-smoke.ts', dist], {
    encoding: 'utf8',
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const out = JSON.parse(result.stdout.trim().split('\n').pop()!);
  expect(out.runtime).toBe('deno');
  expect(out['/v2/fights/']).toEqual({
    status: 200,
    items: 25,
    next_page: expect.stringMatching(/^https:\/\/edge\.example\/v2\/fights\/\?/),
  });
  expect(out['/v2/fights/schedule?days=3650']).toMatchObject({ status: 200, items: 25 });
  expect(out['/v2/events/?status=FINISHED']).toMatchObject({ status: 200, items: 25 });
  expect(out['/v2/fighters/?name=a']).toMatchObject({ status: 200, items: 25 });
  expect(out['/v2/rankings/']).toMatchObject({ status: 200, items: 4 });
  expect(out['/v2/divisions/heavyweight']).toMatchObject({ status: 200, items: 1 });
  expect([out.missing, out.invalid, out.notFound]).toEqual([401, 403, 404]);
  expect(out.description).toEqual({ status: 200, openapi: expect.stringMatching(/^3\.1\./) });
  expect(out.health).toEqual({
    status: 200,
    data: expect.objectContaining({ status: 'ok', records: expect.objectContaining({ fights: expect.any(Number) }) }),
  });
  expect(out.part).toEqual({ status: 200, type: 'application/gzip', matches: true });
  // The MCP function's body limit, with Deno's streams: refused unread, or read to just past it.
  expect(out.mcpDeclared).toEqual({ status: 413, code: -32600, result: null, read: 0 });
  expect(out.mcpStreamed).toMatchObject({ status: 413, code: -32600, result: null });
  expect(out.mcpStreamed.read).toBeLessThanOrEqual(64 * 1024 + 2 * 16 * 1024);
  expect(out.mcpExact).toEqual({ status: 200, code: null, result: {} });
});
