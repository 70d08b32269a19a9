// The error every failed call throws: the API's own error object, or, for an answer that is not
// the API's (a proxy's error page, a cut-off body), the same shape with code UnexpectedResponse.
import type { ApiErrorBody, ErrorCode } from './types.ts';

/** What a call reports when the answer is not the API's envelope. */
export const UNEXPECTED_RESPONSE = 'UnexpectedResponse';

export type ClientErrorCode = ErrorCode | typeof UNEXPECTED_RESPONSE;

export class BoxingDataError extends Error {
  /** The API's error name, e.g. `InvalidParameter`; the same as `code`. */
  override readonly name: ClientErrorCode;
  readonly code: ClientErrorCode;
  /** The HTTP status of the answer. */
  readonly status: number;

  constructor(error: Pick<ApiErrorBody, 'message' | 'status'> & { code: ClientErrorCode }) {
    super(error.message);
    this.name = error.code;
    this.code = error.code;
    this.status = error.status;
  }
}

/** Whether a parsed body is the API's error envelope. */
export function isApiErrorEnvelope(body: unknown): body is { error: ApiErrorBody } {
  const error = (body as { error?: Partial<ApiErrorBody> } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string' && typeof error.status === 'number';
}
