// The client: one method per endpoint, typed by the API's own schemas, and `all` iterators that
// export a whole list.
import { everyRecord, transport, type ClientOptions, type QueryValues } from './transport.ts';
import type { z } from 'zod';
import type {
  EventsListParams, EventsScheduleParams, FightersListParams, FightsListParams, FightsScheduleParams, ListResponse,
  OneResponse, RankingsListParams, Schemas, TitlesListParams,
} from './types.ts';

/** Bulk exports ask for the largest page the API gives: fewest requests. */
const EXPORT_PAGE_SIZE = 100;

// Answers by the name of their record's schema.
type List<K extends keyof Schemas> = Promise<ListResponse<Schemas[K]>>;
type One<K extends keyof Schemas> = Promise<OneResponse<Schemas[K]>>;
type Every<K extends keyof Schemas> = AsyncGenerator<z.infer<Schemas[K]>, void, undefined>;

export function createClient(options: ClientOptions) {
  const get = transport(options);
  const one = <T>(resource: string, id: string) => get<T>(`/v2/${resource}/${encodeURIComponent(id)}`);
  const exportQuery = (params: QueryValues) => ({ page_size: EXPORT_PAGE_SIZE, ...params });

  return {
    fights: {
      list: (params: FightsListParams = {}): List<'Fight'> => get('/v2/fights/', params),
      get: (id: string): One<'Fight'> => one('fights', id),
      schedule: (params: FightsScheduleParams = {}): List<'Fight'> => get('/v2/fights/schedule', params),
      /** Every fight matching the filters, following `pagination.next_page` (no offset limit). */
      all: (params: Omit<FightsListParams, 'page_num' | 'cursor'> = {}): Every<'Fight'> =>
        everyRecord(get, '/v2/fights/', exportQuery(params)),
    },
    events: {
      list: (params: EventsListParams = {}): List<'Event'> => get('/v2/events/', params),
      get: (id: string): One<'Event'> => one('events', id),
      schedule: (params: EventsScheduleParams = {}): List<'ScheduledEvent'> => get('/v2/events/schedule', params),
      /** Every event matching the filters, page by page. */
      all: (params: Omit<EventsListParams, 'page_num'> = {}): Every<'Event'> => everyRecord(get, '/v2/events/', exportQuery(params)),
    },
    fighters: {
      list: (params: FightersListParams = {}): List<'Fighter'> => get('/v2/fighters/', params),
      get: (id: string): One<'Fighter'> => one('fighters', id),
      /** Every fighter matching the filters, page by page. */
      all: (params: Omit<FightersListParams, 'page_num'> = {}): Every<'Fighter'> =>
        everyRecord(get, '/v2/fighters/', exportQuery(params)),
    },
    divisions: {
      list: (): List<'Division'> => get('/v2/divisions/'),
      get: (id: string): One<'Division'> => one('divisions', id),
    },
    organizations: {
      list: (): List<'Organization'> => get('/v2/organizations/'),
      get: (id: string): One<'Organization'> => one('organizations', id),
    },
    titles: {
      list: (params: TitlesListParams = {}): List<'Title'> => get('/v2/titles/', params),
      get: (id: string): One<'Title'> => one('titles', id),
    },
    rankings: {
      list: (params: RankingsListParams = {}): List<'Ranking'> => get('/v2/rankings/', params),
    },
  };
}

export type BoxingDataClient = ReturnType<typeof createClient>;
