// The records maintainers edit under content/: normalized, each referring to others by id.
// The build resolves them into the response shapes of ../records/schemas.ts. These schemas say what each
// field holds; the rules between fields of a record are in ./rules.ts.
import { z } from 'zod';
import {
  CalendarDate, DateTime, DateTimeMicros, FightStatus, Gender, Id, Outcome, Scorecard, Stance, TitleType,
} from '../records/common.ts';

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

// Field schemas that the rules of ./rules.ts read as well.
export const Weight = z.number().positive().nullable();
export const Count = z.number().int().min(0);
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 code such as US');
export const ScheduledRounds = z.number().int().min(1).max(15);
export const RoundNumber = z.string().regex(/^[1-9]\d?$/, 'must be a round number as a string, e.g. "7"');
export const Rank = z.number().int().min(1);

export const DivisionRecord = z
  .object({
    id: Id,
    name: Name,
    weight_lb: Weight,
    weight_kg: Weight,
  })
  .strict();

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
    nationality_code: CountryCode,
    stance: Stance,
    debut: z.string().regex(/^\d{4}$/, 'must be a year such as 2015'),
    height_cm: z.number().int().min(140).max(220),
    reach_cm: z.number().int().min(140).max(230),
    division_id: Id,
    stats: z
      .object({
        wins: Count,
        losses: Count,
        draws: Count,
        total_bouts: Count,
        total_rounds: Count,
        ko_wins: Count,
        stopped: Count,
      })
      .strict(),
  })
  .strict();

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
    scheduled_rounds: ScheduledRounds,
    fighters: z.object({ fighter_1: Corner, fighter_2: Corner }).strict(),
    results: z
      .object({ outcome: Outcome, round: RoundNumber })
      .strict()
      .nullable(),
    scores: atMost(Scorecard, LIMITS.scorecards).min(1).nullable(),
    updated_at: DateTimeMicros,
  })
  .strict();

export const RankingRecord = z
  .object({
    id: Id,
    organization_id: Id,
    division_id: Id,
    gender: Gender,
    updated_at: DateTimeMicros,
    // One entry per title type at most (a repeat is reported by the rules).
    champions: atMost(z.object({ title_type: TitleType, fighter_id: Id.nullable() }).strict(), TitleType.options.length),
    rankings: atMost(z.object({ rank: Rank, fighter_id: Id.nullable() }).strict(), LIMITS.rankedContenders),
  })
  .strict();

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
