// The content a build reads is the listing it took for its digest (src/pipeline/inputs.ts), not a
// second listing of the folder: what the digest names is what the store is made from.
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/pipeline/catalog.ts';
import { listContent } from '../../../src/pipeline/inputs.ts';
import { silentProgress } from '../../../src/pipeline/progress.ts';
import { scanContent, SCANNER_PER_CORE_FROM, scannerThreads } from '../../../src/pipeline/scan.ts';
import type { Warning } from '../../../src/content/files.ts';
import { ContentError } from '../../../src/content/read.ts';
import { minimalContent, writeContent } from '../../helpers/fixture.ts';

let root: string;
beforeAll(async () => {
  root = await writeContent(minimalContent());
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const scan = (listing?: ReturnType<typeof listContent>) => {
  const ignored: Warning[] = [];
  const catalog: Promise<unknown> = scanContent(root, {
    spill: false,
    progress: silentProgress,
    onIgnored: (w) => ignored.push(...w),
    threads: 1,
    listing,
  });
  return { catalog, ignored };
};

describe('scanning content', () => {
  it('reads the files of the listing it is given, and warns of what that listing holds', async () => {
    const before = listContent(root);
    // Both land after the listing: a build that listed the folder again would read the fighter and name the note.
    const extra = { ...minimalContent().fighters[0], id: 'fighter-9', name: 'Late Arrival' };
    writeFileSync(path.join(root, 'fighters', 'fighter-9.json'), JSON.stringify(extra));
    writeFileSync(path.join(root, 'fighters', 'notes.txt'), 'not a record');
    try {
      const given = scan(before);
      expect(((await given.catalog) as Catalog).fighters.count).toBe(3);
      expect(given.ignored).toEqual([]);

      const listedAgain = scan();
      expect(((await listedAgain.catalog) as Catalog).fighters.count).toBe(4);
      expect(listedAgain.ignored.map((w) => w.file)).toEqual([expect.stringMatching(/fighters\/notes\.txt$/)]);
    } finally {
      rmSync(path.join(root, 'fighters', 'fighter-9.json'));
      rmSync(path.join(root, 'fighters', 'notes.txt'));
    }
  });

  it('names a file removed after it was listed as a problem of the content, not a crash', async () => {
    const extra = { ...minimalContent().fighters[0], id: 'fighter-8', name: 'Soon Gone' };
    writeFileSync(path.join(root, 'fighters', 'fighter-8.json'), JSON.stringify(extra));
    const listing = listContent(root);
    rmSync(path.join(root, 'fighters', 'fighter-8.json'));
    const error = await scan(listing).catalog.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toEqual([
      {
        file: expect.stringMatching(/fighters\/fighter-8\.json$/),
        field: '(file)',
        message: 'was removed while the build was reading the content; build again',
      },
    ]);
  });

  it('names what lies at the top of the folder that is neither file nor folder (a broken link)', async () => {
    symlinkSync(path.join(root, 'nowhere'), path.join(root, 'dangling'));
    try {
      const { catalog, ignored } = scan(listContent(root));
      await catalog;
      expect(ignored.map((w) => `${path.basename(w.file)}: ${w.message}`)).toEqual([
        expect.stringMatching(/^dangling: is not in a collection folder/),
      ]);
    } finally {
      rmSync(path.join(root, 'dangling'));
    }
  });

  it('names, from the listing, a collection file that is not a record and a folder that is no collection', async () => {
    writeFileSync(path.join(root, 'fights', 'draft.JSON'), '{}');
    const stray = path.join(root, 'old');
    await writeContent({ old: [{ id: 'x' }] }, root);
    try {
      const { catalog, ignored } = scan(listContent(root));
      await catalog;
      expect(ignored.map((w) => `${path.basename(w.file)}: ${w.message}`)).toEqual([
        'draft.JSON: ends in ".JSON", not ".json"; ignored',
        expect.stringMatching(/^old: is not a collection folder .*; its 1 file ignored$/),
      ]);
    } finally {
      rmSync(path.join(root, 'fights', 'draft.JSON'));
      rmSync(stray, { recursive: true, force: true });
    }
  });
});

describe('scanner threads', () => {
  it('one below SCANNER_PER_CORE_FROM content files, one per core (8 at most) from there; SCAN_THREADS when it names a number', () => {
    const perCore = Math.min(availableParallelism(), 8);
    expect([
      scannerThreads(0, {}),
      scannerThreads(SCANNER_PER_CORE_FROM - 1, {}),
      scannerThreads(SCANNER_PER_CORE_FROM, {}),
      scannerThreads(1_000_000, {}),
    ]).toEqual([1, 1, perCore, perCore]);
    expect([
      scannerThreads(10, { SCAN_THREADS: '3' }),
      scannerThreads(1_000_000, { SCAN_THREADS: '1' }),
      scannerThreads(10, { SCAN_THREADS: '64' }),
    ]).toEqual([3, 1, 8]);
    // A setting that names no number of scanners is ignored, never zero scanners (a build that would wait forever).
    for (const setting of ['', 'two', '0', '-1', '1.5'])
      expect(scannerThreads(10, { SCAN_THREADS: setting }), setting).toBe(1);
  });
});
