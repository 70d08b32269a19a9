// Every type the client speaks, inferred from the API's own code: records, envelopes and errors
// from their zod schemas, and each endpoint's path, parameters and answer from the API's endpoint
// registry, by the endpoint's name. Imports of the API's modules are type-only, so they vanish
// from the client's JavaScript: using the client never loads server code or zod.
import type { z } from 'zod';
import type * as records from '../../src/records/schemas.ts';
import type {
  ApiErrorBody as ApiErrorBodySchema,
  ChangesAnswer,
  ErrorCode as ErrorCodeSchema,
  envelopeOf,
  Pagination as PaginationSchema,
} from '../../src/api/schemas.ts';
import type { AnyEndpoint, EndpointName, EndpointNamed } from '../../src/api/registry.ts';
import type { BASE_PATH } from '../../src/api/routes.ts';
import type { MAX_PAGE_SIZE } from '../../src/api/limits.ts';
import type { KEY_HEADERS } from '../../src/api/keys.ts';

// Aliases of their own rather than re-exports: each name is a schema and a type in src/, and the
// package's bundled declarations would export the schema too, a value the package has not.
export type Change = records.Change;
export type Division = records.Division;
export type Event = records.Event;
export type Export = records.Export;
export type ExportPart = records.ExportPart;
export type Fight = records.Fight;
export type Fighter = records.Fighter;
export type Health = records.Health;
export type Organization = records.Organization;
export type Ranking = records.Ranking;
export type ScheduledEvent = records.ScheduledEvent;
export type Title = records.Title;
export type Pagination = PaginationSchema;
export type ApiErrorBody = ApiErrorBodySchema;
export type ErrorCode = ErrorCodeSchema;
export type { EndpointName };

/** A header that carries the API key: the spec's `x-gateway-key`, or the RapidAPI gateway's. */
export type KeyHeader = (typeof KEY_HEADERS)[number];

/** The envelope of an answer whose `data` has the schema `T`. */
type Envelope<T extends z.ZodType> = z.infer<ReturnType<typeof envelopeOf<T>>>;

/** A list or schedule answer: `data` is an array of records, with `pagination`. */
export type ListResponse<T extends z.ZodType> = Envelope<z.ZodArray<T>>;
/** A get-one answer: `data` is one record. */
export type OneResponse<T extends z.ZodType> = Envelope<T>;

/** The names of a path template's parameters: `/fights/{fight_id}` -> `fight_id`. */
type PathNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | PathNames<Rest> : never;

/** The API's base path, `/v2`, as a type: a value written with it must be the API's. */
export type BasePath = typeof BASE_PATH;

/** The largest page the API gives. */
export type MaxPageSize = typeof MAX_PAGE_SIZE;

/** An endpoint's path as requested: the base path, then the registry's path (`/v2/fights/{fight_id}`). */
export type PathOf<N extends EndpointName> = `${typeof BASE_PATH}${EndpointNamed<N>['path']}`;

/**
 * The parameters an endpoint takes in its query, as a caller gives them: each value as it reads
 * once parsed, all optional; a parameter the endpoint refuses has none.
 */
export type ParamsOf<N extends EndpointName> = Partial<
  Omit<z.output<EndpointNamed<N>['params']>, PathNames<EndpointNamed<N>['path']>>
>;

/** The record an endpoint's answer holds. */
export type RecordOf<N extends EndpointName> = z.infer<EndpointNamed<N>['record']>;

/** The changes feed's answer: a list of changes, then the exports' URL and the sync token to send next time. */
export type ChangesResponse = z.infer<typeof ChangesAnswer>;

/** An endpoint's answer: one record where it answers one (a get-one, the health), else a list of them (the changes feed's with more). */
export type AnswerOf<N extends EndpointName> = N extends 'list_changes'
  ? ChangesResponse
  : EndpointNamed<N>['kind'] extends 'one'
    ? OneResponse<EndpointNamed<N>['record']>
    : ListResponse<EndpointNamed<N>['record']>;

/** A collection, by its resource's name: what an export holds. */
export type Collection = z.infer<typeof records.Collection>;

/** A collection's record as its list answers it, and its export holds it, one a line. */
export type CollectionRecord<C extends Collection> = RecordOf<
  Extract<AnyEndpoint, { section: C; kind: 'list' }>['name']
>;

export type FightsListParams = ParamsOf<'list_fights'>;
export type FightsScheduleParams = ParamsOf<'fights_schedule'>;
export type EventsListParams = ParamsOf<'list_events'>;
export type EventsScheduleParams = ParamsOf<'events_schedule'>;
export type FightersListParams = ParamsOf<'list_fighters'>;
export type TitlesListParams = ParamsOf<'list_titles'>;
export type RankingsListParams = ParamsOf<'rankings'>;

/** Schemas of the records each resource answers with, by name. */
export type Schemas = typeof records;
