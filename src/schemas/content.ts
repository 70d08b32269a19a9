// The records maintainers edit under content/: normalized, each referring to others by id.
// The build resolves them into the response shapes of ./api.ts.
import { z } from 'zod';
import {
  CalendarDate, DateTime, DateTimeMicros, FightStatus, Gender, Id, Outcome, Scorecard, Stance, TitleType,
} from './common.ts';

/**
 * The longest texts and lists a record may hold: roomy for real data, small enough that a stray
 * paste or a runaway script is refused with the file and field named (the README lists them).
 */
export const LIMITS = {
  /** Names of people, divisions, organizations, countries and broadcasters; nicknames, aliases. */
  name: 100,
  /** Titles of fights, events and belts; venues and locations. */
  title: 200,
  slug: 64,
  url: 2048,
  broadcastCountries: 50,
  broadcastersPerCountry: 20,
  titlesAtStake: 10,
  scorecards: 5,
  rankedContenders: 50,
} as const;

const Text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const Name = Text(LIMITS.name);
const Title = Text(LIMITS.title);
const atMost = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, `must have at most ${max} entries`);

export const DivisionRecord = z
  .object({
    id: Id,
    name: Name,
    weight_lb: z.number().positive().nullable(),
    weight_kg: z.number().positive().nullable(),
  })
  .strict()
  .refine((d) => (d.weight_lb === null) === (d.weight_kg === null), {
    message: 'weight_lb and weight_kg must both be numbers or both be null (heavyweight)',
    path: ['weight_kg'],
  });

export const OrganizationRecord = z
  .object({
    id: Id,
    name: Name,
    slug: z.string().regex(/^[a-z0-9-]+$/, 'must be lowercase a-z, 0-9 and "-"').max(LIMITS.slug, `must be at most ${LIMITS.slug} characters`),
  })
  .strict();

export const TitleRecord = z
  .object({ id: Id, name: Title, organization_id: Id, division_id: Id, type: TitleType })
  .strict();

export const FighterRecord = z
  .object({
    id: Id,
    name: Name,
    full_name: Name,
    nickname: Name.nullable(),
    alias: Name.nullable(),
    birth_date: CalendarDate,
    gender: Gender,
    nationality_code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 code such as US'),
    stance: Stance,
    debut: z.string().regex(/^\d{4}$/, 'must be a year such as 2015'),
    height_cm: z.number().int().min(140).max(220),
    reach_cm: z.number().int().min(140).max(230),
    division_id: Id,
    stats: z
      .object({
        wins: z.number().int().min(0),
        losses: z.number().int().min(0),
        draws: z.number().int().min(0),
        total_bouts: z.number().int().min(0),
        total_rounds: z.number().int().min(0),
        ko_wins: z.number().int().min(0),
        stopped: z.number().int().min(0),
      })
      .strict(),
  })
  .strict()
  .superRefine((f, ctx) => {
    const s = f.stats;
    if (s.wins + s.losses + s.draws > s.total_bouts)
      ctx.addIssue({ code: 'custom', path: ['stats', 'total_bouts'], message: 'must be at least wins + losses + draws' });
    if (s.ko_wins > s.wins) ctx.addIssue({ code: 'custom', path: ['stats', 'ko_wins'], message: 'must not exceed wins' });
    if (s.stopped > s.losses) ctx.addIssue({ code: 'custom', path: ['stats', 'stopped'], message: 'must not exceed losses' });
  });

export const EventRecord = z
  .object({
    id: Id,
    title: Title,
    date: DateTime,
    location: Title,
    venue: Title,
    broadcast: atMost(
      z.object({ country: Name, broadcasters: atMost(Name, LIMITS.broadcastersPerCountry).min(1) }).strict(),
      LIMITS.broadcastCountries,
    ),
    poster_image_url: z.url().max(LIMITS.url, `must be at most ${LIMITS.url} characters`).nullable(),
    updated_at: DateTimeMicros,
  })
  .strict();

const Corner = z.object({ fighter_id: Id, winner: z.boolean() }).strict();

export const FightRecord = z
  .object({
    id: Id,
    title: Title,
    date: DateTime,
    event_id: Id,
    division_id: Id,
    title_ids: atMost(Id, LIMITS.titlesAtStake),
    status: FightStatus,
    scheduled_rounds: z.number().int().min(1).max(15),
    fighters: z.object({ fighter_1: Corner, fighter_2: Corner }).strict(),
    results: z
      .object({ outcome: Outcome, round: z.string().regex(/^[1-9]\d?$/, 'must be a round number as a string, e.g. "7"') })
      .strict()
      .nullable(),
    scores: atMost(Scorecard, LIMITS.scorecards).min(1).nullable(),
    updated_at: DateTimeMicros,
  })
  .strict()
  .superRefine((f, ctx) => {
    const { fighter_1, fighter_2 } = f.fighters;
    if (fighter_1.fighter_id === fighter_2.fighter_id)
      ctx.addIssue({ code: 'custom', path: ['fighters', 'fighter_2', 'fighter_id'], message: 'must differ from fighter_1' });
    if (fighter_1.winner && fighter_2.winner)
      ctx.addIssue({ code: 'custom', path: ['fighters'], message: 'has more than one winner' });
    if (f.status === 'FINISHED') {
      if (f.results === null)
        ctx.addIssue({ code: 'custom', path: ['results'], message: 'must be set when status is FINISHED' });
    } else {
      for (const field of ['results', 'scores'] as const)
        if (f[field] !== null)
          ctx.addIssue({ code: 'custom', path: [field], message: `must be null when status is ${f.status}` });
      for (const corner of ['fighter_1', 'fighter_2'] as const)
        if (f.fighters[corner].winner)
          ctx.addIssue({
            code: 'custom',
            path: ['fighters', corner, 'winner'],
            message: `must be false when status is ${f.status}`,
          });
    }
    if (f.results && Number(f.results.round) > f.scheduled_rounds)
      ctx.addIssue({ code: 'custom', path: ['results', 'round'], message: 'must not exceed scheduled_rounds' });
    if (new Set(f.title_ids).size !== f.title_ids.length)
      ctx.addIssue({ code: 'custom', path: ['title_ids'], message: 'lists a title more than once' });
  });

export const RankingRecord = z
  .object({
    id: Id,
    organization_id: Id,
    division_id: Id,
    gender: Gender,
    updated_at: DateTimeMicros,
    // One entry per title type at most (the repeat itself is reported by the rule below).
    champions: atMost(z.object({ title_type: TitleType, fighter_id: Id.nullable() }).strict(), TitleType.options.length),
    rankings: atMost(z.object({ rank: z.number().int().min(1), fighter_id: Id.nullable() }).strict(), LIMITS.rankedContenders),
  })
  .strict()
  .superRefine((r, ctx) => {
    r.rankings.forEach((entry, i) => {
      if (i > 0 && entry.rank <= r.rankings[i - 1].rank)
        ctx.addIssue({
          code: 'custom',
          path: ['rankings', i, 'rank'],
          message: `is out of order: ${entry.rank} follows ${r.rankings[i - 1].rank} (ranks must ascend without repeats)`,
        });
    });
    const types = r.champions.map((c) => c.title_type);
    if (new Set(types).size !== types.length)
      ctx.addIssue({ code: 'custom', path: ['champions'], message: 'lists a title_type more than once' });
  });

export type DivisionRecord = z.infer<typeof DivisionRecord>;
export type OrganizationRecord = z.infer<typeof OrganizationRecord>;
export type TitleRecord = z.infer<typeof TitleRecord>;
export type FighterRecord = z.infer<typeof FighterRecord>;
export type EventRecord = z.infer<typeof EventRecord>;
export type FightRecord = z.infer<typeof FightRecord>;
export type RankingRecord = z.infer<typeof RankingRecord>;

/** Every collection under content/, keyed by its folder name. */
export const contentSchemas = {
  divisions: DivisionRecord,
  organizations: OrganizationRecord,
  titles: TitleRecord,
  fighters: FighterRecord,
  events: EventRecord,
  fights: FightRecord,
  rankings: RankingRecord,
} as const;
export type CollectionName = keyof typeof contentSchemas;

export type ContentRecords = { [K in CollectionName]: z.infer<(typeof contentSchemas)[K]>[] };
