// The envelope around every answer: pagination, metadata and the error object.
import { z } from 'zod';
import { ERRORS, type ErrorName } from './errors.ts';

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

/** Client errors (4xx) and the service's own failures (5xx). */
export const ApiErrorBody = z
  .object({ name: z.string(), message: z.string(), status: z.number().int().min(400).max(599) })
  .strict();

/** A success envelope around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ metadata: Metadata, pagination: Pagination, error: z.object({}).strict(), data }).strict();
}

export const ErrorEnvelope = z
  .object({ metadata: Metadata, error: ApiErrorBody, data: z.null() })
  .strict();

/** The error envelope of one error: its name and its status, exactly. */
export function errorEnvelopeOf(name: ErrorName) {
  return ErrorEnvelope.extend({
    error: ApiErrorBody.extend({ name: z.literal(name), status: z.literal(ERRORS[name].status) }),
  });
}

export type Pagination = z.infer<typeof Pagination>;
