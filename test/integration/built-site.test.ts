// The build output: every file valid against its schema, byte-stable rebuilds, folder sizes
// (the layout at a million fights is in layout.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stripVTControlCharacters } from 'node:util';
import { gunzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import * as api from '../../src/records/schemas.ts';
import { HEAD_SIZE } from '../../src/store/layout.ts';
import { lineWithRecord, recordAtEnd, recordOf, recordText } from '../../src/store/pack/shapes.ts';
import { linesOf, splitHeader, type SortedList } from '../../src/store/lists/format.ts';
import { readCarriedEntry, readHeadEntry, searchFields } from '../../src/store/search/format.ts';
import { readHashedIndex, readOrderedIndex } from '../../src/store/pack/list-index.ts';
import { readKeyed, readPositional } from '../../src/store/pack/format.ts';
import { readKeyedFight } from '../../src/store/records/format.ts';
import { readHistoryIndex } from '../../src/store/changes/format.ts';
import { readListing } from '../../src/store/exports/format.ts';
import { createHandler } from '../../src/api/handler.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import {
  codeFingerprint,
  COMPILE_CACHE,
  MARKER,
  pagesEntry,
  readMarker,
  stateFolder,
} from '../../src/pipeline/output.ts';
import { holdStagingFolder } from '../../src/astro/staging-lock.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { buildSite } from '../helpers/build.ts';
import { minimalContent, writeContent } from '../helpers/fixture.ts';
import { differingFiles } from '../helpers/folder-files.ts';
import { memoryStore } from '../helpers/memory-store.ts';
import { builtSite } from '../helpers/site.ts';
import { hashedEntries, headRecords, sortedRecords } from '../helpers/store-lists.ts';

const dist = () => builtSite();

const Header = z.object({ total: z.number().int().min(0), pages: z.number().int().min(0).optional() }).strict();

/** Checks a file's text (its bytes too, for the files that are not text: export parts), and says of which path when it needs to. */
type Check = (text: string, bytes: Buffer, file: string) => unknown;

// A record's line recurs across the store (its pack, its lists' chunks and pages, its export): each
// distinct line is parsed by a schema once, and what that gave is what every later file's check sees.
const parsedLines = new Map<z.ZodType, Map<string, unknown>>();
function parsedLine<T>(schema: z.ZodType<T>, line: string): T {
  let seen = parsedLines.get(schema);
  if (!seen) parsedLines.set(schema, (seen = new Map()));
  if (!seen.has(line)) seen.set(line, schema.parse(JSON.parse(line)));
  return seen.get(line) as T;
}
const lines =
  (schema: z.ZodType): Check =>
  (text) =>
    linesOf(text).map((l) => parsedLine(schema, l));
const headed =
  (schema: z.ZodType): Check =>
  (text) => {
    const { header, lines: rest } = splitHeader(text);
    Header.parse(header);
    return rest.map((l) => parsedLine(schema, l));
  };
/** A head: its header (the list's size and its records' shapes), then stored records. */
const head =
  (schema: z.ZodType): Check =>
  (text) => {
    const { header, lines: rest } = splitHeader(text);
    z.object({ total: z.number().int().min(0), shapes: z.record(z.string(), z.array(z.string())) })
      .strict()
      .parse(header);
    return rest.map((l) => parsedLine(schema, recordOf(l, { get: (key) => header.shapes![key] })));
  };
const one =
  (schema: z.ZodType): Check =>
  (text) =>
    schema.parse(JSON.parse(text));
/** A keyed pack of records (stored records, or, for the small collections, JSON text): each id's entry the record of that id. */
const pack =
  (schema: z.ZodType): Check =>
  (text) => {
    const held = readKeyed(text);
    held
      .all()
      .forEach(([id, entry]) =>
        expect((parsedLine(schema, lineWithRecord(entry, held.shapes)) as { id: string }).id).toBe(id),
      );
  };
/** A keyed pack of lists read whole: each id's lines (their records as JSON) checked as `check` checks a list, knowing its id. */
const packOf =
  (check: (lines: string[], id: string) => void): Check =>
  (text) => {
    const held = readKeyed(text);
    held.all().forEach(([id, entry]) =>
      check(
        linesOf(entry).map((line) => lineWithRecord(line, held.shapes)),
        id,
      ),
    );
  };
/** A positional pack of stored records (a fighter's after its search fields): each entry a record. */
const positional =
  (schema: z.ZodType): Check =>
  (text) => {
    const held = readPositional(text);
    for (let i = 0; i < held.entries; i++) parsedLine(schema, recordAtEnd(held.entry(i), held.shapes));
  };
/** A list in order's index: its packs and (for a list by date) its days, each after the one before. */
const orderedIndex =
  (dated: boolean): Check =>
  (text) => {
    const index = readOrderedIndex(text);
    const header = z
      .object({
        total: z.number().int().min(0),
        packs: z.number().int().min(1),
        days: z.number().int().min(1).optional(),
      })
      .strict()
      .parse(JSON.parse(text.slice(0, text.indexOf('\n'))));
    expect(header.days !== undefined).toBe(dated);
    expect(index.start(0)).toBe(0);
    for (let k = 1; k < index.packs; k++)
      if (!(index.start(k) > index.start(k - 1) && index.start(k) < index.total))
        throw new Error(`pack ${k} out of order`);
  };
/** A list kept by id's index: its packs' first hashes, in order. */
const hashedIndex: Check = (text) => {
  const index = readHashedIndex(text);
  for (let k = 1; k < index.packs; k++)
    if (!(index.first(k) > index.first(k - 1))) throw new Error(`pack ${k} out of order`);
};
/** An event's or a fighter's fights: each line's keys its fight's, and the fight of that event or fighter. */
const keyedFights = (lines: string[], id: string) =>
  lines.forEach((line) => {
    const keyed = readKeyedFight(line);
    const fight = parsedLine(api.Fight, keyed.json);
    expect([keyed.date, keyed.id, keyed.division_id, keyed.event_id, ...keyed.fighter_ids]).toEqual([
      fight.date,
      fight.id,
      fight.division.id,
      fight.event.id,
      fight.fighters.fighter_1.fighter_id,
      fight.fighters.fighter_2.fighter_id,
    ]);
    expect([keyed.event_id, ...keyed.fighter_ids]).toContain(id);
  });

/** Each collection's record, as its export holds it. */
const EXPORTED = {
  fights: api.Fight,
  events: api.Event,
  fighters: api.Fighter,
  divisions: api.Division,
  organizations: api.Organization,
  titles: api.Title,
  rankings: api.Ranking,
};

/** What each store file must hold, by path. */
const RULES: Array<[RegExp, Check]> = [
  [/^(fights|events|fighters)\/(records|by-[a-z]+)\/index\.txt$/, hashedIndex],
  [/^fights\/records\/.*\.pack$/, pack(api.Fight)],
  [/^events\/records\/.*\.pack$/, pack(api.Event)],
  [/^fighters\/records\/.*\.pack$/, pack(api.Fighter)],
  [/^divisions\/all\.pack$/, pack(api.Division)],
  [/^organizations\/all\.pack$/, pack(api.Organization)],
  [/^titles\/all\.pack$/, pack(api.Title)],
  [/^titles\/by\//, lines(api.Title)],
  [/^rankings\//, headed(api.Ranking)],
  [/^fights\/head\.ndjson$/, head(api.Fight)],
  [/^events\/head\.ndjson$/, head(api.Event)],
  [/^fighters\/head\.ndjson$/, head(api.Fighter)],
  [/^(fights\/sorted|events\/sorted|events\/scheduled)\/.*\/index\.txt$/, orderedIndex(true)],
  [/^fighters\/sorted\/.*\/index\.txt$/, orderedIndex(false)],
  [/^fights\/sorted\/.*\.pack$/, positional(api.Fight)],
  [/^events\/sorted\/.*\.pack$/, positional(api.Event)],
  [/^events\/scheduled\/.*\.pack$/, positional(api.ScheduledEvent)],
  [/^fighters\/sorted\/.*\.pack$/, positional(api.Fighter)],
  [/^fights\/by-(event|fighter)\/.*\.pack$/, packOf(keyedFights)],
  [
    /^fighters\/by-title\/.*\.pack$/,
    packOf((held, id) =>
      held.forEach((line) => expect(parsedLine(api.Fighter, line).titles.map((t) => t.id)).toContain(id)),
    ),
  ],
  [
    /^fighters\/search\/heads\/[0-9a-f]{3}\.pack$/,
    (text) => {
      for (const [gram, entry] of readKeyed(text).all()) {
        const scopes = readHeadEntry(entry);
        // Every gram has its fighters of every division, and each division's are among them.
        const all = scopes.get('_')!;
        expect([gram, all.total > 0]).toEqual([gram, true]);
        expect(all.total).toBe([...scopes].filter(([scope]) => scope !== '_').reduce((n, [, s]) => n + s.total, 0));
      }
    },
  ],
  [
    /^fighters\/search\/carried\/.*\.pack$/,
    (text) => {
      const held = readPositional(text);
      for (let i = 0; i < held.entries; i++) {
        const { division, key, fields, stored } = readCarriedEntry(held.entry(i));
        const fighter = parsedLine(api.Fighter, recordOf(stored, held.shapes));
        expect([fighter.division.id, fighter.id]).toEqual([division, key[1]]);
        // The fields a long needle is tested against are the fighter's own.
        expect(fields).toEqual(searchFields(fighter));
      }
    },
  ],
  [/^health\.json$/, one(api.Health)],
  [/^exports\/index\.ndjson$/, (text) => readListing(text)],
  [/^changes\/index\.json$/, (text) => readHistoryIndex(text)],
  // A pack of the changes feed: one change a line.
  [/^changes\/packs\/\d{12}\.ndjson$/, lines(api.Change)],
  // A part: gzip of NDJSON, each line a record of its collection, each ended by a line break.
  [
    /^exports\/[a-z]+\/[0-9a-f]{16}\.ndjson\.gz$/,
    (_, bytes, file) => {
      const text = gunzipSync(bytes).toString('utf8');
      if (!text.endsWith('\n')) throw new Error('the last line is not ended');
      lines(EXPORTED[file.split('/')[1] as keyof typeof EXPORTED])(text.slice(0, -1), bytes, file);
    },
  ],
];

describe('the built store', () => {
  it("is made in the run's temporary folder", () => {
    expect(path.dirname(dist())).toBe(tmpdir());
  });

  it('every file holds what the layout says', () => {
    const root = path.join(dist(), 'store');
    const files = fg.sync('**/*', { cwd: root, onlyFiles: true });
    expect(files.length).toBeGreaterThan(200);
    const unmatched: string[] = [];
    const invalid: string[] = [];
    for (const file of files) {
      const rule = RULES.find(([pattern]) => pattern.test(file));
      if (!rule) {
        unmatched.push(file);
        continue;
      }
      try {
        const bytes = readFileSync(path.join(root, file));
        rule[1](bytes.toString('utf8'), bytes, file);
      } catch (e) {
        invalid.push(`${file}: ${(e as Error).message.slice(0, 300)}`);
      }
    }
    expect(unmatched).toEqual([]);
    expect(invalid.slice(0, 10)).toEqual([]);
  });

  it('has every record in its pack once, where the reader looks for it; every record in its list in order; the first in the head', () => {
    const root = dist();
    for (const resource of ['fights', 'events', 'fighters'] as const) {
      const list: SortedList = { resource };
      const inOrder = sortedRecords(root, list);
      const ids = hashedEntries(root, { resource }).map(([id, entry]) => {
        expect(JSON.parse(entry).id).toBe(id);
        return id;
      });
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.toSorted()).toEqual(inOrder.map((r) => JSON.parse(r).id as string).toSorted());
      const { total, records } = headRecords(root, resource);
      expect(total).toBe(inOrder.length);
      // The head is the default view: fights and events newest first, fighters by name.
      expect(records).toEqual((resource === 'fighters' ? inOrder : inOrder.toReversed()).slice(0, HEAD_SIZE));
    }
    expect(fg.sync('store/rankings/pages/*/_.ndjson', { cwd: root })).toHaveLength(17);
  });

  it("holds the events schedule's list: every event in the events list's order, its text but for broadcast", () => {
    const root = dist();
    const events = sortedRecords(root, { resource: 'events' });
    const scheduled = sortedRecords(root, { resource: 'events', shape: 'scheduled' });
    expect(scheduled).toHaveLength(events.length);
    events.forEach((line, i) => {
      const { broadcast } = api.Event.parse(JSON.parse(line));
      expect(scheduled[i]).toBe(line.replace(`,"broadcast":${recordText(broadcast)}`, ''));
      api.ScheduledEvent.parse(JSON.parse(scheduled[i]));
    });
  });

  it('no folder holds more than a few thousand entries', () => {
    let largest = 0;
    const walk = (dir: string) => {
      const entries = readdirSync(dir);
      largest = Math.max(largest, entries.length);
      for (const e of entries) if (statSync(path.join(dir, e)).isDirectory()) walk(path.join(dir, e));
    };
    walk(dist());
    expect(largest).toBeLessThan(5000);
  });
});

describe('rebuilds', () => {
  it('a rebuild from unchanged content writes identical bytes', () => {
    const again = path.join(tmpdir(), `rebuild-${process.pid}`);
    onTestFinished(() => rmSync(again, { recursive: true, force: true }));
    buildSite(again);
    const a = fg.sync('**/*', { cwd: dist() }).sort();
    const b = fg.sync('**/*', { cwd: again }).sort();
    expect(b).toEqual(a);
    // The completion marker names its own build (a new store id each time); every served file is the same.
    const differing = a.filter((f) => !readFileSync(path.join(dist(), f)).equals(readFileSync(path.join(again, f))));
    expect(differing).toEqual([MARKER]);
  });
});

describe('build settings', () => {
  it('a malformed AS_OF stops the build with a message naming it', async () => {
    const content = await writeContent(minimalContent());
    const out = path.join(tmpdir(), `as-of-${process.pid}`);
    expect(() => buildSite(out, { AS_OF: '2026-13-01', CONTENT_DIR: content })).toThrow(
      /AS_OF must be a calendar day in the form YYYY-MM-DD \(e\.g\. 2026-11-01\), not "2026-13-01"/,
    );
  });
});

/** What a build's Node process noted as it started: its command line, its allocator settings and Node's compile cache. */
interface ProcessNote {
  argv: string[];
  arena: string | null;
  threshold: string | null;
  compileCache: string | null;
}

/**
 * A log every Node process of a build writes a note to as it starts, through a preload given in
 * NODE_OPTIONS; removed when the test finishes.
 */
function processLog(name: string) {
  const log = path.join(tmpdir(), `${name}-${process.pid}.ndjson`);
  const preload = path.join(tmpdir(), `${name}-${process.pid}.mjs`);
  writeFileSync(
    preload,
    `import { appendFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv: process.argv, arena: process.env.MALLOC_ARENA_MAX ?? null, threshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, compileCache: process.env.NODE_COMPILE_CACHE ?? null }) + '\\n');\n`,
  );
  onTestFinished(() => {
    for (const f of [log, preload]) rmSync(f, { force: true });
  });
  return {
    nodeOptions: `--import ${preload}`,
    clear: () => rmSync(log, { force: true }),
    read: () =>
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ProcessNote),
  };
}

describe('build process', () => {
  it("builds the store in a process with the allocator settings that keep a build's memory down, the environment's own kept, and Node's compile cache", async () => {
    const content = await writeContent(minimalContent());
    const out = path.join(tmpdir(), `allocator-${process.pid}`);
    const log = processLog('allocator');
    onTestFinished(() => {
      for (const f of [out, stateFolder(out)]) rmSync(f, { recursive: true, force: true });
    });
    // No compile cache named (the tests' runs name one): the build names its own for what it starts.
    buildSite(out, {
      CONTENT_DIR: content,
      NODE_OPTIONS: log.nodeOptions,
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '',
      NODE_COMPILE_CACHE: '',
    });
    const processes = log.read();
    // Astro's, or the store step's when the pages are kept (the run's builds keep them).
    const builders = processes.filter((p) =>
      p.argv.some((a) => a.endsWith('astro.mjs') || a.endsWith('store-step.ts')),
    );
    expect(builders.length, JSON.stringify(processes)).toBeGreaterThan(0);
    // The threshold was set empty here, as unset: the build sets it; the arenas were set, and stay so.
    for (const p of builders) expect(p).toMatchObject({ arena: '4', threshold: '131072', compileCache: COMPILE_CACHE });
    // The build command itself runs as it was started: the settings are for the process that builds.
    expect(processes.find((p) => p.argv.some((a) => a.endsWith('build.ts')))).toMatchObject({
      arena: '4',
      threshold: '',
      compileCache: '',
    });
  });
});

describe('pages kept from an earlier build of the same code', () => {
  it('are taken without starting Astro, for a site byte for byte the one Astro builds', async () => {
    const content = await writeContent(minimalContent());
    const pages = mkdtempSync(path.join(tmpdir(), 'kept-pages-'));
    const log = processLog('kept-pages');
    const build = (out: string) => {
      log.clear();
      buildSite(out, { CONTENT_DIR: content, PAGES_CACHE_DIR: pages, NODE_OPTIONS: log.nodeOptions });
      return log.read().map((p) => p.argv.join(' '));
    };
    const started = (processes: string[], script: string) => processes.some((argv) => argv.includes(script));
    const [byAstro, fromKept] = [
      path.join(tmpdir(), `by-astro-${process.pid}`),
      path.join(tmpdir(), `from-kept-${process.pid}`),
    ];
    onTestFinished(() => {
      for (const f of [byAstro, fromKept, stateFolder(byAstro), stateFolder(fromKept), pages])
        rmSync(f, { recursive: true, force: true });
    });
    // None kept for this code yet: Astro builds them, and they are kept under the code's digest.
    const first = build(byAstro);
    expect(started(first, 'astro.mjs'), first.join('\n')).toBe(true);
    expect(readdirSync(pages)).toEqual([path.basename(pagesEntry(codeFingerprint(), pages))]);
    const second = build(fromKept);
    expect(started(second, 'astro.mjs'), second.join('\n')).toBe(false);
    expect(started(second, 'store-step.ts'), second.join('\n')).toBe(true);
    // The marker names each build's own store; every other byte is the same.
    expect(differingFiles(byAstro, fromKept, { folders: true, bytesMayDiffer: [MARKER] })).toEqual([]);
    expect(readFileSync(path.join(fromKept, 'docs.html'), 'utf8')).toContain('<html');
  });
});

describe('builds side by side', () => {
  it("a build outside the project waits while another stages its pages in the project's shared folder, then builds", async () => {
    const content = await writeContent(minimalContent());
    const out = path.join(tmpdir(), `staged-${process.pid}`);
    onTestFinished(() => {
      for (const f of [out, stateFolder(out)]) rmSync(f, { recursive: true, force: true });
    });
    // This process holds the folder, as another build writing its pages would.
    let release: (() => void) | null = await holdStagingFolder();
    try {
      // No pages kept: Astro runs, and stages them. Its pages cannot be kept either (a file
      // stands where their folder would go): a warning, and the build still completes.
      const pages = path.join(tmpdir(), `no-pages-${process.pid}`);
      writeFileSync(pages, 'not a folder');
      onTestFinished(() => rmSync(pages, { force: true }));
      const env = { ...process.env, AS_OF: TEST_AS_OF, CONTENT_DIR: content, PAGES_CACHE_DIR: pages };
      const child = spawn(process.execPath, ['scripts/build.ts', '--outDir', out], { env });
      let output = '';
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (d: Buffer) => (output += d.toString()));
      // Astro colours its lines wherever CI is set, pipe or not: the text is read without the colours.
      const printed = () => stripVTControlCharacters(output);
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      // Astro has started (it makes its types just before building): a build of this content
      // would be done within these seconds, were it not waiting.
      for (let waited = 0; !printed().includes('[types] Generated'); waited += 50) {
        expect(waited, printed()).toBeLessThan(60_000);
        await sleep(50);
      }
      await sleep(2_500);
      expect(printed()).not.toContain('[build] output');
      expect(child.exitCode).toBeNull();
      release();
      release = null;
      expect(await exited, printed()).toBe(0);
      expect(readMarker(out)).not.toBeNull();
      expect(printed()).toMatch(
        /\[WARN\] \[boxing-store\] the pages could not be kept for later builds of this code \(.+\); the next build runs Astro again/,
      );
    } finally {
      release?.();
    }
  });
});

describe('build output', () => {
  it('names each content file it does not read, and sums up the store it wrote', async () => {
    const content = await writeContent(minimalContent());
    writeFileSync(path.join(content, 'fights/notes.txt'), 'not a record');
    const out = path.join(tmpdir(), `build-output-${process.pid}`);
    onTestFinished(() => rmSync(out, { recursive: true, force: true }));
    // --outDir=DIR, as parseArgs also takes it.
    const r = spawnSync(process.execPath, ['scripts/build.ts', `--outDir=${out}`], {
      env: { ...process.env, AS_OF: TEST_AS_OF, CONTENT_DIR: content },
      encoding: 'utf8',
    });
    const printed = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, '');
    expect(r.status, printed).toBe(0);
    expect(printed).toMatch(
      /\[WARN\] \[boxing-store\] Content has 1 ignored file:\n +\S*fights\/notes\.txt: is not a \.json file; ignored\n/,
    );
    expect(printed).toMatch(/\[boxing-store\] [\d,]+ store files from \S+ in [\d.]+ s \(content read and checked in /);
    expect(readMarker(out)).not.toBeNull();
  });

  it('goes where an output folder inside the project links to (dist on another disk), its state beside it', async () => {
    const content = await writeContent(minimalContent());
    // The link inside the project, to a folder elsewhere not made yet: Astro is given the real
    // path, where its prerendering finds the project's packages.
    const elsewhere = path.join(tmpdir(), `linked-output-${process.pid}`);
    const link = path.join('tmp', `linked-output-${process.pid}`);
    mkdirSync('tmp', { recursive: true });
    symlinkSync(path.join(elsewhere, 'dist'), link);
    onTestFinished(() => {
      // Recursive: should the build have put a folder in the link's place, that goes too.
      rmSync(link, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    });
    const r = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', link], {
      env: { ...process.env, AS_OF: TEST_AS_OF, CONTENT_DIR: content },
      encoding: 'utf8',
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readMarker(link)).not.toBeNull();
    // The state is beside the folder the link names, and found through the link (npm run dev reads it so).
    expect(stateFolder(link)).toBe(path.join(realpathSync(elsewhere), '.dist.state'));
    expect(existsSync(stateFolder(link))).toBe(true);
  });
});

describe('rankings pages', () => {
  it('count their totals: the divisions are the pages, the rankings there are the items', async () => {
    // Validation refuses a set with a ranking missing; the pages must not depend on that to tell the truth.
    const content = minimalContent();
    content.rankings = content.rankings.filter((r) => r.division_id !== 'heavyweight');
    const store = await memoryStore(resolveDataset(content, TEST_AS_OF));
    const call = createHandler({ keys: ['k'] });
    const pagination = async (query: string) =>
      (
        await (
          await call(new Request(`https://t.test/v2/rankings/?${query}`, { headers: { 'x-gateway-key': 'k' } }), store)
        ).json()
      ).pagination;
    // Heaviest first: page 1 is heavyweight (no ranking), page 2 welterweight (one).
    for (const organization of ['', '&organization_id=wbc'])
      for (const [page, items] of [
        [1, 0],
        [2, 1],
      ])
        expect(await pagination(`page_num=${page}${organization}`)).toEqual({
          page,
          items,
          total_pages: 2,
          total_items: 1,
        });
  });
});
