// A build from nothing saves which content file each record came from (the file columns) into its
// state as soon as the content is read, and lets go of them; the state it completes at the end
// is the one a build holding them to the end would save.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOrders } from '../../../src/pipeline/catalog-source.ts';
import type { Catalog } from '../../../src/pipeline/catalog.ts';
import { silentProgress } from '../../../src/pipeline/progress.ts';
import { scanContent } from '../../../src/pipeline/scan.ts';
import { loadState, saveState, setAsideFileColumns, type StateMeta } from '../../../src/pipeline/state.ts';
import { LARGE } from '../../../src/records/resources.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { minimalContent, writeContent } from '../../helpers/fixture.ts';

let root: string;
const work = mkdtempSync(path.join(tmpdir(), 'state-'));
beforeAll(async () => {
  root = await writeContent(minimalContent());
});
afterAll(() => {
  for (const dir of [root, work]) rmSync(dir, { recursive: true, force: true });
});

const scan = () =>
  scanContent(root, { spill: false, progress: silentProgress, onIgnored: () => {}, threads: 1 }) as Promise<Catalog>;
const meta: StateMeta = { version: 0, code: 'code', content: '/content', asOf: TEST_AS_OF, store: 'store' };
const save = (dir: string, catalog: Catalog) => saveState(dir, { meta, catalog, orders: catalogOrders(catalog) });

/** Every file of a saved state, by name, as bytes. */
const stateFiles = (dir: string) =>
  new Map(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f))]),
  );

/** Each large collection's files, sizes and times, as the catalog holds them. */
const fileColumns = (catalog: Catalog) =>
  LARGE.map((name) => {
    const r = catalog[name];
    return Array.from({ length: r.count }, (_, s) => [r.files.get(s), r.size[s], r.mtime[s]]);
  });

describe('the file columns of a build from nothing', () => {
  it('are saved into the state folder, and the state completed there is the state saved in one go', async () => {
    const held = await scan();
    const whole = path.join(work, 'whole');
    save(whole, held);

    const catalog = await scan();
    const setAside = path.join(work, 'set-aside');
    setAsideFileColumns(catalog, setAside);
    expect(LARGE.map((name) => catalog[name].holdsFileColumns)).toEqual([false, false, false]);
    save(setAside, catalog);
    expect(stateFiles(setAside)).toEqual(stateFiles(whole));
    expect(fileColumns(loadState(setAside)!.catalog)).toEqual(fileColumns(held));
  });

  it('are no longer read once set aside: every use throws rather than find an empty column', async () => {
    const catalog = await scan();
    setAsideFileColumns(catalog, undefined);
    const fights = catalog.fights;
    for (const use of [() => fights.files.get(0), () => fights.size[0], () => fights.mtime[0]])
      expect(use).toThrow(/let go of/);
  });

  it('keep the state to the folder they were saved in', async () => {
    const catalog = await scan();
    setAsideFileColumns(catalog, path.join(work, 'first'));
    expect(() => save(path.join(work, 'second'), catalog)).toThrow(
      /file columns were saved in .*first, not in .*second/,
    );
    const unsaved = await scan();
    setAsideFileColumns(unsaved, undefined);
    expect(() => save(path.join(work, 'third'), unsaved)).toThrow(/saved in no folder/);
  });
});
