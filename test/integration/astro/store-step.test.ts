// The store step builds with the settings the build command hands it (BOXING_BUILD_SETTINGS): one
// it cannot read stops it before it does any work, with a line naming the setting, not a stack.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../../helpers/script.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-store-step-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the store step', () => {
  it('refuses a misspelled setting handed to it, naming it, before building', async () => {
    const out = path.join(work, 'dist');
    const settings = { contentDir: 'content', asOfDay: TEST_AS_OF, pagesCacheDir: work, previousBuild: { dir: work } };
    const r = await runScript('src/astro/store-step.ts', [path.join(work, 'pages'), out], {
      BOXING_BUILD_SETTINGS: JSON.stringify(settings),
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/\[ERROR\] \[boxing-store\] BOXING_BUILD_SETTINGS: unknown setting "previousBuild"\n$/);
    expect(existsSync(out)).toBe(false);
  });
});
