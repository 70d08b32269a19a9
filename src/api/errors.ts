// The errors the API answers with: the envelope's `error` object is {name, code, message, status}.
import { recordName, type Resource } from '../records/resources.ts';
import { grouped } from '../shared/numbers.ts';
import { OFFSET_CEILING } from './limits.ts';

/** Every error the API answers with: its status and when it is given (the API's description says so too). */
export const ERRORS = {
  InvalidParameter: {
    status: 400,
    when: 'A parameter is malformed, out of range, repeated, or not allowed in combination; the message names it and what is allowed.',
  },
  PageLimitExceeded: {
    status: 400,
    when: `Page-number navigation reached an offset of ${grouped(OFFSET_CEILING)} records or more; follow pagination.next_page instead.`,
  },
  InvalidCursor: {
    status: 400,
    when: 'The cursor is malformed, altered, or was made for other filters or another date_sort.',
  },
  InvalidSyncToken: {
    status: 400,
    when: "The changes feed's since is no sync token (malformed or altered) nor a real UTC date or date-time: download the exports and start again from the next_sync that GET /v2/changes/ gives.",
  },
  ConflictingApiKeys: {
    status: 400,
    when: 'x-gateway-key and x-rapidapi-key hold different keys; send one key, in either header or both.',
  },
  MissingApiKey: { status: 401, when: 'The request carries no API key.' },
  InvalidApiKey: { status: 403, when: 'The API key is not one of the keys the service accepts.' },
  ApiKeyExpired: {
    status: 403,
    when: 'The API key was accepted through a last day (UTC) that has passed; ask for a new key.',
  },
  InvalidProxySecret: {
    status: 403,
    when: "The request came with an X-RapidAPI-Proxy-Secret that is not the service's: it did not come through the gateway the service is listed on.",
  },
  TooManyRequests: {
    status: 429,
    when: 'More requests came from this client address in the last minute than the service takes; the Retry-After header says how many seconds to wait.',
  },
  NotFound: { status: 404, when: "No record has this id (or the path is not one of the API's)." },
  SyncTokenExpired: {
    status: 410,
    when: 'The sync token (or day) names a build the changes feed no longer keeps (it keeps 90 days or 1,000 builds, whichever is shorter), one of a history that has started afresh or made apart from the one served, or one ahead of the data served (a deploy rolled back): download the exports and start again from the next_sync that GET /v2/changes/ gives.',
  },
  MethodNotAllowed: { status: 405, when: 'Any method but GET, HEAD and OPTIONS; the Allow header lists those.' },
  InternalError: {
    status: 500,
    when: "The service's own fault, e.g. a built file that its indexes name is missing; retrying will not help.",
  },
  ServiceUnavailable: { status: 503, when: 'The service could not read its data just now; retry later.' },
} as const;

export type ErrorName = keyof typeof ERRORS;

/** An error of the API; its status is checked against ERRORS when the code is compiled. */
export class ApiError<N extends ErrorName = ErrorName> extends Error {
  declare readonly name: N;
  readonly status: number;
  constructor(name: N, status: (typeof ERRORS)[N]['status'], message: string) {
    super(message);
    this.name = name;
    this.status = status;
  }
  /** Clients of the commercial API read `code`; it is the name. */
  get code(): N {
    return this.name;
  }
}

/** Where a key may be sent, as messages name it: the key headers, and the bearer token where it is taken. */
const keyPlaces = (bearer: boolean) =>
  bearer
    ? 'x-gateway-key (or x-rapidapi-key) request header, or as Authorization: Bearer <key>'
    : 'x-gateway-key (or x-rapidapi-key) request header';

export const missingApiKey = (bearer = false) =>
  new ApiError('MissingApiKey', 401, `Send your API key in the ${keyPlaces(bearer)}.`);

export const invalidApiKey = () => new ApiError('InvalidApiKey', 403, 'The API key is not valid.');

export const apiKeyExpired = (lastDay: string) =>
  new ApiError('ApiKeyExpired', 403, `The API key expired: it was accepted through ${lastDay} (UTC).`);

export const invalidProxySecret = () =>
  new ApiError(
    'InvalidProxySecret',
    403,
    "The X-RapidAPI-Proxy-Secret header is not this service's secret: call the API through its RapidAPI listing, or with a key of its own and no such header.",
  );

export const tooManyRequests = (perMinute: number, retryAfterSeconds: number) =>
  new ApiError(
    'TooManyRequests',
    429,
    `Too many requests from this address: the service takes ${perMinute} a minute from each. Retry after ${retryAfterSeconds} s.`,
  );

export const conflictingApiKeys = (bearer = false) =>
  new ApiError(
    'ConflictingApiKeys',
    400,
    bearer
      ? 'The x-gateway-key, x-rapidapi-key and Authorization headers hold different keys: send the key in one of them, or the same key in each.'
      : 'The x-gateway-key and x-rapidapi-key headers hold different keys: send the key in one of them, or the same key in both.',
  );

export const notFound = (what: string) => new ApiError('NotFound', 404, `${what} was not found.`);

/** No record of the resource has this id (or it cannot be an id). */
export const recordNotFound = (resource: Resource, id: string) => notFound(`${recordName(resource)} "${id}"`);

/** `what` answers only `allowed` (and OPTIONS, the preflight). */
export const methodNotAllowed = (method: string, what = 'this API', allowed: readonly string[] = ['GET', 'HEAD']) =>
  new ApiError(
    'MethodNotAllowed',
    405,
    `Method ${method} is not allowed: ${what} answers ${allowed.join(', ')} and OPTIONS.`,
  );

export const invalidParameter = (parameter: string, allowed: string) =>
  new ApiError('InvalidParameter', 400, `Invalid value for parameter "${parameter}": ${allowed}.`);

export const pageLimitExceeded = (offset: number) =>
  new ApiError(
    'PageLimitExceeded',
    400,
    `Page-number navigation is limited to offsets below ${grouped(OFFSET_CEILING)} (requested offset ${grouped(offset)}). ` +
      'Follow pagination.next_page to page further: it uses a cursor and has no limit.',
  );

export const invalidCursor = (why: string) =>
  new ApiError('InvalidCursor', 400, `The cursor is not valid: ${why}. Use the next_page URL exactly as returned.`);

/** What a mirror does when its sync token cannot be followed. */
const RESYNC =
  'Download the exports again (GET /v2/exports/), then follow the changes from the next_sync that GET /v2/changes/ gives.';

export const invalidSyncToken = (why: string) =>
  new ApiError('InvalidSyncToken', 400, `The sync token is not valid: ${why}. ${RESYNC}`);

export const syncTokenExpired = (why: string) =>
  new ApiError('SyncTokenExpired', 410, `The sync token cannot be followed: ${why}. ${RESYNC}`);

export const serviceUnavailable = () =>
  new ApiError('ServiceUnavailable', 503, 'The service could not read its data just now. Try again shortly.');

export const internalError = () => new ApiError('InternalError', 500, 'The service failed to answer this request.');
