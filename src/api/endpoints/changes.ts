// The changes feed: what each build created, changed or deleted, since the build a sync token
// names, with each record as that build made it. A mirror downloads the exports once, then asks
// for the changes since its token and applies them in order: created and changed records put in,
// deleted ones taken out. The history is built with the data (see store/changes/format.ts): the
// index, then the packs that hold a page, in two rounds.
import { z } from 'zod';
import { TWO_ROUNDS } from '../budget/budget.ts';
import { Change } from '../../records/schemas.ts';
import {
  CHANGES_PACKS_A_PAGE,
  KEEP_BUILDS,
  KEEP_DAYS,
  buildEndingAt,
  builtAtText,
  historyStart,
  newestBuild,
  packsHolding,
  type HistoryIndex,
} from '../../store/changes/format.ts';
import { lists } from '../../store/layout.ts';
import { readEntries, readHistory } from '../../store/changes/read.ts';
import { ChangesAnswer } from '../schemas.ts';
import { listBody, paginationOf, type Body } from '../envelope.ts';
import { invalidSyncToken, syncTokenExpired } from '../errors.ts';
import { isRealDate, isRealDateTime } from '../../shared/dates.ts';
import { MAX_PAGE_SIZE } from '../limits.ts';
import { kinds } from '../params/kinds.ts';
import { defaulted, given } from '../params/rules.ts';
import { BASE_PATH, EXPORTS_PATH } from '../routes.ts';
import { decodeChangesCursor, decodeSyncToken, encodeChangesCursor, encodeSyncToken } from '../sync-token.ts';
import { endpoint } from './endpoint.ts';
import { grouped } from '../../shared/numbers.ts';

const params = z.object({
  since: given(
    kinds.syncToken,
    'The sync token of the last answer you applied (its next_sync); or a UTC date or date-time, for the changes of the builds made after it. ' +
      'Without it, the answer holds no changes, only the token to start from, after downloading the exports.',
    { ignoredWith: 'cursor' },
  ),
  cursor: given(
    kinds.cursor,
    'Opaque token taken from pagination.next_page: the next page of the same changes (it holds the since it was made for).',
  ),
  page_size: defaulted(
    kinds.pageSize,
    MAX_PAGE_SIZE,
    'Changes per page (a feed is read through, so the largest page is the default). A page of very large records may hold fewer: follow next_page.',
  ),
});

const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/;

/**
 * The place in the history after the builds made up to a UTC day or time (a day: its start). A
 * time before the oldest build kept is a place the history cannot tell of.
 */
function placeAfter(index: HistoryIndex, when: string): number {
  const at = Date.parse(`${when.length === 10 ? `${when}T00:00:00` : when}Z`) / 1000;
  if (!Number.isFinite(at) || !(when.length === 10 ? isRealDate(when) : isRealDateTime(when)))
    throw invalidSyncToken(`${when} is no real date or date-time`);
  if (at < index.builds[0][1])
    throw syncTokenExpired(
      `${when} is before the oldest build the changes feed keeps (made ${builtAtText(index.builds[0][1])})`,
    );
  return index.builds.find(([, made]) => made > at)?.[2] ?? index.total;
}

/**
 * Whether a token's place is one the history keeps: of this history, within its kept span, and
 * where the build the token names ends (a build made apart from the same history, as two builds
 * from one saved state are, has a name of its own); else why it cannot be followed.
 */
function checkPlace(index: HistoryIndex, place: { history: string; position: number; build: string }): void {
  if (place.history !== index.history)
    throw syncTokenExpired(
      'it belongs to a history of changes this service no longer keeps (the history has started afresh since)',
    );
  if (place.position < historyStart(index))
    throw syncTokenExpired(
      `it names a build older than the changes kept (the last ${grouped(KEEP_BUILDS)} builds within ${KEEP_DAYS} days)`,
    );
  if (place.position > index.total) throw syncTokenExpired('it names a build newer than the data served now');
  if (buildEndingAt(index, place.position) !== place.build)
    throw syncTokenExpired('it names a build this history does not hold (a build made apart from the one served)');
}

export const listChanges = endpoint({
  name: 'list_changes',
  path: '/changes/',
  kind: 'list',
  params,
  record: Change,
  answerSchema: ChangesAnswer,
  errors: ['InvalidSyncToken', 'SyncTokenExpired', 'InvalidCursor'],
  summary: 'List changes since a sync token',
  description:
    'What each build created, changed or deleted since the build a sync token names, oldest first, each with the record as ' +
    'that build made it (null when deleted): apply them in order to a copy made from the exports and it matches the data ' +
    'served. since may also be a UTC date or date-time: the changes of the builds made after it (what changed since ' +
    'yesterday). Without since, no changes: next_sync is the token to start from once the exports are downloaded. While ' +
    'pagination.next_page is set, follow it; on the last page next_sync is the token to send as since next time. A record ' +
    `changed in several builds appears once for each. The history keeps the last ${grouped(KEEP_BUILDS)} builds within ` +
    `${KEEP_DAYS} days; a token from before it, or from a history started afresh, is a 410 SyncTokenExpired, and a token ` +
    'that is no token a 400 InvalidSyncToken: download the exports again and start from a new token.',
  reads: [lists.changes],
  // The history's index, then the packs that hold the page.
  budget: TWO_ROUNDS,
  example: ({ changes, pageSize }) => changes && { ...changes, page_size: String(pageSize) },
  answer: async (values, { store, origin }): Promise<Body> => {
    const cursor = values.cursor === undefined ? undefined : decodeChangesCursor(values.cursor);
    const byTime = cursor === undefined && values.since !== undefined && DAY_OR_TIME.test(values.since);
    const token =
      cursor === undefined && values.since !== undefined && !byTime ? decodeSyncToken(values.since) : undefined;
    const index = await readHistory(store);
    const exportsUrl = `${origin}${BASE_PATH}${EXPORTS_PATH}`;
    const tail = (nextSync: string | null) =>
      `],"exports":${JSON.stringify(exportsUrl)},"next_sync":${JSON.stringify(nextSync)}}`;
    const current = encodeSyncToken({ history: index.history, position: index.total, build: newestBuild(index) });
    if (cursor === undefined && token === undefined && !byTime)
      return { ...listBody([], paginationOf(1, 0, values.page_size, 0, null)), tail: tail(current) };

    const since = cursor?.since ?? token?.position ?? placeAfter(index, values.since!);
    const build = cursor?.build ?? token?.build ?? buildEndingAt(index, since)!;
    const at = cursor?.at ?? since;
    checkPlace(index, { history: cursor?.history ?? token?.history ?? index.history, position: since, build });
    if (at > index.total) throw syncTokenExpired('it names a build newer than the data served now');
    const page = cursor?.page ?? 1;
    let to = Math.min(index.total, at + values.page_size);
    // A page ends early rather than read more packs than a request may (they hold large records).
    const holding = packsHolding(index, at, to);
    if (holding.length > CHANGES_PACKS_A_PAGE) to = holding[CHANGES_PACKS_A_PAGE - 1].end;
    const entries = await readEntries(store, index, at, to);
    let next: string | null = null;
    if (to < index.total) {
      const query = new URLSearchParams({
        cursor: encodeChangesCursor({ history: index.history, since, build, at: to, page: page + 1 }),
        page_size: String(values.page_size),
      });
      next = `${origin}${BASE_PATH}${listChanges.path}?${query}`;
    }
    return {
      ...listBody(entries, paginationOf(page, entries.length, values.page_size, index.total - since, next)),
      tail: tail(next === null ? current : null),
    };
  },
});

export const changesService = {
  service: 'changes',
  about:
    'What changed since a sync token: every record each build created, changed or deleted, for keeping a copy of the data ' +
    'in step. Start from the exports and the token GET /changes/ gives, then ask for the changes since your token.',
  endpoints: [listChanges],
} as const;
