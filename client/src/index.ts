// @boxing-data/client: a typed client for the Boxing Data API.
export { createClient, type BoxingDataClient } from './client.ts';
export type { ClientOptions } from './transport.ts';
export { COLLECTIONS, type MirrorResult, type MirrorTarget } from './sync.ts';
export { BoxingDataError, UNEXPECTED_RESPONSE, type ClientErrorCode } from './errors.ts';
export type * from './types.ts';
