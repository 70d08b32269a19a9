// A sequence of edits applied record by record to a built store gives, file for file, the store
// a full build of the final content gives.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStore } from '../../../src/pipeline/build-store.ts';
import { silentProgress } from '../../../src/pipeline/progress.ts';
import { loadState } from '../../../src/pipeline/state.ts';
import { applyChanges, type ContentChange, type UpdateContext } from '../../../src/pipeline/update.ts';
import type { Orders } from '../../../src/pipeline/catalog-source.ts';
import { paths } from '../../../src/store/layout.ts';
import { readListing } from '../../../src/store/exports/format.ts';
import { TEST_AS_OF } from '../../helpers/as-of.ts';
import { TEST_EXPORT_PART_BYTES } from '../../helpers/export-part.ts';
import { differingFiles, folderState, HISTORY } from '../../helpers/folder-files.ts';
import { writeSmallDataset } from '../../helpers/small-dataset.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-update-'));
const content = path.join(work, 'content');
const live = path.join(work, 'live');
const state = path.join(work, 'state');

const build = (out: string, stateDir?: string) =>
  buildStore({
    contentDir: content,
    outDir: out,
    asOfDay: TEST_AS_OF,
    progress: silentProgress,
    onIgnored: () => {},
    stateDir,
    exportPartBytes: TEST_EXPORT_PART_BYTES,
  });

let ctx: UpdateContext;

beforeAll(async () => {
  // The generator's small dataset: each edit below is compared with a full build of it.
  writeSmallDataset(content);
  await build(live, state);
  const saved = loadState(state)!;
  ctx = {
    catalog: saved.catalog,
    orders: saved.orders as Orders,
    contentDir: content,
    asOf: TEST_AS_OF,
    madeFor: TEST_AS_OF,
    read: (p) => {
      try {
        return readFileSync(path.join(live, p), 'utf8');
      } catch {
        return null;
      }
    },
  };
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const json = (collection: string, file: string) =>
  JSON.parse(readFileSync(path.join(content, collection, file), 'utf8'));
const put = (collection: string, file: string, record: unknown) =>
  writeFileSync(path.join(content, collection, file), `${JSON.stringify(record, null, 2)}\n`);

/** Applies the changed files to the live store, as the preview does (without its swap). */
async function applyEdits(changes: ContentChange[]) {
  const result = applyChanges(ctx, changes);
  if (result.kind !== 'update') throw new Error(JSON.stringify(result, null, 1).slice(0, 2000));
  // Every body is made before any file is written: they read the store as it was (the hosts write
  // into a folder of their own, then move the files in).
  const units = await Array.fromAsync(result.units);
  const bodies = units.map((unit) => [unit.path, unit.body()] as const);
  for (const [file, body] of bodies) {
    mkdirSync(path.dirname(path.join(live, file)), { recursive: true });
    writeFileSync(path.join(live, file), body);
  }
  for (const gone of result.removed) rmSync(path.join(live, gone), { force: true });
  ctx.orders = result.orders;
  return { ...result, units };
}

async function expectSameAsFullBuild() {
  const full = path.join(work, `full-${Date.now()}`);
  await build(full);
  const differing = differingFiles(live, full, { under: 'store', apart: [HISTORY] });
  rmSync(full, { recursive: true, force: true });
  expect(differing.slice(0, 20), `${differing.length} files differ`).toEqual([]);
}

describe('edits applied record by record', () => {
  it('a result entered into a fight', async () => {
    const fight = json('fights', 'fight-002090.json');
    put('fights', 'fight-002090.json', {
      ...fight,
      status: 'FINISHED',
      results: { outcome: 'UD', round: String(fight.scheduled_rounds) },
      scores: ['116-112', '115-113', '117-111'],
      fighters: {
        fighter_1: { ...fight.fighters.fighter_1, winner: true },
        fighter_2: { ...fight.fighters.fighter_2, winner: false },
      },
    });
    const before = readListing(ctx.read(paths.exportListing)!);
    const result = await applyEdits([{ collection: 'fights', file: 'fight-002090.json' }]);
    expect(result.units.length).toBeLessThan(20);
    // The fights' part that holds it is made anew (one or two parts), the old one goes, and the listing says so.
    const made = result.units.map((u) => u.path).filter((p) => p.startsWith('/store/exports/'));
    expect(made).toContain(paths.exportListing);
    const parts = made.filter((p) => p.startsWith('/store/exports/fights/'));
    expect(parts.length).toBeGreaterThanOrEqual(1);
    expect(parts.length).toBeLessThanOrEqual(2);
    expect(result.removed.filter((p) => p.startsWith('/store/exports/'))).toHaveLength(parts.length);
    const after = readListing(ctx.read(paths.exportListing)!);
    expect(after.exports[0].parts.length).toBe(before.exports[0].parts.length);
    await expectSameAsFullBuild();
  });

  it("a fight moved to another time of its day, and a fighter's nickname edited: no record moves in its lists", async () => {
    // The fight keeps its day and its place (the list is in date order, then id: a minute later
    // on the same day, past no other fight of that minute); the fighter keeps their name and place.
    const fight = json('fights', 'fight-002091.json');
    put('fights', 'fight-002091.json', {
      ...fight,
      date: `${fight.date.slice(0, 17)}${fight.date.slice(17, 19) === '59' ? '58' : '59'}`,
    });
    const fighter = json('fighters', 'fighter-000007.json');
    put('fighters', 'fighter-000007.json', { ...fighter, nickname: 'The Quiet Storm' });
    const result = await applyEdits([
      { collection: 'fights', file: 'fight-002091.json' },
      { collection: 'fighters', file: 'fighter-000007.json' },
    ]);
    // The packs of the two records in each list that holds them, their records' packs, the name
    // search's files of the nickname's grams, and the export parts: no list cut anew.
    expect(result.units.filter((u) => u.path.includes('/sorted/') && u.path.endsWith('index.txt'))).toEqual([]);
    await expectSameAsFullBuild();
  });

  it('a fight moved to the next day, past no other fight: its place in the lists stays, its day does not', async () => {
    // The list's index counts its fights per day: keeping the packs and the index as they were
    // would leave the fight under its old day.
    const fights = readdirSync(path.join(content, 'fights')).map(
      (file) => ({ file, ...json('fights', file) }) as { file: string; id: string; date: string },
    );
    fights.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
    const nextDay = (date: string) =>
      new Date(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const i = fights.findIndex((f, k) => k + 1 < fights.length && nextDay(f.date) < fights[k + 1].date.slice(0, 10));
    expect(i).toBeGreaterThanOrEqual(0);
    const { file, ...fight } = fights[i];
    put('fights', file, { ...json('fights', file), date: `${nextDay(fight.date)}T00:00:00` });
    await applyEdits([{ collection: 'fights', file }]);
    await expectSameAsFullBuild();
  });

  it('fights moved to another date and another division, added and deleted', async () => {
    const moved = json('fights', 'fight-000100.json');
    put('fights', 'fight-000100.json', { ...moved, date: '2029-06-01T21:00:00' });
    const other = json('fights', 'fight-001500.json');
    put('fights', 'fight-001500.json', {
      ...other,
      division_id: other.division_id === 'heavyweight' ? 'cruiserweight' : 'heavyweight',
      title_ids: [],
    });
    const added = { ...json('fights', 'fight-000200.json'), id: 'fight-new-1', date: '2007-03-03T20:00:00' };
    put('fights', 'fight-new-1.json', added);
    unlinkSync(path.join(content, 'fights', 'fight-000300.json'));
    await applyEdits(
      ['fight-000100.json', 'fight-001500.json', 'fight-new-1.json', 'fight-000300.json'].map((file) => ({
        collection: 'fights',
        file,
      })),
    );
    await expectSameAsFullBuild();
  });

  it('a fight deleted on its own, from the last chunk of the lists (their counts fall by one)', async () => {
    unlinkSync(path.join(content, 'fights', 'fight-002100.json'));
    await applyEdits([{ collection: 'fights', file: 'fight-002100.json' }]);
    await expectSameAsFullBuild();
  });

  it('a fight deleted on its own, from early in the lists', async () => {
    unlinkSync(path.join(content, 'fights', 'fight-000010.json'));
    await applyEdits([{ collection: 'fights', file: 'fight-000010.json' }]);
    await expectSameAsFullBuild();
  });

  it('a fighter renamed, and a fighter added then removed', async () => {
    const fighter = json('fighters', 'fighter-000007.json');
    put('fighters', 'fighter-000007.json', {
      ...fighter,
      name: 'Zebedee Quartz',
      full_name: 'Zebedee Q. Quartz',
      nickname: 'The Prism',
    });
    put('fighters', 'fighter-new-1.json', {
      ...fighter,
      id: 'fighter-new-1',
      name: 'Aaron Aardvark',
      full_name: 'Aaron A. Aardvark',
    });
    await applyEdits([
      { collection: 'fighters', file: 'fighter-000007.json' },
      { collection: 'fighters', file: 'fighter-new-1.json' },
    ]);
    await expectSameAsFullBuild();
    unlinkSync(path.join(content, 'fighters', 'fighter-new-1.json'));
    await applyEdits([{ collection: 'fighters', file: 'fighter-new-1.json' }]);
    await expectSameAsFullBuild();
  });

  it('an event edited and moved, one added', async () => {
    const event = json('events', 'event-00010.json');
    put('events', 'event-00010.json', {
      ...event,
      title: 'Renamed Card',
      venue: 'Another Arena',
      date: '2006-01-02T19:00:00',
    });
    put('events', 'event-new-1.json', { ...event, id: 'event-new-1', date: '2030-12-30T19:00:00' });
    await applyEdits([
      { collection: 'events', file: 'event-00010.json' },
      { collection: 'events', file: 'event-new-1.json' },
    ]);
    await expectSameAsFullBuild();
  });

  it('refuses an edit that breaks a rule, and a fighter removed while fights name them, changing nothing', async () => {
    const before = folderState(live, 'store');
    const fight = json('fights', 'fight-000050.json');
    put('fights', 'fight-000050.json', { ...fight, event_id: 'event-404', status: 'SOMETIMES' });
    const broken = applyChanges(ctx, [{ collection: 'fights', file: 'fight-000050.json' }]);
    expect(broken.kind).toBe('problems');
    const problems =
      broken.kind === 'problems' ? broken.problems.map((p) => `${path.basename(p.file)}: ${p.field}`) : [];
    expect(problems).toEqual(expect.arrayContaining(['fight-000050.json: status', 'fight-000050.json: event_id']));
    put('fights', 'fight-000050.json', fight);
    const fighterFile = path.join(content, 'fighters', `${fight.fighters.fighter_1.fighter_id}.json`);
    const saved = readFileSync(fighterFile, 'utf8');
    unlinkSync(fighterFile);
    const dangling = applyChanges(ctx, [{ collection: 'fighters', file: path.basename(fighterFile) }]);
    expect(dangling.kind).toBe('problems');
    writeFileSync(fighterFile, saved);
    expect(folderState(live, 'store')).toEqual(before);
  });

  it("refuses an edit that breaks a rule within the record, with the build's words", async () => {
    const fight = json('fights', 'fight-000060.json');
    const [winner, other] = [fight.fighters.fighter_1, fight.fighters.fighter_2];
    put('fights', 'fight-000060.json', {
      ...fight,
      fighters: {
        fighter_1: { ...winner, winner: true },
        fighter_2: { ...other, fighter_id: winner.fighter_id, winner: true },
      },
    });
    const broken = applyChanges(ctx, [{ collection: 'fights', file: 'fight-000060.json' }]);
    put('fights', 'fight-000060.json', fight);
    expect(
      broken.kind === 'problems' && broken.problems.map((p) => `${path.basename(p.file)}: ${p.field}: ${p.message}`),
    ).toEqual([
      'fight-000060.json: fighters.fighter_2.fighter_id: must differ from fighter_1',
      'fight-000060.json: fighters: has more than one winner',
    ]);
  });
});
