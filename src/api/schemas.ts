// The envelope around every answer: pagination, metadata and the error object.
import { z } from 'zod';
import { ERRORS, type ErrorName } from './errors.ts';
import { Change } from '../records/schemas.ts';

export const Pagination = z
  .object({
    page: z.number().int().min(0),
    items: z.number().int().min(0),
    total_pages: z.number().int().min(0),
    total_items: z.number().int().min(0),
    next_page: z.url().nullable().optional(),
  })
  .strict();

export const Metadata = z
  .object({ timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/) })
  .strict();

/** Every error the API answers with (ERRORS says when each is given). */
export const ErrorCode = z.enum(Object.keys(ERRORS) as [ErrorName, ...ErrorName[]]);
export type ErrorCode = z.infer<typeof ErrorCode>;

const ErrorFields = z
  .object({ name: ErrorCode, code: ErrorCode, message: z.string(), status: z.number().int().min(400).max(599) })
  .strict();

/**
 * Client errors (4xx) and the service's own failures (5xx). `code` repeats `name`: clients of the
 * commercial API read `code`, the spec's own clients `name`.
 */
export const ApiErrorBody = ErrorFields.refine((e) => e.code === e.name, {
  message: 'code must repeat name',
  path: ['code'],
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** A success envelope around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ metadata: Metadata, pagination: Pagination, error: z.object({}).strict(), data }).strict();
}

/** The changes feed's answer: the envelope around its changes, then where the exports are and the token to send next time. */
export const ChangesAnswer = envelopeOf(z.array(Change)).extend({
  exports: z.url().describe('The exports to start a mirror from (GET /exports/), on the host that answered.'),
  next_sync: z
    .string()
    .nullable()
    .describe(
      'The sync token to send as since next time, once every page is applied; null while next_page gives more changes.',
    ),
});

export const ErrorEnvelope = z.object({ metadata: Metadata, error: ApiErrorBody, data: z.null() }).strict();

/** The error envelope of one error: its name and its status, exactly. */
export function errorEnvelopeOf(name: ErrorName) {
  return ErrorEnvelope.extend({
    error: ErrorFields.extend({ name: z.literal(name), code: z.literal(name), status: z.literal(ERRORS[name].status) }),
  });
}

export type Pagination = z.infer<typeof Pagination>;
