// The records maintainers edit under content/: normalized, each referring to others by id.
// The build resolves them into the response shapes of ../records/schemas.ts. These schemas say what each
// field holds, and then the rules between fields of a record (its refinements, see ./rules.ts), in the
// order they report. The checks between records are in ./validate.ts.
import { z } from 'zod';
import {
  CalendarDate,
  DateTime,
  DateTimeMicros,
  FightStatus,
  Gender,
  Id,
  Outcome,
  Scorecard,
  Stance,
  TitleType,
} from '../records/common.ts';
import { COUNTRIES } from './countries.ts';
import { flag, parsed } from './rules.ts';

/**
 * The longest texts and lists a record may hold: roomy for real data, small enough that a stray
 * paste or a runaway script is refused with the file and field named (docs/content.md lists them).
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
const atMost = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, `must have at most ${max} entries`);

const Weight = z.number().positive().nullable();
const Count = z.number().int().min(0);

// The descriptions below reach maintainers as they type: they are part of each collection's JSON
// Schema (./json-schema.ts), which editors show beside the field.

/** A reference to a record of another collection, by its id. */
const refersTo = (collection: string, what: string) => Id.describe(`${what}: an id of content/${collection}/.`);
const RecordId = Id.describe(
  "The record's id, by which other records refer to it; the file is conventionally named after it.",
);
const UpdatedAt = DateTimeMicros.describe('When the record last changed, UTC, YYYY-MM-DDTHH:MM:SS.ffffff.');

/**
 * A record of a collection: its fields and nothing else (a misspelt field is refused, not lost),
 * but for `$schema`, which names the JSON Schema an editor checks the file against. The build
 * ignores it: API records are made field by field (./resolve.ts), so it never reaches them.
 */
function record<const Shape extends z.ZodRawShape>(meta: { title: string; description: string }, shape: Shape) {
  return z
    .object({
      $schema: z
        .string()
        .optional()
        .describe(
          'The JSON Schema an editor checks this file against (schemas/content/ holds one per collection); the build ignores it.',
        ),
      ...shape,
    })
    .strict()
    .meta(meta);
}

export const DivisionRecord = record(
  {
    title: 'Division',
    description: 'A weight class (content/divisions/). Fighters, fights, titles and rankings refer to it by id.',
  },
  {
    id: RecordId,
    name: Name.describe('Its name, e.g. "Welterweight".'),
    weight_lb: Weight.describe(
      'The weight limit in pounds; null for heavyweight, which has none (and then weight_kg is null too).',
    ),
    weight_kg: Weight.describe('The weight limit in kilograms; null exactly when weight_lb is.'),
  },
).superRefine(
  (d, ctx) => {
    if ((d.weight_lb === null) !== (d.weight_kg === null))
      flag(ctx, ['weight_kg'], 'weight_lb and weight_kg must both be numbers or both be null (heavyweight)');
  },
  { when: parsed('weight_lb', 'weight_kg') },
);

export const OrganizationRecord = record(
  {
    title: 'Organization',
    description: 'A sanctioning body (content/organizations/), which awards titles and ranks every division.',
  },
  {
    id: RecordId,
    name: Name.describe('Its full name and its acronym, e.g. "World Boxing Council (WBC)".'),
    slug: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be lowercase a-z, 0-9 and "-"')
      .max(LIMITS.slug, `must be at most ${LIMITS.slug} characters`)
      .describe('Its short name in lowercase, e.g. "wbc".'),
  },
);

export const TitleRecord = record(
  {
    title: 'Title',
    description:
      'A belt an organization awards in a division (content/titles/): at most one of each type per organization and division.',
  },
  {
    id: RecordId,
    name: Title.describe('Its name, e.g. "WBC World Welterweight Title".'),
    organization_id: refersTo('organizations', 'The organization that awards it'),
    division_id: refersTo('divisions', 'Its division'),
    type: TitleType.describe('full, regular or interim.'),
  },
);

export const FighterRecord = record(
  {
    title: 'Fighter',
    description:
      "A boxer (content/fighters/). The API adds age and birth_year, the nationality's name, height and reach texts, and the titles the rankings name the fighter champion of.",
  },
  {
    id: RecordId,
    name: Name.describe('The name fights and lists show, e.g. "Saúl Álvarez".'),
    full_name: Name.describe('The full name.'),
    nickname: Name.nullable().describe('A nickname, or null.'),
    alias: Name.nullable().describe('Another name the fighter goes by, or null.'),
    birth_date: CalendarDate.describe('YYYY-MM-DD: age and birth_year are computed from it.'),
    gender: Gender.describe('M or F.'),
    nationality_code: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 code such as US')
      .describe('ISO 3166 two-letter country code, e.g. MX.'),
    stance: Stance.describe('orthodox, southpaw or switch.'),
    debut: z
      .string()
      .regex(/^\d{4}$/, 'must be a year such as 2015')
      .describe('The year of the professional debut, as text, e.g. "2015".'),
    height_cm: z.number().int().min(140).max(220).describe('Height in whole centimetres.'),
    reach_cm: z.number().int().min(140).max(230).describe('Reach in whole centimetres.'),
    division_id: refersTo('divisions', 'The division the fighter is listed in'),
    stats: z
      .object({
        wins: Count,
        losses: Count,
        draws: Count,
        total_bouts: Count.describe('At least wins + losses + draws.'),
        total_rounds: Count,
        ko_wins: Count.describe('Wins inside the distance; at most wins.'),
        stopped: Count.describe('Losses inside the distance; at most losses.'),
      })
      .strict()
      .describe('The professional record.'),
  },
)
  .superRefine(
    ({ stats: s }, ctx) => {
      if (s.wins + s.losses + s.draws > s.total_bouts)
        flag(ctx, ['stats', 'total_bouts'], 'must be at least wins + losses + draws');
    },
    { when: parsed('stats.wins', 'stats.losses', 'stats.draws', 'stats.total_bouts') },
  )
  .superRefine(
    ({ stats: s }, ctx) => {
      if (s.ko_wins > s.wins) flag(ctx, ['stats', 'ko_wins'], 'must not exceed wins');
    },
    { when: parsed('stats.wins', 'stats.ko_wins') },
  )
  .superRefine(
    ({ stats: s }, ctx) => {
      if (s.stopped > s.losses) flag(ctx, ['stats', 'stopped'], 'must not exceed losses');
    },
    { when: parsed('stats.losses', 'stats.stopped') },
  )
  .superRefine(
    ({ nationality_code: code }, ctx) => {
      if (!(code in COUNTRIES)) flag(ctx, ['nationality_code'], `"${code}" is not a known country code`);
    },
    { when: parsed('nationality_code') },
  );

export const EventRecord = record(
  {
    title: 'Event',
    description: 'A card of fights (content/events/). Fights refer to it by id; their location and venue are its own.',
  },
  {
    id: RecordId,
    title: Title.describe('Its name, e.g. "Fight Night".'),
    date: DateTime.describe('When the card starts, UTC, YYYY-MM-DDTHH:MM:SS.'),
    location: Title.describe('Where, e.g. "Las Vegas, Nevada, United States".'),
    venue: Title.describe('The venue, e.g. "T-Mobile Arena".'),
    broadcast: atMost(
      z
        .object({
          country: Name.describe("A country's name."),
          broadcasters: atMost(Name, LIMITS.broadcastersPerCountry).min(1).describe('Who shows it there.'),
        })
        .strict(),
      LIMITS.broadcastCountries,
    ).describe('Who shows the card, country by country; [] for nobody.'),
    poster_image_url: z
      .url()
      .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
      .nullable()
      .describe("The poster's address, or null."),
    updated_at: UpdatedAt,
  },
);

const Corner = z
  .object({
    fighter_id: refersTo('fighters', 'The fighter in this corner'),
    winner: z
      .boolean()
      .describe(
        'true for the winner of a finished fight; false for both corners of a draw, and until the fight is finished.',
      ),
  })
  .strict();

export const FightRecord = record(
  {
    title: 'Fight',
    description:
      "A bout on an event's card (content/fights/). Its result goes in by setting status to FINISHED, one corner's winner to true (none for a draw), results and, for decisions, scores.",
  },
  {
    id: RecordId,
    title: Title.describe('Its name, e.g. "Álvarez vs. Smith".'),
    date: DateTime.describe('When the bout starts, UTC, YYYY-MM-DDTHH:MM:SS.'),
    event_id: refersTo('events', 'The card it is on'),
    division_id: refersTo('divisions', 'Its division'),
    title_ids: atMost(Id, LIMITS.titlesAtStake).describe(
      "The titles at stake, ids of content/titles/ in the fight's division; [] for none.",
    ),
    status: FightStatus.describe(
      'NOT_STARTED, LIVE or FINISHED. Only a FINISHED fight has results, scores and a winner.',
    ),
    scheduled_rounds: z.number().int().min(1).max(15).describe('The rounds scheduled, 1 to 15.'),
    fighters: z
      .object({ fighter_1: Corner, fighter_2: Corner })
      .strict()
      .describe('The two corners: two different fighters.'),
    results: z
      .object({
        outcome: Outcome.describe('UD, MD or SD (decisions), TKO, KO or PTS.'),
        round: z
          .string()
          .regex(/^[1-9]\d?$/, 'must be a round number as a string, e.g. "7"')
          .describe('The round it ended in, as text, e.g. "7"; at most scheduled_rounds.'),
      })
      .strict()
      .nullable()
      .describe('How it ended; null unless status is FINISHED, which needs it.'),
    scores: atMost(Scorecard, LIMITS.scorecards)
      .min(1)
      .nullable()
      .describe('The judges\' cards, e.g. ["116-112", "115-113", "117-111"]; null unless the fight is finished.'),
    updated_at: UpdatedAt,
  },
)
  .superRefine(
    ({ fighters: f }, ctx) => {
      if (f.fighter_1.fighter_id === f.fighter_2.fighter_id)
        flag(ctx, ['fighters', 'fighter_2', 'fighter_id'], 'must differ from fighter_1');
    },
    { when: parsed('fighters.fighter_1.fighter_id', 'fighters.fighter_2.fighter_id') },
  )
  .superRefine(
    ({ fighters: f }, ctx) => {
      if (f.fighter_1.winner && f.fighter_2.winner) flag(ctx, ['fighters'], 'has more than one winner');
    },
    { when: parsed('fighters.fighter_1.winner', 'fighters.fighter_2.winner') },
  )
  // These read only whether results and scores are set, so a malformed result still counts as one.
  .superRefine(
    (f, ctx) => {
      if (f.status === 'FINISHED' && f.results === null) flag(ctx, ['results'], 'must be set when status is FINISHED');
    },
    { when: parsed('status', 'results') },
  )
  .superRefine((f, ctx) => nullUnlessFinished(ctx, f.status, f.results, 'results'), {
    when: parsed('status', 'results'),
  })
  .superRefine((f, ctx) => nullUnlessFinished(ctx, f.status, f.scores, 'scores'), { when: parsed('status', 'scores') })
  .superRefine((f, ctx) => noWinnerUnlessFinished(ctx, f.status, f.fighters.fighter_1.winner, 'fighter_1'), {
    when: parsed('status', 'fighters.fighter_1.winner'),
  })
  .superRefine((f, ctx) => noWinnerUnlessFinished(ctx, f.status, f.fighters.fighter_2.winner, 'fighter_2'), {
    when: parsed('status', 'fighters.fighter_2.winner'),
  })
  .superRefine(
    (f, ctx) => {
      if (f.results && Number(f.results.round) > f.scheduled_rounds)
        flag(ctx, ['results', 'round'], 'must not exceed scheduled_rounds');
    },
    { when: parsed('scheduled_rounds', 'results.round') },
  )
  .superRefine(
    ({ title_ids }, ctx) => {
      if (new Set(title_ids).size !== title_ids.length) flag(ctx, ['title_ids'], 'lists a title more than once');
    },
    { when: parsed('title_ids.*') },
  );

function nullUnlessFinished(
  ctx: z.core.$RefinementCtx,
  status: FightStatus,
  value: unknown,
  field: 'results' | 'scores',
) {
  if (status !== 'FINISHED' && value !== null) flag(ctx, [field], `must be null when status is ${status}`);
}

function noWinnerUnlessFinished(
  ctx: z.core.$RefinementCtx,
  status: FightStatus,
  winner: boolean,
  corner: 'fighter_1' | 'fighter_2',
) {
  if (status !== 'FINISHED' && winner)
    flag(ctx, ['fighters', corner, 'winner'], `must be false when status is ${status}`);
}

export const RankingRecord = record(
  {
    title: 'Ranking',
    description:
      "An organization's ranking of a division (content/rankings/): exactly one for every organization and division.",
  },
  {
    id: RecordId,
    organization_id: refersTo('organizations', 'The organization ranking'),
    division_id: refersTo('divisions', 'The division ranked'),
    gender: Gender.describe('M or F; the API spells it out (male, female).'),
    updated_at: UpdatedAt,
    // One entry per title type at most (a repeat is reported by a rule, below).
    champions: atMost(
      z
        .object({
          title_type: TitleType.describe("full, regular or interim: one of the organization's titles in the division."),
          fighter_id: Id.nullable().describe(
            'The champion, an id of content/fighters/, or null when the title is vacant.',
          ),
        })
        .strict(),
      TitleType.options.length,
    ).describe("Who holds the organization's titles in the division, at most one entry per title type."),
    rankings: atMost(
      z
        .object({
          rank: z.number().int().min(1).describe('1 for the top contender; ranks ascend without repeats.'),
          fighter_id: Id.nullable().describe(
            'The contender, an id of content/fighters/, or null when the rank is vacant.',
          ),
        })
        .strict(),
      LIMITS.rankedContenders,
    ).describe('The contenders, in rank order.'),
  },
)
  .superRefine(
    ({ rankings }, ctx) => {
      rankings.forEach(({ rank }, i) => {
        if (i > 0 && rank <= rankings[i - 1].rank)
          flag(
            ctx,
            ['rankings', i, 'rank'],
            `is out of order: ${rank} follows ${rankings[i - 1].rank} (ranks must ascend without repeats)`,
          );
      });
    },
    { when: parsed('rankings.*.rank') },
  )
  .superRefine(
    ({ champions }, ctx) => {
      const types = champions.map((c) => c.title_type);
      if (new Set(types).size !== types.length) flag(ctx, ['champions'], 'lists a title_type more than once');
    },
    { when: parsed('champions.*.title_type') },
  );

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
