// Response shapes of the interface specification. Every variant is derived from one base schema.
import { z } from 'zod';
import {
  CalendarDate,
  ChangeKind,
  DateTime,
  DateTimeMicros,
  FightStatus,
  Gender,
  Id,
  Outcome,
  RankingGender,
  Scorecard,
  Stance,
  TitleType,
} from './common.ts';
import { SINGULAR, type Resource } from './resources.ts';

export const Division = z
  .object({ id: Id, name: z.string(), weight_lb: z.number().nullable(), weight_kg: z.number().nullable() })
  .strict();

export const Organization = z.object({ id: Id, name: z.string(), slug: z.string() }).strict();

export const Title = z.object({ id: Id, name: z.string(), division: Division, organization: Organization }).strict();

/** The short title reference used in a fight's and a fighter's `titles` arrays. */
export const TitleRef = z.object({ name: z.string(), id: Id }).strict();

/** What fights and events both say about where and when. */
const Occasion = { id: Id, title: z.string(), date: DateTime, location: z.string(), venue: z.string() };

export const Event = z
  .object({
    ...Occasion,
    // One key each; the bounds say so in the JSON Schema, which cannot express the refinement.
    broadcasters: z.array(
      z
        .record(z.string(), z.string())
        .refine((o) => Object.keys(o).length === 1, 'one key')
        .meta({ minProperties: 1, maxProperties: 1 }),
    ),
    broadcast: z.array(z.object({ country: z.string(), broadcasters: z.array(z.string()) }).strict()),
    poster_image_url: z.string().nullable(),
    updated_at: DateTimeMicros,
  })
  .strict();

/** The event embedded in a fight: no venue, no broadcast, no updated_at. */
export const FightEvent = Event.pick({
  title: true,
  date: true,
  location: true,
  broadcasters: true,
  id: true,
  poster_image_url: true,
});

/** Events schedule records carry no `broadcast`. */
export const ScheduledEvent = Event.omit({ broadcast: true });

const FightFighter = z
  .object({ name: z.string(), full_name: z.string(), winner: z.boolean(), fighter_id: Id })
  .strict();

export const Fight = z
  .object({
    ...Occasion,
    status: FightStatus,
    scheduled_rounds: z.number().int(),
    fighters: z.object({ fighter_1: FightFighter, fighter_2: FightFighter }).strict(),
    results: z
      .object({ outcome: Outcome, round: z.string().regex(/^\d+$/) })
      .strict()
      .nullable(),
    scores: z.array(Scorecard).nullable(),
    event: FightEvent,
    division: Division,
    titles: z.array(TitleRef),
    updated_at: DateTimeMicros,
  })
  .strict();

export const Fighter = z
  .object({
    id: Id,
    name: z.string(),
    nickname: z.string().nullable(),
    alias: z.string().nullable(),
    age: z.number().int(),
    /** The year of the birth date (the commercial API returns it; clients read it). */
    birth_year: z.number().int(),
    gender: Gender,
    nationality: z.string(),
    nationality_code: z.string().length(2),
    stance: Stance,
    debut: z.string().regex(/^\d{4}$/),
    height: z.string(),
    height_cm: z.number().int(),
    height_in: z.number(),
    height_ft: z.string(),
    reach: z.string(),
    reach_cm: z.number().int(),
    reach_in: z.number(),
    stats: z
      .object({
        wins: z.number().int(),
        losses: z.number().int(),
        draws: z.number().int(),
        total_bouts: z.number().int(),
        total_rounds: z.number().int(),
        ko_wins: z.number().int(),
        stopped: z.number().int(),
      })
      .strict(),
    division: Division,
    titles: z.array(TitleRef),
  })
  .strict();

const Holder = { fighter_id: Id.nullable(), fighter_name: z.string().nullable(), is_vacant: z.boolean() };

export const Ranking = z
  .object({
    id: Id,
    organization: Organization,
    division: Division,
    gender: RankingGender,
    title_ids: z.object({ full: Id.nullable(), regular: Id.nullable(), interim: Id.nullable() }).strict(),
    updated_at: DateTimeMicros,
    champions: z.array(z.object({ ...Holder, title_type: TitleType }).strict()),
    rankings: z.array(z.object({ rank: z.number().int(), ...Holder }).strict()),
  })
  .strict();

/** Every collection, by the name of its resource, in the specification's order: what the exports hold. */
export const Collection = z.enum(Object.keys(SINGULAR) as [Resource, ...Resource[]]);

const Count = z.number().int().min(0);

/** One part of a collection's export: a gzip-compressed NDJSON file, one record a line. */
export const ExportPart = z
  .object({
    url: z.url().describe('Where to download the part: a whole URL on the host that answered.'),
    records: Count.describe('Records in the part, one a line.'),
    bytes: Count.describe('Size of the file as downloaded (gzip), in bytes.'),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the file as downloaded, in hex: the URL names its first 16 digits.'),
  })
  .strict();

/** A collection's export: every record, in the order of its default list, in parts. */
export const Export = z
  .object({
    collection: Collection,
    as_of: CalendarDate.describe(
      "The build's day: the data is as of this UTC day (fighters' ages are computed for it).",
    ),
    records: Count.describe("Records in the collection: the sum of its parts'."),
    bytes: Count.describe('Size of all its parts as downloaded, in bytes.'),
    parts: z.array(ExportPart),
  })
  .strict();

/** A record a build created, changed or deleted: what the changes feed lists, in build order. */
export const Change = z
  .object({
    build: z
      .number()
      .int()
      .min(1)
      .describe("The build that made the change: builds are numbered in order within the feed's history."),
    built_at: DateTime.describe('When that build was made (UTC).'),
    collection: Collection,
    id: Id.describe("The record's id in its collection."),
    change: ChangeKind.describe('What the build did to the record: created, changed or deleted.'),
    record: z
      .union([Fight, Event, Fighter, Division, Organization, Title, Ranking])
      .nullable()
      .describe(
        'The record as that build made it, exactly as its get-one or list returns it; null when deleted. Later builds may change it again: apply the changes in order.',
      ),
  })
  .strict();

/** The service's health: the build it serves, and how many records each collection holds. */
export const Health = z
  .object({
    status: z.literal('ok'),
    as_of: CalendarDate.describe("The build's day: the data is as of this UTC day; the daily rebuild moves it on."),
    records: z
      .object(Object.fromEntries(Collection.options.map((c) => [c, Count])) as Record<Resource, typeof Count>)
      .strict(),
  })
  .strict();

export type Division = z.infer<typeof Division>;
export type Organization = z.infer<typeof Organization>;
export type Title = z.infer<typeof Title>;
export type TitleRef = z.infer<typeof TitleRef>;
export type Event = z.infer<typeof Event>;
export type FightEvent = z.infer<typeof FightEvent>;
export type ScheduledEvent = z.infer<typeof ScheduledEvent>;
export type Fight = z.infer<typeof Fight>;
export type Fighter = z.infer<typeof Fighter>;
export type Ranking = z.infer<typeof Ranking>;
export type Change = z.infer<typeof Change>;
export type ExportPart = z.infer<typeof ExportPart>;
export type Export = z.infer<typeof Export>;
export type Health = z.infer<typeof Health>;
