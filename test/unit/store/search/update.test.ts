// The name search's files after a change of some fighters, made from the search files as they
// were, are the files a build from nothing makes: whatever fighters are renamed, moved to another
// division, added or removed. A change that moves a gram between the fighters' lists and the
// carried list, or splits a gram or joins one, is handed back (null) for the search to be made whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Division } from '../../../../src/records/schemas.ts';
import { fnv1a } from '../../../../src/shared/hash.ts';
import { Shapes, storedRecord } from '../../../../src/store/pack/shapes.ts';
import { compareNameKeys, headPack, readHeadEntry, searchFields } from '../../../../src/store/search/format.ts';
import { lists as storeLists, paths } from '../../../../src/store/layout.ts';
import { readKeyed } from '../../../../src/store/pack/format.ts';
import { indexUnit, sortedPacks, type Unit } from '../../../../src/store/lists/make.ts';
import { memoryBuckets, searchUnits } from '../../../../src/store/search/make.ts';
import { searchChangeUnits, type FighterChange } from '../../../../src/store/search/update.ts';
import type { FighterSource } from '../../../../src/store/source.ts';

const divisions: Division[] = [
  { id: 'flyweight', name: 'Flyweight', weight_lb: 112, weight_kg: 50.8 },
  { id: 'welterweight', name: 'Welterweight', weight_lb: 147, weight_kg: 66.7 },
  { id: 'heavyweight', name: 'Heavyweight', weight_lb: null, weight_kg: null },
];

interface Fighter {
  id: string;
  name: string;
  nickname: string | null;
  division: number;
}

const SYLLABLES = [
  'ka',
  'ro',
  'mi',
  'san',
  'tel',
  'vo',
  'gu',
  'lin',
  'dre',
  'pa',
  'zo',
  'chi',
  'bel',
  'ny',
  'os',
  'tu',
  'ra',
  'mé',
];
/** A name of a few syllables, from `k` (the same k, the same name). */
const nameOf = (k: number, words = 2) =>
  Array.from({ length: words }, (_, w) =>
    Array.from(
      { length: 2 + ((k >> (w * 3)) % 2) },
      (_, s) => SYLLABLES[(k * 7 + w * 13 + s * 5 + (k >> s)) % SYLLABLES.length],
    ).join(''),
  )
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());

/** Every slot ever held (a removed fighter keeps its slot, in no list), and a world's fighters by slot. */
function world(all: Fighter[], present: (slot: number) => boolean, splitFrom?: number) {
  const shapes = new Shapes();
  const fields = all.map((f) => searchFields({ name: f.name, nickname: f.nickname, alias: null }));
  const texts = all.map((f) =>
    storedRecord({ id: f.id, name: f.name, nickname: f.nickname, division_id: divisions[f.division].id }, shapes),
  );
  const order = Uint32Array.from(
    all
      .map((_, s) => s)
      .filter(present)
      .sort((a, b) => compareNameKeys([fields[a][0], all[a].id], [fields[b][0], all[b].id])),
  );
  const fighters: FighterSource = {
    slots: all.length,
    count: order.length,
    order,
    id: (s) => all[s].id,
    idHash: (s) => fnv1a(all[s].id),
    text: (s) => texts[s],
    division: (s) => all[s].division,
    titles: () => [],
    searchFields: (s) => fields[s],
  };
  const byDivision = divisions.map((_, d) => Array.from(order).filter((s) => all[s].division === d));
  const lists = { all: order, division: (d: number) => byDivision[d] };
  const units: Unit[] = [...searchUnits(fighters, divisions, memoryBuckets(), shapes, lists, { splitFrom })];
  // The fighters' lists' indexes: the update reads where their packs began.
  for (const [list, slots] of [
    [{ resource: 'fighters' } as const, lists.all] as const,
    ...divisions.map((d, i) => [{ resource: 'fighters', division_id: d.id } as const, lists.division(i)] as const),
  ])
    units.push(indexUnit(list, slots, sortedPacks(list, slots, fighters)));
  const files = new Map(units.map((u) => [u.path, u.body() as string]));
  return { fighters, lists, files, shapes, fields };
}

const isSearchFile = (path: string) => path.startsWith(storeLists.search);
const searchFiles = (files: Map<string, string>) =>
  new Map([...files].filter(([p]) => isSearchFile(p)).sort(([a], [b]) => (a < b ? -1 : 1)));

type Edit = ['rename' | 'nickname' | 'move' | 'add' | 'remove', number];

/** The fighters of a world of `n`, as they are before any edit. */
const fightersOf = (n: number): Fighter[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `fighter-${i}`,
    name: nameOf(i),
    nickname: i % 4 === 0 ? nameOf(i * 31, 1) : null,
    division: i % 3,
  }));

/** Each world before its edits, made once per size: the edits read it and never change it. */
const worldsBefore = new Map<string, ReturnType<typeof world>>();

/** The search files after `edits` of a world of `n` fighters: made from the files before (null if handed back), and made from nothing. */
function afterEdits(n: number, edits: Edit[], splitFrom?: number) {
  const all = fightersOf(n);
  const gone = new Set<number>();
  const beforeAll = fightersOf(n);
  const before =
    worldsBefore.get(`${n} ${splitFrom}`) ??
    worldsBefore
      .set(
        `${n} ${splitFrom}`,
        world(beforeAll, () => true, splitFrom),
      )
      .get(`${n} ${splitFrom}`)!;
  const touched = new Set<number>();
  const wasThere = new Set(Array.from(before.lists.all));
  for (const [kind, k] of edits) {
    const slot = k % all.length;
    const f = all[slot];
    if (kind === 'rename') f.name = nameOf(k * 101 + 3, 3);
    else if (kind === 'nickname') f.nickname = f.nickname ? null : nameOf(k * 17, 1);
    else if (kind === 'move') f.division = (f.division + 1) % divisions.length;
    else if (kind === 'remove') gone.add(slot);
    else {
      all.push({ id: `fighter-new-${k}-${all.length}`, name: nameOf(k * 7 + 1), nickname: null, division: k % 3 });
      touched.add(all.length - 1);
      continue;
    }
    touched.add(slot);
  }
  const after = world(all, (s) => !gone.has(s), splitFrom);
  const changes: FighterChange[] = [...touched].map((s) => ({
    was: wasThere.has(s)
      ? { fields: before.fields[s], division: divisions[beforeAll[s].division].id, id: beforeAll[s].id }
      : undefined,
    is: gone.has(s)
      ? undefined
      : {
          fields: after.fields[s],
          division: divisions[all[s].division].id,
          id: all[s].id,
          stored: after.fighters.text(s),
        },
  }));
  const removed: string[] = [];
  const units = searchChangeUnits(
    {
      fighters: after.fighters,
      divisions,
      lists: after.lists,
      before: before.lists,
      read: (p) => before.files.get(p) ?? null,
      shapes: after.shapes,
      changes,
      moved: touched,
      splitFrom,
    },
    removed,
  );
  if (units === null) return { updated: null, fromNothing: searchFiles(after.files), written: 0, paths: [] };
  // Made as they are taken: every path that goes is known once all are.
  const made = [...units];
  const updated = new Map(before.files);
  for (const path of removed) updated.delete(path);
  for (const unit of made) updated.set(unit.path, unit.body() as string);
  return {
    updated: searchFiles(updated),
    fromNothing: searchFiles(after.files),
    written: made.length + removed.length,
    paths: [...made.map((u) => u.path), ...removed],
  };
}

/**
 * Random edits of worlds of `sizes` fighters (split from `splitFrom`): each update made in place
 * writes the files a build from nothing makes. How many were made in place, and the most split
 * grams a world's heads held.
 */
function updatesMatchBuilds(sizes: number[], seed: number, splitFrom?: number) {
  let made = 0;
  let split = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...sizes),
      fc.array(fc.tuple(fc.constantFrom('rename', 'nickname', 'move', 'add', 'remove'), fc.nat()), {
        minLength: 1,
        maxLength: 4,
      }),
      (n, edits) => {
        const { updated, fromNothing } = afterEdits(n, edits as Edit[], splitFrom);
        split = Math.max(split, [...fromNothing.values()].filter((text) => text.includes('\tsplit\t')).length);
        if (updated === null) return;
        made++;
        expect([...updated.keys()]).toEqual([...fromNothing.keys()]);
        // Each file's bytes compared as they are: a deep comparison of the whole maps took most of the test's time.
        expect([...updated].filter(([path, body]) => body !== fromNothing.get(path)).map(([path]) => path)).toEqual([]);
      },
    ),
    { numRuns: 30, seed },
  );
  return { made, split };
}

describe('searchChangeUnits', () => {
  it('makes the search files a build from nothing makes, from the files before', () => {
    // Three sizes, each world made once before its edits: the edits, not the sizes, vary most.
    const { made } = updatesMatchBuilds([400, 650, 900], 11);
    // Most are made in place (these few syllables put many grams near the line between the lists
    // and the carried list, which names of a real roster rarely are).
    expect(made).toBeGreaterThan(15);
  });

  it('makes them so when grams more than 40 fighters hold are split, their longer grams carried', () => {
    const { made, split } = updatesMatchBuilds([400, 900], 12, 40);
    // Grams split in the heads packs, and most changes made in place.
    expect(split).toBeGreaterThan(0);
    expect(made).toBeGreaterThan(10);
  });

  it('hands back a change that makes a longer gram stop sharing the run of the one it extends', () => {
    // Split from 1: "kalor" is held by the two who hold "kalo", so it gives the run of "kalo";
    // a third fighter, a "kalox", holds "kalo" and not "kalor", which then needs a run of its own.
    const two: Fighter[] = [
      { id: 'fighter-a', name: 'Kalor Ab', nickname: null, division: 0 },
      { id: 'fighter-b', name: 'Kalor Be', nickname: null, division: 1 },
    ];
    const three = [...two, { id: 'fighter-c', name: 'Kalox Ce', nickname: null, division: 2 }];
    const before = world(two, () => true, 1);
    const after = world(three, () => true, 1);
    const kalor = readHeadEntry(readKeyed(before.files.get(paths.searchHeads(headPack('kalor')))!).find('kalor')!);
    const kalo = readHeadEntry(readKeyed(before.files.get(paths.searchHeads(headPack('kalo')))!).find('kalo')!);
    expect(kalor.get('_')).toEqual(kalo.get('_'));
    const units = searchChangeUnits(
      {
        fighters: after.fighters,
        divisions,
        lists: after.lists,
        before: before.lists,
        read: (p) => before.files.get(p) ?? null,
        shapes: after.shapes,
        changes: [
          {
            is: { fields: after.fields[2], division: divisions[2].id, id: 'fighter-c', stored: after.fighters.text(2) },
          },
        ],
        moved: new Set([2]),
        splitFrom: 1,
      },
      [],
    );
    expect(units).toBeNull();
  });

  it('writes only the files around a rename', () => {
    const { updated, fromNothing, written, paths: wrote } = afterEdits(1500, [['rename', 700]]);
    expect(updated).toEqual(fromNothing);
    expect(written).toBeGreaterThan(0);
    // The heads packs of the grams the names hold, and of the grams whose runs the re-cut moved, and
    // the carried packs at those grams: in a world this small, their grams reach most of the carried
    // packs, and some of the heads packs.
    const heads = (files: Iterable<string>) => [...files].filter((p) => p.startsWith(`${storeLists.search}heads/`));
    expect(heads(wrote).length).toBeGreaterThan(0);
    expect(heads(wrote).length).toBeLessThan((heads(fromNothing.keys()).length * 2) / 3);
  });

  it('hands back a change that moves a gram between the lists and the carried list', () => {
    // Eight fighters: a gram one of them holds is one in eight, read from the list of everyone; one in nine is carried.
    expect(afterEdits(8, [['add', 4]]).updated).toBeNull();
  });
});
