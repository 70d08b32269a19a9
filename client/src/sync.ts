// Keeping a copy of the data in step: the changes feed followed from a sync token (sync), and a
// mirror made from the exports once, then kept by the changes (mirror). A token the feed can no
// longer follow (expired, or of a history started afresh) makes the mirror start again from the
// exports, emptying the copy first.
import { BoxingDataError } from './errors.ts';
import { apiPath, type Get } from './transport.ts';
import type { Change, ChangesResponse, Collection, CollectionRecord, MaxPageSize, PathOf } from './types.ts';

/** The largest page the feed gives: fewest requests. */
const PAGE_SIZE: MaxPageSize = 100;

/** Downloads of the exports a mirror tries before it gives up (each retired by a deploy meanwhile). */
const EXPORT_ATTEMPTS = 3;

/** Every collection, in the specification's order: what a mirror holds. */
export const COLLECTIONS: readonly Collection[] = [
  'fights',
  'events',
  'fighters',
  'divisions',
  'organizations',
  'titles',
  'rankings',
];

/**
 * Every change since `token`, oldest first, page after page (each with the record as its build
 * made it, null when deleted); returns the token to send next time. Without a token, yields
 * nothing and returns the token to start from (download the exports first: see mirror).
 */
export async function* syncChanges(
  get: Get,
  path: PathOf<'list_changes'>,
  token?: string | null,
): AsyncGenerator<Change, string, undefined> {
  let page = await get<ChangesResponse>(path, token ? { since: token, page_size: PAGE_SIZE } : {});
  for (;;) {
    yield* page.data;
    const next = page.pagination.next_page;
    if (next === null || next === undefined) {
      if (page.next_sync === null)
        throw new BoxingDataError({
          code: 'UnexpectedResponse',
          status: 200,
          message: 'The last page of changes gave no next_sync.',
        });
      return page.next_sync;
    }
    page = await get<ChangesResponse>(apiPath(next));
  }
}

/** Where a mirror keeps its copy: records put in by collection and id, records taken out, and the whole copy emptied. */
export interface MirrorTarget {
  /** Empties the copy: the mirror starts again from the exports. */
  clear(): void | Promise<void>;
  put<C extends Collection>(collection: C, record: CollectionRecord<C>): void | Promise<void>;
  remove(collection: Collection, id: string): void | Promise<void>;
}

export interface MirrorResult {
  /** The token to keep with the copy, for the next call. */
  token: string;
  /** Whether the copy was made again from the exports (no token, or one the feed can no longer follow). */
  fromExports: boolean;
  /** Records put in or taken out. */
  applied: number;
}

type Records = <C extends Collection>(collection: C) => AsyncGenerator<CollectionRecord<C>, void, undefined>;

/** Applies one change to the copy. */
async function apply(target: MirrorTarget, change: Change): Promise<void> {
  if (change.record === null) await target.remove(change.collection, change.id);
  else await target.put(change.collection, change.record as CollectionRecord<Collection>);
}

/**
 * Brings `target` in step with the API: with a token, the changes since it; without one, or when
 * the feed answers that it cannot follow the token (SyncTokenExpired, InvalidSyncToken), the copy
 * emptied and made again from every collection's export, then the changes since the token taken
 * before the download (a change made meanwhile is applied again: putting a record is the same
 * whether it was there or not). Returns the token to keep.
 */
export async function mirrorInto(
  get: Get,
  path: PathOf<'list_changes'>,
  records: Records,
  target: MirrorTarget,
  token?: string | null,
): Promise<MirrorResult> {
  let applied = 0;
  if (token) {
    try {
      const changes = syncChanges(get, path, token);
      for (let step = await changes.next(); ; step = await changes.next()) {
        if (step.done) return { token: step.value, fromExports: false, applied };
        await apply(target, step.value);
        applied++;
      }
    } catch (e) {
      if (!(e instanceof BoxingDataError) || (e.code !== 'SyncTokenExpired' && e.code !== 'InvalidSyncToken')) throw e;
    }
  }
  // A deploy while the parts download retires them (a part no longer listed is a 404): the
  // download starts again from a new token, a few times at most.
  let start: string | undefined;
  for (let attempt = 1; start === undefined; attempt++) {
    const from = (await syncChanges(get, path).next()).value as string;
    await target.clear();
    applied = 0;
    try {
      for (const collection of COLLECTIONS)
        for await (const record of records(collection)) {
          await target.put(collection, record);
          applied++;
        }
      start = from;
    } catch (e) {
      if (!(e instanceof BoxingDataError) || e.code !== 'NotFound' || attempt === EXPORT_ATTEMPTS) throw e;
    }
  }
  const result = await mirrorInto(get, path, records, target, start);
  return { token: result.token, fromExports: true, applied: applied + result.applied };
}
