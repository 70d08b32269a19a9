// Name search through the store as the API answers it: for short needles (read from the lists
// themselves, or carried) and long ones, for every fighter and a division's, at any page and page
// size, the answer is the reference's (the fighters whose name, nickname or alias holds the needle,
// folded, in name order), read in at most four reads in two rounds, none over a megabyte.
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveDataset } from '../../src/content/resolve.ts';
import type { Fighter } from '../../src/records/schemas.ts';
import { headPack, readHeadEntry, searchFields } from '../../src/store/search/format.ts';
import { lists as storeLists, paths } from '../../src/store/layout.ts';
import { readKeyed } from '../../src/store/pack/format.ts';
import type { Store } from '../../src/store/store.ts';
import { gramsOf, type SearchCut } from '../../src/store/search/make.ts';
import { foldText } from '../../src/shared/text.ts';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { directClient } from '../helpers/handler.ts';
import { memoryStore } from '../helpers/memory-store.ts';
import { loadContent } from '../helpers/reference.ts';

let call: ReturnType<typeof directClient>;
let fighters: Fighter[];
let read: Array<{ path: string; round: number; bytes: number }>;
let store: Awaited<ReturnType<typeof memoryStore>>;

/** A store of the test content, its search cut as given, read through a store that counts every read and its round. */
async function setUp(cut: SearchCut | undefined) {
  const dataset = resolveDataset(await loadContent(), TEST_AS_OF);
  fighters = dataset.fighters;
  store = await memoryStore(dataset, { searchCut: cut });
  // Reads complete on a later turn, as network reads do: reads issued together share a round.
  let round = 0;
  let completed = 0;
  const counting =
    <T extends string | Uint8Array>(inner: (path: string) => Promise<T | null>, size: (t: T) => number) =>
    async (path: string): Promise<T | null> => {
      const mine = completed + 1;
      round = Math.max(round, mine);
      const text = await inner(path);
      await new Promise((resolve) => setImmediate(resolve));
      completed = Math.max(completed, mine);
      read.push({ path, round: mine, bytes: text === null ? 0 : size(text) });
      return text;
    };
  const counted: Store = {
    read: counting(
      (path) => store.read(path),
      (t) => t.length,
    ),
    readBytes: counting(
      (path) => store.readBytes(path),
      (b) => b.byteLength,
    ),
  };
  const direct = directClient(Date.parse('2026-11-21T12:00:00Z'), counted);
  call = (path, init) => {
    read = [];
    round = 0;
    completed = 0;
    return direct(path, init);
  };
}

/** The reference: every fighter whose search text holds the needle (in one field), in name order. */
const expected = (needle: string, division?: string) =>
  fighters.filter(
    (f) =>
      (division === undefined || f.division.id === division) &&
      searchFields(f).some((field) => field.includes(foldText(needle))),
  );

async function expectSearch(needle: string, division: string | undefined, page: number, size: number) {
  const query = `/v2/fighters/?name=${encodeURIComponent(needle)}&page_num=${page}&page_size=${size}${division ? `&division_id=${division}` : ''}`;
  const { status, body } = await call(query);
  expect(status, query).toBe(200);
  const all = expected(needle, division);
  expect(
    body.data.map((f: Fighter) => f.id),
    query,
  ).toEqual(all.slice((page - 1) * size, page * size).map((f) => f.id));
  expect(body.pagination.total_items, query).toBe(all.length);
  expect(read.length, `${query} reads ${read.map((r) => r.path).join(' ')}`).toBeLessThanOrEqual(4);
  expect(Math.max(0, ...read.map((r) => r.round)), query).toBeLessThanOrEqual(2);
  expect(
    read.reduce((n, r) => n + r.bytes, 0),
    query,
  ).toBeLessThanOrEqual(1 << 20);
}

/** The heads of a built store's search, every gram's. */
const allHeads = () =>
  [...store.files]
    .filter(([path]) => path.startsWith(`${storeLists.search}heads/`))
    .flatMap(([, text]) =>
      readKeyed(String(text))
        .all()
        .map(([gram, entry]) => [gram, readHeadEntry(entry)] as const),
    );

for (const [name, cut] of [
  ['as a build cuts it', undefined],
  ['split from 3 fighters a gram', { splitFrom: 3 }],
] as const)
  describe(`name search, ${name}`, () => {
    beforeAll(() => setUp(cut));

    it("finds, counts and pages every gram's fighters as the reference does, from the list or carried alike", async () => {
      const grams = [...new Set(fighters.flatMap((f) => [...gramsOf(searchFields(f), 1, 3)]))].sort();
      // Every letter, and every seventh longer gram: a few hundred needles, dense and rare (the API
      // trims a needle, so one with a space at an end is some other needle).
      const needles = grams.filter((g, i) => g.trim() === g && (g.length === 1 || i % 7 === 0));
      const how = new Set<string>();
      for (const needle of needles) {
        const head = readHeadEntry(
          readKeyed(String(store.files.get(paths.searchHeads(headPack(needle))))).find(needle)!,
        );
        how.add(head.get('_')!.how);
        const total = expected(needle).length;
        for (const [page, size] of [
          [1, 25],
          [2, 10],
          [1, 100],
          [Math.ceil(total / 25) + 1, 25],
        ])
          await expectSearch(needle, undefined, page, size);
        const division = fighters.find((f) => searchFields(f).some((field) => field.includes(needle)))!.division.id;
        await expectSearch(needle, division, 1, 25);
        await expectSearch(needle, division, 2, 50);
      }
      expect([...how].sort()).toEqual(['carried', 'list']);
    });

    it('finds long needles (parts of names), with and without a division, at any page', async () => {
      for (const f of fighters.filter((_, i) => i % 50 === 0)) {
        const last = foldText(f.name).split(' ').at(-1)!;
        for (const needle of [last.slice(0, 4), last.slice(0, 6), last, `${last}zz`]) {
          if (needle.length < 4) continue;
          await expectSearch(needle, undefined, 1, 25);
          await expectSearch(needle, undefined, 2, 5);
          await expectSearch(needle, f.division.id, 1, 100);
        }
      }
    });

    it('answers a needle no fighter holds with an empty page', async () => {
      for (const needle of ['q', 'zzz', 'xqxq', 'ł']) await expectSearch(needle, undefined, 1, 25);
    });

    it('finds needles that span a space, and parts of nicknames and aliases', async () => {
      for (const f of fighters.filter((_, i) => i % 40 === 3)) {
        const [folded, nickname, alias] = searchFields(f);
        const space = folded.indexOf(' ');
        const needles = [
          space > 2 ? folded.slice(space - 3, space + 2) : '',
          nickname.slice(0, 5),
          nickname.slice(2, 9),
          alias.slice(-6),
        ];
        for (const needle of needles.filter((n) => n.trim() === n && Array.from(n).length >= 4)) {
          await expectSearch(needle, undefined, 1, 25);
          await expectSearch(needle, f.division.id, 1, 10);
        }
      }
    });

    if (cut)
      it('splits the grams more fighters hold than it says, and carries their longer grams', () => {
        const heads = allHeads();
        const split = heads.filter(([, scopes]) => (scopes.get('_') as { split?: true }).split);
        expect(split.length).toBeGreaterThan(10);
        for (const [gram, scopes] of split) expect(scopes.get('_')!.total, gram).toBeGreaterThan(cut.splitFrom);
        expect(heads.some(([gram]) => Array.from(gram).length > 5)).toBe(true);
      });
  });
