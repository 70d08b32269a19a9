// The errors the API answers with: the envelope's `error` object is {name, code, message, status}.
import type { ErrorCode } from './schemas.ts';

export class ApiError extends Error {
  override readonly name: ErrorCode;
  readonly status: number;
  constructor(name: ErrorCode, status: number, message: string) {
    super(message);
    this.name = name;
    this.status = status;
  }
  /** Clients of the commercial API read `code`; it is the name. */
  get code(): ErrorCode {
    return this.name;
  }
}

export const missingApiKey = () =>
  new ApiError('MissingApiKey', 401, 'Send your API key in the x-gateway-key (or x-rapidapi-key) request header.');

export const invalidApiKey = () => new ApiError('InvalidApiKey', 403, 'The API key is not valid.');

export const conflictingApiKeys = () =>
  new ApiError(
    'ConflictingApiKeys',
    400,
    'The x-gateway-key and x-rapidapi-key headers hold different keys: send the key in one of them, or the same key in both.',
  );

export const notFound = (what: string) => new ApiError('NotFound', 404, `${what} was not found.`);

export const methodNotAllowed = (method: string) =>
  new ApiError('MethodNotAllowed', 405, `Method ${method} is not allowed: this API answers GET, HEAD and OPTIONS.`);

export const invalidParameter = (parameter: string, allowed: string) =>
  new ApiError('InvalidParameter', 400, `Invalid value for parameter "${parameter}": ${allowed}.`);

export const pageLimitExceeded = (offset: number) =>
  new ApiError(
    'PageLimitExceeded',
    400,
    `Page-number navigation is limited to offsets below 10000 (requested offset ${offset}). ` +
      'Follow pagination.next_page to page further: it uses a cursor and has no limit.',
  );

export const invalidCursor = (why: string) =>
  new ApiError('InvalidCursor', 400, `The cursor is not valid: ${why}. Use the next_page URL exactly as returned.`);

export const serviceUnavailable = () =>
  new ApiError('ServiceUnavailable', 503, 'The service could not read its data just now. Try again shortly.');

export const internalError = () => new ApiError('InternalError', 500, 'The service failed to answer this request.');
