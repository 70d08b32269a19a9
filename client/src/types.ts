// Every type the client speaks, inferred from the API's own zod schemas: records, envelopes,
// errors and each endpoint's parameters. Imports of the API's modules are type-only, so they
// vanish from the client's JavaScript: using the client never loads server code or zod.
import type { z } from 'zod';
import type * as records from '../../src/records/schemas.ts';
import type { ApiErrorBody, ErrorCode, envelopeOf } from '../../src/api/schemas.ts';
import type { Endpoint, EndpointParams } from '../../src/api/params.ts';
import type { KEY_HEADERS } from '../../src/api/keys.ts';

export type { Division, Event, Fight, Fighter, Organization, Ranking, ScheduledEvent, Title } from '../../src/records/schemas.ts';
export type { Pagination } from '../../src/api/schemas.ts';
export type { ApiErrorBody, ErrorCode };

/** A header that carries the API key: the spec's `x-gateway-key`, or the RapidAPI gateway's. */
export type KeyHeader = (typeof KEY_HEADERS)[number];

/** The envelope of an answer whose `data` has the schema `T`. */
type Envelope<T extends z.ZodType> = z.infer<ReturnType<typeof envelopeOf<T>>>;

/** A list or schedule answer: `data` is an array of records, with `pagination`. */
export type ListResponse<T extends z.ZodType> = Envelope<z.ZodArray<T>>;
/** A get-one answer: `data` is one record. */
export type OneResponse<T extends z.ZodType> = Envelope<T>;

/** The parameters an endpoint takes, as a caller gives them (all optional). */
type Params<E extends Endpoint> = EndpointParams<E>;

export type FightsListParams = Params<'fights/list'>;
export type FightsScheduleParams = Params<'fights/schedule'>;
export type EventsListParams = Params<'events/list'>;
export type EventsScheduleParams = Params<'events/schedule'>;
export type FightersListParams = Params<'fighters/list'>;
export type TitlesListParams = Params<'titles/list'>;
export type RankingsListParams = Params<'rankings/list'>;

/** Schemas of the records each resource answers with, for the response types above. */
export type Schemas = typeof records;
