// npm start's usage log, summed by npm run usage: the preview prints one line a request, and
// the summary counts them by the key's name (never the key), day and endpoint, skipping the
// preview's other lines.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../helpers/script.ts';
import { runPreviewScript } from '../helpers/server.ts';
import { builtSite } from '../helpers/site.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'usage-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ALICE = 'alice-key-0123456789';
const PLAIN = 'plain-key-0123456789';

describe('npm run usage over the log npm start writes', () => {
  it('sums the requests by name, day and endpoint', async () => {
    const { child, out, url } = await runPreviewScript({
      API_KEYS: `alice:${ALICE}:2099-12-31,${PLAIN}`,
      DIST_DIR: builtSite(),
      SKIP_BUILD: '1',
    });
    let log = out;
    child.stdout!.on('data', (d) => (log += d));
    try {
      const get = (route: string, key?: string) =>
        fetch(url + route, { headers: key ? { 'x-gateway-key': key } : {} }).then((r) => r.arrayBuffer());
      await get('/v2/divisions/', ALICE);
      await get('/v2/divisions/heavyweight', ALICE);
      await get('/v2/divisions/cruiserweight', ALICE);
      await get('/v2/divisions/', PLAIN);
      await get('/v2/divisions/');
      for (let i = 0; i < 100 && (log.match(/"type":"api.request"/g) ?? []).length < 5; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      child.kill();
    }
    expect(log).not.toContain(ALICE);
    expect(log).not.toContain(PLAIN);
    const file = path.join(scratch, 'preview.log');
    writeFileSync(file, log);
    const r = await runScript('scripts/usage.ts', [file]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rows = r.stdout
      .split('\n')
      .slice(1, 5)
      .map((line) => line.split(/ {2,}/));
    const day = rows[0][1];
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows).toEqual([
      ['(no key)', day, '/v2/divisions/', '1', '0', '1', '0'],
      ['alice', day, '/v2/divisions/', '1', '1', '0', '0'],
      ['alice', day, '/v2/divisions/{division_id}', '2', '2', '0', '0'],
      ['key 2', day, '/v2/divisions/', '1', '1', '0', '0'],
    ]);
    // The preview's own lines (where it answers, the key, the curl line) are no usage lines.
    expect(r.stdout).toMatch(/\n5 requests logged; \d+ other lines skipped\.\n$/);
  });
});
