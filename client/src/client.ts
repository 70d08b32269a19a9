// The client: one method per endpoint of the API, typed by the API's own endpoint registry (its
// path, parameters and answer, by name), `all` iterators that walk a whole list, and the
// collections' exports record by record.
import { exportRecords } from './exports.ts';
import { mirrorInto, syncChanges, type MirrorResult, type MirrorTarget } from './sync.ts';
import { everyRecord, transport, type ClientOptions } from './transport.ts';
import type {
  AnswerOf,
  Change,
  Collection,
  CollectionRecord,
  EndpointName,
  MaxPageSize,
  ParamsOf,
  PathOf,
  RecordOf,
} from './types.ts';

/** Bulk exports ask for the largest page the API gives: fewest requests. */
const EXPORT_PAGE_SIZE: MaxPageSize = 100;

type Every<N extends EndpointName> = AsyncGenerator<RecordOf<N>, void, undefined>;

export function createClient(options: ClientOptions) {
  const { get, getFile } = transport(options);
  // Each method names its endpoint and that endpoint's path, which must be the registry's (else it does not compile).
  const list =
    <N extends EndpointName>(_name: N, path: PathOf<N>) =>
    (params: ParamsOf<N> = {}): Promise<AnswerOf<N>> =>
      get(path, params);
  const one =
    <N extends EndpointName>(_name: N, path: PathOf<N>) =>
    (id: string): Promise<AnswerOf<N>> =>
      get(path.replace(/\{\w+\}$/, encodeURIComponent(id)));
  const every =
    <N extends EndpointName>(_name: N, path: PathOf<N>) =>
    (params: Partial<Omit<ParamsOf<N>, 'page_num' | 'cursor'>> = {}): Every<N> =>
      everyRecord(get, path, { page_size: EXPORT_PAGE_SIZE, ...params });

  return {
    fights: {
      list: list('list_fights', '/v2/fights/'),
      get: one('get_fight', '/v2/fights/{fight_id}'),
      schedule: list('fights_schedule', '/v2/fights/schedule'),
      /** Every fight matching the filters, following `pagination.next_page` (no offset limit). */
      all: every('list_fights', '/v2/fights/'),
    },
    events: {
      list: list('list_events', '/v2/events/'),
      get: one('get_event', '/v2/events/{event_id}'),
      schedule: list('events_schedule', '/v2/events/schedule'),
      /** Every event matching the filters, page by page. */
      all: every('list_events', '/v2/events/'),
    },
    fighters: {
      list: list('list_fighters', '/v2/fighters/'),
      get: one('get_fighter', '/v2/fighters/{fighter_id}'),
      /** Every fighter matching the filters, page by page. */
      all: every('list_fighters', '/v2/fighters/'),
    },
    divisions: {
      list: (): Promise<AnswerOf<'list_divisions'>> => get('/v2/divisions/'),
      get: one('get_division', '/v2/divisions/{division_id}'),
    },
    organizations: {
      list: (): Promise<AnswerOf<'list_organizations'>> => get('/v2/organizations/'),
      get: one('get_organization', '/v2/organizations/{organization_id}'),
    },
    titles: {
      list: list('list_titles', '/v2/titles/'),
      get: one('get_title', '/v2/titles/{title_id}'),
    },
    rankings: {
      list: list('rankings', '/v2/rankings/'),
    },
    exports: {
      /** Every collection's export: its parts, with their URLs, sizes and SHA-256. */
      list: (): Promise<AnswerOf<'list_exports'>> => get('/v2/exports/'),
      /**
       * Every record of a collection, from its export (get_export_part, at each part's URL): each
       * part's bytes checked against its size and SHA-256, then decompressed. The same records, in
       * the same order, as walking the collection's list; far fewer requests.
       */
      records: <C extends Collection>(collection: C): AsyncGenerator<CollectionRecord<C>, void, undefined> =>
        exportRecords(get, getFile, '/v2/exports/', collection),
    },
    changes: {
      /** One page of the changes since a sync token (`since`), or, without one, the token to start from. */
      list: list('list_changes', '/v2/changes/'),
    },
    /**
     * Every change since `token` (each with its record as its build made it, null when deleted),
     * oldest first; the generator returns the token to send next time. Without a token: no
     * changes, and the token to start from once the exports are downloaded.
     */
    sync: (token?: string | null): AsyncGenerator<Change, string, undefined> => syncChanges(get, '/v2/changes/', token),
    /**
     * Keeps a copy in step (see MirrorTarget): the exports once, then the changes since the
     * token kept with the copy; made again from the exports when the feed can no longer follow it.
     */
    mirror: (target: MirrorTarget, token?: string | null): Promise<MirrorResult> =>
      mirrorInto(
        get,
        '/v2/changes/',
        (collection) => exportRecords(get, getFile, '/v2/exports/', collection),
        target,
        token,
      ),
    health: {
      /** Whether the service can read its data, the build's day and each collection's size (no key needed). */
      get: (): Promise<AnswerOf<'health'>> => get('/v2/health'),
    },
  };
}

export type BoxingDataClient = ReturnType<typeof createClient>;
