// The errors the API answers with: the envelope's `error` object is {name, message, status}.

export class ApiError extends Error {
  readonly status: number;
  constructor(name: string, status: number, message: string) {
    super(message);
    this.name = name;
    this.status = status;
  }
}

export const missingApiKey = () =>
  new ApiError('MissingApiKey', 401, 'Send your API key in the x-gateway-key request header.');

export const invalidApiKey = () => new ApiError('InvalidApiKey', 403, 'The API key in x-gateway-key is not valid.');

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
