// The rules within a record: fields that must agree with each other (a fight's status and its
// result, a fighter's statistics, a ranking's order). Each rule names the fields it reads, with
// their schemas, and runs whenever those fields have the right shape, even when other fields of
// the record do not: a record with a mistyped date and two winners reports both at once.
import { z } from 'zod';
import { COUNTRIES } from './countries.ts';
import { FightStatus, Id, TitleType } from '../records/common.ts';
import {
  contentSchemas, Count, CountryCode, Rank, RoundNumber, ScheduledRounds, Weight, type CollectionName,
} from './schemas.ts';

export interface RecordIssue {
  path: PropertyKey[];
  message: string;
}

type Report = (path: PropertyKey[], message: string) => void;

interface Rule {
  needs: z.ZodType;
  check: (fields: never, report: Report) => void;
}

/** A rule: the fields it reads (a loose object schema: other fields are ignored) and the check. */
function rule<T>(needs: z.ZodType<T>, check: (fields: T, report: Report) => void): Rule {
  return { needs, check };
}

/** The fields `needs` describes, when they all have the right shape; otherwise undefined. */
export function fieldsOf<T>(needs: z.ZodType<T>, record: unknown): T | undefined {
  const result = needs.safeParse(record);
  return result.success ? result.data : undefined;
}

const FighterId = z.object({ fighter_id: Id });
const Winner = z.object({ winner: z.boolean() });
/** Whether a value is there at all: `results` or `scores` is set even when its content is malformed. */
const SetOrNull = z.union([z.null(), z.looseObject({}), z.array(z.unknown())]);

function nullUnlessFinished(status: FightStatus, value: unknown, field: 'results' | 'scores', report: Report) {
  if (status !== 'FINISHED' && value !== null) report([field], `must be null when status is ${status}`);
}

function noWinnerUnlessFinished(status: FightStatus, winner: boolean, corner: 'fighter_1' | 'fighter_2', report: Report) {
  if (status !== 'FINISHED' && winner) report(['fighters', corner, 'winner'], `must be false when status is ${status}`);
}

const RULES: Record<CollectionName, Rule[]> = {
  divisions: [
    rule(z.object({ weight_lb: Weight, weight_kg: Weight }), (d, report) => {
      if ((d.weight_lb === null) !== (d.weight_kg === null))
        report(['weight_kg'], 'weight_lb and weight_kg must both be numbers or both be null (heavyweight)');
    }),
  ],
  organizations: [],
  titles: [],
  fighters: [
    rule(z.object({ stats: z.object({ wins: Count, losses: Count, draws: Count, total_bouts: Count }) }), ({ stats: s }, report) => {
      if (s.wins + s.losses + s.draws > s.total_bouts) report(['stats', 'total_bouts'], 'must be at least wins + losses + draws');
    }),
    rule(z.object({ stats: z.object({ wins: Count, ko_wins: Count }) }), ({ stats: s }, report) => {
      if (s.ko_wins > s.wins) report(['stats', 'ko_wins'], 'must not exceed wins');
    }),
    rule(z.object({ stats: z.object({ losses: Count, stopped: Count }) }), ({ stats: s }, report) => {
      if (s.stopped > s.losses) report(['stats', 'stopped'], 'must not exceed losses');
    }),
    rule(z.object({ nationality_code: CountryCode }), (f, report) => {
      if (!(f.nationality_code in COUNTRIES)) report(['nationality_code'], `"${f.nationality_code}" is not a known country code`);
    }),
  ],
  events: [],
  fights: [
    rule(z.object({ fighters: z.object({ fighter_1: FighterId, fighter_2: FighterId }) }), ({ fighters }, report) => {
      if (fighters.fighter_1.fighter_id === fighters.fighter_2.fighter_id)
        report(['fighters', 'fighter_2', 'fighter_id'], 'must differ from fighter_1');
    }),
    rule(z.object({ fighters: z.object({ fighter_1: Winner, fighter_2: Winner }) }), ({ fighters }, report) => {
      if (fighters.fighter_1.winner && fighters.fighter_2.winner) report(['fighters'], 'has more than one winner');
    }),
    rule(z.object({ status: FightStatus, results: SetOrNull }), (f, report) => {
      if (f.status === 'FINISHED' && f.results === null) report(['results'], 'must be set when status is FINISHED');
    }),
    rule(z.object({ status: FightStatus, results: SetOrNull }), (f, report) => nullUnlessFinished(f.status, f.results, 'results', report)),
    rule(z.object({ status: FightStatus, scores: SetOrNull }), (f, report) => nullUnlessFinished(f.status, f.scores, 'scores', report)),
    rule(z.object({ status: FightStatus, fighters: z.object({ fighter_1: Winner }) }), (f, report) =>
      noWinnerUnlessFinished(f.status, f.fighters.fighter_1.winner, 'fighter_1', report),
    ),
    rule(z.object({ status: FightStatus, fighters: z.object({ fighter_2: Winner }) }), (f, report) =>
      noWinnerUnlessFinished(f.status, f.fighters.fighter_2.winner, 'fighter_2', report),
    ),
    rule(z.object({ scheduled_rounds: ScheduledRounds, results: z.object({ round: RoundNumber }).nullable() }), (f, report) => {
      if (f.results && Number(f.results.round) > f.scheduled_rounds) report(['results', 'round'], 'must not exceed scheduled_rounds');
    }),
    rule(z.object({ title_ids: z.array(z.string()) }), (f, report) => {
      if (new Set(f.title_ids).size !== f.title_ids.length) report(['title_ids'], 'lists a title more than once');
    }),
  ],
  rankings: [
    rule(z.object({ rankings: z.array(z.object({ rank: Rank })) }), ({ rankings }, report) => {
      rankings.forEach((entry, i) => {
        if (i > 0 && entry.rank <= rankings[i - 1].rank)
          report(['rankings', i, 'rank'], `is out of order: ${entry.rank} follows ${rankings[i - 1].rank} (ranks must ascend without repeats)`);
      });
    }),
    rule(z.object({ champions: z.array(z.object({ title_type: TitleType })) }), ({ champions }, report) => {
      const types = champions.map((c) => c.title_type);
      if (new Set(types).size !== types.length) report(['champions'], 'lists a title_type more than once');
    }),
  ],
};

export type RecordCheck = { success: true; data: unknown; issues: [] } | { success: false; issues: RecordIssue[] };

/** A record's schema issues, then the issues of every rule whose fields have the right shape. */
export function checkRecord(name: CollectionName, record: unknown): RecordCheck {
  const parsed = contentSchemas[name].safeParse(record);
  const issues: RecordIssue[] = parsed.success ? [] : parsed.error.issues.map(({ path, message }) => ({ path, message }));
  for (const { needs, check } of RULES[name]) {
    const fields = fieldsOf(needs, record);
    if (fields !== undefined) check(fields as never, (path, message) => issues.push({ path, message }));
  }
  if (parsed.success && issues.length === 0) return { success: true, data: parsed.data, issues: [] };
  return { success: false, issues };
}
