// The rules within a record (fields that must agree with each other): each rule's field and words,
// the order of a record's problems (its fields' problems, an unknown field, then its rules in a
// fixed order), and which fields a rule needs to have parsed before it runs. A rule runs whenever
// the fields it reads parsed, however broken the rest of the record is, so that fixing one problem
// does not uncover the next.
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../helpers/problems.ts';

/** Sets fields a record's type does not allow (a wrong type, an unknown field). */
const set = (record: object, fields: Record<string, unknown>) => Object.assign(record, fields);

describe('the rules of a division', () => {
  it("weight_lb and weight_kg: both numbers or both null, after the fields' own problems", async () => {
    expect(await problemsOf((c) => set(c.divisions[1], { name: 7, weight_kg: null, colour: 'blue' }))).toEqual([
      'welterweight.json: name: Invalid input: expected string, received number',
      'welterweight.json: (record): Unrecognized key: "colour"',
      'welterweight.json: weight_kg: weight_lb and weight_kg must both be numbers or both be null (heavyweight)',
    ]);
  });

  it('does not compare the weights when one of them is malformed', async () => {
    expect(await problemsOf((c) => set(c.divisions[1], { weight_lb: -147, weight_kg: null }))).toEqual([
      'welterweight.json: weight_lb: Too small: expected number to be >0',
    ]);
  });
});

describe('the rules of a fighter', () => {
  it("every rule at once, in order, after the fields' own problems", async () => {
    const problems = await problemsOf((c) => {
      set(c.fighters[0], { stance: 'sideways', coach: 'Eddy Reynoso', nationality_code: 'XX' });
      c.fighters[0].stats = { wins: 5, losses: 2, draws: 1, total_bouts: 3, total_rounds: 40, ko_wins: 6, stopped: 3 };
    });
    expect(problems).toEqual([
      'fighter-1.json: stance: Invalid option: expected one of "orthodox"|"southpaw"|"switch"',
      'fighter-1.json: (record): Unrecognized key: "coach"',
      'fighter-1.json: stats.total_bouts: must be at least wins + losses + draws',
      'fighter-1.json: stats.ko_wins: must not exceed wins',
      'fighter-1.json: stats.stopped: must not exceed losses',
      'fighter-1.json: nationality_code: "XX" is not a known country code',
    ]);
  });

  it('a statistics rule needs only the statistics it compares to have parsed', async () => {
    const problems = await problemsOf((c) => {
      c.fighters[0].stats = { ...c.fighters[0].stats, total_rounds: -1, ko_wins: 99 };
      set(c.fighters[0].stats, { rematches: 2 });
      const stats = { ...c.fighters[1].stats };
      set(stats, { wins: 'twenty', stopped: 5 });
      c.fighters[1].stats = stats;
    });
    expect(problems).toEqual([
      'fighter-1.json: stats.total_rounds: Too small: expected number to be >=0',
      'fighter-1.json: stats: Unrecognized key: "rematches"',
      'fighter-1.json: stats.ko_wins: must not exceed wins',
      'fighter-2.json: stats.wins: Invalid input: expected number, received string',
      'fighter-2.json: stats.stopped: must not exceed losses',
    ]);
  });

  it('does not look up a country code of the wrong form', async () => {
    expect(await problemsOf((c) => (c.fighters[0].nationality_code = 'mx'))).toEqual([
      'fighter-1.json: nationality_code: must be a two-letter ISO 3166 code such as US',
    ]);
  });
});

describe('the rules of a fight', () => {
  it("every rule at once, in order, after the fields' own problems", async () => {
    const problems = await problemsOf((c) => {
      set(c.fights[0], { date: 20250503, referee: 'Kenny Bayless', status: 'NOT_STARTED', scheduled_rounds: 10 });
      c.fights[0].fighters = {
        fighter_1: { fighter_id: 'fighter-1', winner: true },
        fighter_2: { fighter_id: 'fighter-1', winner: true },
      };
      c.fights[0].results = { outcome: 'KO', round: '11' };
      c.fights[0].title_ids = ['wbc-welterweight-full', 'wbc-welterweight-full'];
    });
    expect(problems).toEqual([
      'fight-1.json: date: Invalid input: expected string, received number',
      'fight-1.json: (record): Unrecognized key: "referee"',
      'fight-1.json: fighters.fighter_2.fighter_id: must differ from fighter_1',
      'fight-1.json: fighters: has more than one winner',
      'fight-1.json: results: must be null when status is NOT_STARTED',
      'fight-1.json: scores: must be null when status is NOT_STARTED',
      'fight-1.json: fighters.fighter_1.winner: must be false when status is NOT_STARTED',
      'fight-1.json: fighters.fighter_2.winner: must be false when status is NOT_STARTED',
      'fight-1.json: results.round: must not exceed scheduled_rounds',
      'fight-1.json: title_ids: lists a title more than once',
    ]);
  });

  it('a finished fight needs its result; the rules name the status', async () => {
    const problems = await problemsOf((c) => {
      c.fights.push({ ...c.fights[0], id: 'fight-2', results: null, scores: null });
      c.fights.push({ ...c.fights[0], id: 'fight-3', status: 'LIVE' });
    });
    expect(problems).toEqual([
      'fight-2.json: results: must be set when status is FINISHED',
      'fight-3.json: results: must be null when status is LIVE',
      'fight-3.json: scores: must be null when status is LIVE',
      'fight-3.json: fighters.fighter_1.winner: must be false when status is LIVE',
    ]);
  });

  it('a rule needs only the fields it reads to have parsed, not their neighbours', async () => {
    const problems = await problemsOf((c) => {
      c.fights[0].status = 'LIVE';
      set(c.fights[0].results!, { outcome: 'RTD', round: '13' });
      c.fights[0].scores = ['116-112', 'lost'];
      set(c.fights[0].fighters.fighter_2, { fighter_id: 2, winner: true });
      c.fights[0].fighters.fighter_1.winner = false;
    });
    expect(problems).toEqual([
      'fight-1.json: fighters.fighter_2.fighter_id: Invalid input: expected string, received number',
      'fight-1.json: results.outcome: Invalid option: expected one of "UD"|"MD"|"SD"|"TKO"|"KO"|"PTS"',
      'fight-1.json: scores.1: must be a scorecard like 116-112',
      'fight-1.json: results: must be null when status is LIVE',
      'fight-1.json: scores: must be null when status is LIVE',
      'fight-1.json: fighters.fighter_2.winner: must be false when status is LIVE',
      'fight-1.json: results.round: must not exceed scheduled_rounds',
    ]);
  });

  it('a rule does not run while a field it reads is malformed', async () => {
    const problems = await problemsOf((c) => {
      set(c.fights[0], { scheduled_rounds: 0, status: 'NOT_STARTED' });
      c.fights[0].results = null;
      c.fights[0].scores = null;
      set(c.fights[0].fighters, { fighter_2: 'fighter-2' });
    });
    expect(problems).toEqual([
      'fight-1.json: scheduled_rounds: Too small: expected number to be >=1',
      'fight-1.json: fighters.fighter_2: Invalid input: expected object, received string',
      'fight-1.json: fighters.fighter_1.winner: must be false when status is NOT_STARTED',
    ]);
  });
});

describe('the rules of a ranking', () => {
  it("every rule at once, in order, after the fields' own problems", async () => {
    const problems = await problemsOf((c) => {
      set(c.rankings[0], { updated_at: 20250601, notes: '' });
      c.rankings[0].rankings = [1, 3, 2, 2, 4].map((rank) => ({ rank, fighter_id: null }));
      c.rankings[0].champions = [
        { title_type: 'full', fighter_id: 'fighter-1' },
        { title_type: 'full', fighter_id: null },
      ];
    });
    expect(problems).toEqual([
      'wbc-welterweight.json: updated_at: Invalid input: expected string, received number',
      'wbc-welterweight.json: (record): Unrecognized key: "notes"',
      'wbc-welterweight.json: rankings.2.rank: is out of order: 2 follows 3 (ranks must ascend without repeats)',
      'wbc-welterweight.json: rankings.3.rank: is out of order: 2 follows 2 (ranks must ascend without repeats)',
      'wbc-welterweight.json: champions: lists a title_type more than once',
    ]);
  });

  it("orders ranks whatever the entries' fighters, but not while a rank is malformed", async () => {
    const problems = await problemsOf((c) => {
      set(c.rankings[0], {
        rankings: [
          { rank: 2, fighter_id: 2 },
          { rank: 1, fighter_id: null },
        ],
      });
      set(c.rankings[1], {
        rankings: [
          { rank: 3, fighter_id: null },
          { rank: 'second', fighter_id: null },
          { rank: 1, fighter_id: null },
        ],
      });
    });
    expect(problems).toEqual([
      'wbc-heavyweight.json: rankings.1.rank: Invalid input: expected number, received string',
      'wbc-welterweight.json: rankings.0.fighter_id: Invalid input: expected string, received number',
      'wbc-welterweight.json: rankings.1.rank: is out of order: 1 follows 2 (ranks must ascend without repeats)',
    ]);
  });
});

describe('what a rule waits for', () => {
  it('every rule of a record waits while a whole number has a fraction or a list is over its limit (zod stops there)', async () => {
    const problems = await problemsOf((c) => {
      set(c.fights[0], { status: 'NOT_STARTED', scheduled_rounds: 10.5 });
      set(c.fighters[0], { height_cm: 180.5, nationality_code: 'XX' });
      c.rankings[0].rankings = Array.from({ length: 51 }, (_, i) => ({ rank: 51 - i, fighter_id: null }));
      c.rankings[0].champions.push({ title_type: 'full', fighter_id: null });
    });
    expect(problems).toEqual([
      'fighter-1.json: height_cm: Invalid input: expected int, received number',
      'fight-1.json: scheduled_rounds: Invalid input: expected int, received number',
      'wbc-welterweight.json: rankings: must have at most 50 entries',
    ]);
  });

  it('the rules that read whether results and scores are set wait while they are not an object and a list of cards', async () => {
    const problems = await problemsOf((c) => {
      set(c.fights[0], { status: 'LIVE', results: [], scores: [] });
      c.fights[0].fighters.fighter_1.winner = false;
    });
    expect(problems).toEqual([
      'fight-1.json: results: Invalid input: expected object, received array',
      'fight-1.json: scores: Too small: expected array to have >=1 items',
    ]);
  });

  it('a title listed twice is reported once its id is well-formed', async () => {
    const problems = await problemsOf((c) => (c.fights[0].title_ids = ['WBC', 'WBC']));
    expect(problems.filter((p) => !p.includes('refers to'))).toEqual([
      'fight-1.json: title_ids.0: must be 1-64 characters of a-z, 0-9, "-" or "_", starting with a letter or digit',
      'fight-1.json: title_ids.1: must be 1-64 characters of a-z, 0-9, "-" or "_", starting with a letter or digit',
    ]);
  });
});
