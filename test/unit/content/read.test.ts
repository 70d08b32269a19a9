import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asOfDay } from '../../../src/content/as-of.ts';
import { ContentError, readContent } from '../../../src/content/read.ts';
import { minimalContent, writeContent } from '../../helpers/fixture.ts';
import { problemsOf } from '../../helpers/problems.ts';

describe('content validation', () => {
  it('accepts the valid fixture', async () => {
    expect(await problemsOf(() => {})).toEqual([]);
  });

  it('names file, field and problem for schema errors', async () => {
    const problems = await problemsOf((c) => {
      (c.fighters[0] as Record<string, unknown>).stance = 'sideways';
      c.events[0].date = '2024-02-30T19:00:00';
      (c.divisions[1] as Record<string, unknown>).colour = 'blue';
    });
    expect(problems).toContain(
      'fighter-1.json: stance: Invalid option: expected one of "orthodox"|"southpaw"|"switch"',
    );
    expect(problems).toContain('event-1.json: date: is not a real calendar date-time');
    expect(problems.some((p) => p.startsWith('welterweight.json: (record): Unrecognized key: "colour"'))).toBe(true);
  });

  it('refuses texts and lists over their limits, naming file and field', async () => {
    const problems = await problemsOf((c) => {
      c.fighters[0].nickname = 'x'.repeat(2_000_000);
      c.fighters[1].name = 'n'.repeat(101);
      c.divisions[0].name = 'd'.repeat(100);
      c.events[0].venue = 'v'.repeat(201);
      c.events[0].poster_image_url = `https://example.com/${'p'.repeat(2048)}`;
      c.events[0].broadcast = [{ country: 'Mexico', broadcasters: Array.from({ length: 21 }, (_, i) => `TV ${i}`) }];
      c.fights[0].scores = Array(6).fill('116-112');
      c.rankings[0].rankings = Array.from({ length: 51 }, (_, i) => ({ rank: i + 1, fighter_id: null }));
    });
    expect(problems).toEqual([
      'fighter-1.json: nickname: must be at most 100 characters',
      'fighter-2.json: name: must be at most 100 characters',
      'event-1.json: venue: must be at most 200 characters',
      'event-1.json: broadcast.0.broadcasters: must have at most 20 entries',
      'event-1.json: poster_image_url: must be at most 2048 characters',
      'fight-1.json: scores: must have at most 5 entries',
      'wbc-welterweight.json: rankings: must have at most 50 entries',
    ]);
  });

  it('reports invalid JSON without stopping at it', async () => {
    const dir = await writeContent(minimalContent());
    await writeFile(path.join(dir, 'fighters', 'broken.json'), '{ "id": ');
    await writeFile(path.join(dir, 'fights', 'fight-1.json'), '{}');
    const error = await readContent(dir).catch((e: ContentError) => e);
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems;
    expect(problems.find((p) => p.file.endsWith('broken.json'))?.message).toMatch(/^is not valid JSON/);
    expect(problems.filter((p) => p.file.endsWith('fight-1.json')).length).toBeGreaterThan(5);
  });

  it('rejects duplicate ids and dangling references, all at once', async () => {
    const problems = await problemsOf(
      (c) => {
        c.fights[0].event_id = 'event-404';
        c.fights[0].fighters.fighter_2.fighter_id = 'fighter-404';
        c.titles[0].organization_id = 'ibf';
        c.titles[1].division_id = 'cruiserweight';
      },
      // A second file with fighter-1's id (the fixture names files by id, so it needs its own name).
      (dir) =>
        writeFile(
          path.join(dir, 'fighters', 'fighter-1-copy.json'),
          JSON.stringify({ ...minimalContent().fighters[1], id: 'fighter-1' }),
        ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^fighter-1(-copy)?\.json: id: duplicate fighter id "fighter-1", already used by .*fighter-1(-copy)?\.json$/,
        ),
        'wbc-welterweight-full.json: organization_id: refers to organization "ibf", which does not exist',
        'wbc-heavyweight-full.json: division_id: refers to division "cruiserweight", which does not exist',
        'fight-1.json: event_id: refers to event "event-404", which does not exist',
        'fight-1.json: fighters.fighter_2.fighter_id: refers to fighter "fighter-404", which does not exist',
      ]),
    );
  });

  it('rejects duplicate ids across files', async () => {
    const content = minimalContent();
    const dir = await writeContent(content);
    await writeFile(path.join(dir, 'events', 'copy.json'), JSON.stringify(content.events[0]));
    const error = (await readContent(dir).catch((e) => e)) as ContentError;
    expect(error.problems.map((p) => `${path.basename(p.file)}: ${p.field}: ${p.message}`)).toContain(
      `event-1.json: id: duplicate event id "event-1", already used by ${path.relative(process.cwd(), path.join(dir, 'events', 'copy.json'))}`,
    );
  });

  it('checks that a fight status agrees with its result', async () => {
    const problems = await problemsOf((c) => {
      c.fights.push({
        ...c.fights[0],
        id: 'fight-2',
        status: 'NOT_STARTED',
        fighters: {
          fighter_1: { fighter_id: 'fighter-1', winner: true },
          fighter_2: { fighter_id: 'fighter-2', winner: false },
        },
      });
      c.fights.push({ ...c.fights[0], id: 'fight-3', results: null, scores: null });
      c.fights.push({
        ...c.fights[0],
        id: 'fight-4',
        fighters: {
          fighter_1: { fighter_id: 'fighter-1', winner: true },
          fighter_2: { fighter_id: 'fighter-2', winner: true },
        },
      });
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'fight-2.json: results: must be null when status is NOT_STARTED',
        'fight-2.json: scores: must be null when status is NOT_STARTED',
        'fight-2.json: fighters.fighter_1.winner: must be false when status is NOT_STARTED',
        'fight-3.json: results: must be set when status is FINISHED',
        'fight-4.json: fighters: has more than one winner',
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('checks rankings: order, fighters, titles', async () => {
    const problems = await problemsOf((c) => {
      c.rankings[0].rankings = [
        { rank: 2, fighter_id: 'fighter-2' },
        { rank: 1, fighter_id: 'ghost' },
      ];
      c.rankings[0].champions = [
        { title_type: 'full', fighter_id: 'nobody' },
        { title_type: 'interim', fighter_id: null },
      ];
    });
    expect(problems).toEqual([
      'wbc-welterweight.json: rankings.1.rank: is out of order: 1 follows 2 (ranks must ascend without repeats)',
      'wbc-welterweight.json: champions.0.fighter_id: refers to fighter "nobody", which does not exist',
      'wbc-welterweight.json: rankings.1.fighter_id: refers to fighter "ghost", which does not exist',
      'wbc-welterweight.json: champions.1.title_type: organization "wbc" has no interim title in division "welterweight"',
    ]);
  });

  it('checks the rules of a record whose other fields fail their schema, all at once', async () => {
    const problems = await problemsOf((c) => {
      (c.fights[0] as Record<string, unknown>).date = 20250503;
      c.fights[0].scheduled_rounds = 10;
      c.fights[0].results = { outcome: 'UD', round: '12' };
      c.fights[0].fighters = {
        fighter_1: { fighter_id: 'fighter-1', winner: true },
        fighter_2: { fighter_id: 'fighter-1', winner: true },
      };
      c.fights[0].title_ids = ['wbc-welterweight-full', 'wbc-welterweight-full'];
      (c.fighters[0] as Record<string, unknown>).stance = 'sideways';
      c.fighters[0].stats = { ...c.fighters[0].stats, ko_wins: 99 };
      c.fighters[1].nationality_code = 'XX';
      c.fighters[1].height_cm = 10;
      (c.divisions[1] as Record<string, unknown>).name = 7;
      c.divisions[1].weight_kg = null;
      (c.rankings[0] as Record<string, unknown>).updated_at = 20250601;
      c.rankings[0].rankings = [
        { rank: 2, fighter_id: null },
        { rank: 1, fighter_id: null },
      ];
      c.rankings[0].champions = [
        { title_type: 'full', fighter_id: null },
        { title_type: 'full', fighter_id: null },
      ];
      c.titles.push({ ...c.titles[0], id: 'wbc-welterweight-full-2', name: '' });
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'fight-1.json: date: Invalid input: expected string, received number',
        'fight-1.json: fighters.fighter_2.fighter_id: must differ from fighter_1',
        'fight-1.json: fighters: has more than one winner',
        'fight-1.json: results.round: must not exceed scheduled_rounds',
        'fight-1.json: title_ids: lists a title more than once',
        'fighter-1.json: stance: Invalid option: expected one of "orthodox"|"southpaw"|"switch"',
        'fighter-1.json: stats.ko_wins: must not exceed wins',
        'fighter-2.json: height_cm: Too small: expected number to be >=140',
        'fighter-2.json: nationality_code: "XX" is not a known country code',
        'welterweight.json: name: Invalid input: expected string, received number',
        'welterweight.json: weight_kg: weight_lb and weight_kg must both be numbers or both be null (heavyweight)',
        'wbc-welterweight.json: updated_at: Invalid input: expected string, received number',
        'wbc-welterweight.json: rankings.1.rank: is out of order: 1 follows 2 (ranks must ascend without repeats)',
        'wbc-welterweight.json: champions: lists a title_type more than once',
        'wbc-welterweight-full-2.json: name: must not be empty',
        'wbc-welterweight-full.json: type: organization "wbc" already has a full title in division "welterweight": "wbc-welterweight-full-2"',
      ]),
    );
    expect(problems).toHaveLength(16);
  });

  it('runs a rule only on fields of the right shape, and claims nothing a broken record might hold', async () => {
    const problems = await problemsOf((c) => {
      (c.fights[0] as Record<string, unknown>).status = 'DONE';
      (c.fights[0] as Record<string, unknown>).results = 'KO in 3';
      (c.titles[0] as Record<string, unknown>).type = 'FULL';
    });
    expect(problems).toEqual([
      'wbc-welterweight-full.json: type: Invalid option: expected one of "full"|"regular"|"interim"',
      'fight-1.json: status: Invalid option: expected one of "NOT_STARTED"|"LIVE"|"FINISHED"',
      'fight-1.json: results: Invalid input: expected object, received string',
    ]);
  });

  it('requires one ranking per organization and division, naming each one missing', async () => {
    const problems = await problemsOf((c) => {
      c.organizations.push({ id: 'wbo', name: 'World Boxing Organization (WBO)', slug: 'wbo' });
      c.rankings = c.rankings.filter((r) => r.division_id !== 'heavyweight');
    });
    const missing = (org: string, division: string) =>
      `rankings: (missing): no ranking for organization "${org}" in division "${division}"; every organization needs one in every division`;
    expect(problems).toEqual([
      missing('wbc', 'heavyweight'),
      missing('wbo', 'heavyweight'),
      missing('wbo', 'welterweight'),
    ]);
  });

  it('a ranking that is not JSON, or whose keys are malformed, is not reported missing', async () => {
    const unreadable = await problemsOf(
      () => {},
      (dir) => writeFile(path.join(dir, 'rankings', 'wbc-heavyweight.json'), '{ "id": '),
    );
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]).toMatch(/^wbc-heavyweight\.json: \(file\): is not valid JSON/);
    const malformed = await problemsOf((c) => {
      (c.rankings[0] as Record<string, unknown>).division_id = 147;
    });
    expect(malformed).toEqual(['wbc-welterweight.json: division_id: Invalid input: expected string, received number']);
  });

  it('does not report references to a record that failed its schema as dangling', async () => {
    const problems = await problemsOf((c) => {
      (c.fighters[1] as Record<string, unknown>).stance = 'sideways';
    });
    expect(problems).toEqual([
      'fighter-2.json: stance: Invalid option: expected one of "orthodox"|"southpaw"|"switch"',
    ]);
  });

  it("reports a record's dangling references together with its schema errors", async () => {
    const problems = await problemsOf((c) => {
      (c.fighters[0] as Record<string, unknown>).stance = 'sideways';
      c.fighters[0].division_id = 'no-division';
      c.fights[0].scheduled_rounds = 0;
      c.fights[0].event_id = 'event-none';
      c.fights[0].title_ids = ['wbc-nope'];
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'fighter-1.json: division_id: refers to division "no-division", which does not exist',
        'fight-1.json: event_id: refers to event "event-none", which does not exist',
        'fight-1.json: title_ids.0: refers to title "wbc-nope", which does not exist',
      ]),
    );
  });

  it('a file that is not JSON does not make references to its id dangle', async () => {
    const dir = await writeContent(minimalContent());
    await writeFile(path.join(dir, 'events', 'event-1.json'), '{ not json');
    const error = (await readContent(dir).catch((e) => e)) as ContentError;
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0].message).toMatch(/^is not valid JSON/);
  });

  it('checks that a title at stake belongs to the fight division', async () => {
    const problems = await problemsOf((c) => {
      c.fights[0].title_ids = ['wbc-heavyweight-full'];
    });
    expect(problems).toEqual([
      'fight-1.json: title_ids.0: title "wbc-heavyweight-full" belongs to division "heavyweight", not the fight\'s division "welterweight"',
    ]);
  });
});

describe('the files of content/', () => {
  it('reads a record saved with a UTF-8 byte-order mark', async () => {
    const content = minimalContent();
    const dir = await writeContent(content);
    await writeFile(path.join(dir, 'events', 'event-1.json'), `\uFEFF${JSON.stringify(content.events[0])}`);
    const read = await readContent(dir);
    expect(read.events.map((e) => e.id)).toEqual(['event-1']);
  });

  it('names every file it does not read, and reads the rest', async () => {
    const content = minimalContent();
    const dir = await writeContent(content);
    const { events, fighters } = content;
    await writeFile(path.join(dir, 'events', 'event-2.JSON'), JSON.stringify({ ...events[0], id: 'event-2' }));
    await writeFile(path.join(dir, 'events', 'notes.txt'), 'to do');
    await writeFile(path.join(dir, 'fighters', 'fighter-1.json.bak'), JSON.stringify(fighters[0]));
    await writeFile(path.join(dir, 'fighter-9.json'), JSON.stringify({ ...fighters[0], id: 'fighter-9' }));
    await mkdir(path.join(dir, 'boxers'));
    await writeFile(path.join(dir, 'boxers', 'a.json'), '{}');
    await writeFile(path.join(dir, 'boxers', 'b.json'), '{}');
    await writeFile(path.join(dir, 'events', '.DS_Store'), '');
    const reported: string[] = [];
    const read = await readContent(dir, {
      onIgnored: (ignored) => reported.push(...ignored.map((w) => `${path.relative(dir, w.file)}: ${w.message}`)),
    });
    expect(read.events.map((e) => e.id)).toEqual(['event-1']);
    expect(reported.sort()).toEqual([
      'boxers: is not a collection folder (divisions, organizations, titles, fighters, events, fights, rankings); its 2 files ignored',
      'events/event-2.JSON: ends in ".JSON", not ".json"; ignored',
      'events/notes.txt: is not a .json file; ignored',
      'fighter-9.json: is not in a collection folder (divisions, organizations, titles, fighters, events, fights, rankings); ignored',
      'fighters/fighter-1.json.bak: is not a .json file; ignored',
    ]);
  });

  it('reports nothing ignored when every file is a record', async () => {
    let called = false;
    await readContent(await writeContent(minimalContent()), { onIgnored: () => (called = true) });
    expect(called).toBe(false);
  });

  it('refuses a content folder that does not exist', async () => {
    const missing = path.join(await writeContent(minimalContent()), 'nowhere');
    const error = (await readContent(missing).catch((e) => e)) as ContentError;
    expect(error).toBeInstanceOf(ContentError);
    expect(error.problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
      '(folder): is not a folder; there is no content to build',
    ]);
  });
});

describe('the day ages are computed for (AS_OF)', () => {
  const now = new Date('2026-03-04T23:59:00Z');
  it('is AS_OF when it is a calendar day, else today in UTC', () => {
    expect(asOfDay('2024-02-29', now)).toBe('2024-02-29');
    expect(asOfDay(undefined, now)).toBe('2026-03-04');
    expect(asOfDay('', now)).toBe('2026-03-04');
  });

  it('refuses any other AS_OF, naming it and the expected form', () => {
    for (const bad of ['2024-02-30', '2024-2-3', '01/11/2026', 'today', ' 2026-11-01'])
      expect(() => asOfDay(bad, now)).toThrow(/^AS_OF must be a calendar day in the form YYYY-MM-DD/);
  });
});
