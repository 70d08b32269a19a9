// Shapes of the built index files that the handler reads (not part of the public interface).
// The query core imports only the inferred types, so no zod code reaches the edge bundle.
import { z } from 'zod';

const Position = z.number().int().min(0);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ListCount = z.object({ total_items: z.number().int().min(0) }).strict();

/** years.json of a date-sorted collection: [year, first position, count] per year with records. */
export const YearsIndex = z
  .object({ total: z.number().int().min(0), years: z.array(z.tuple([z.number().int(), Position, z.number().int().min(1)])) })
  .strict();

/** <year>.json: [day, first position] per day with records. */
export const DaysIndex = z.array(z.tuple([Day, Position]));

/** parts.json of a posting list stored in parts: [first position, last position, count] per part. */
export const PartsIndex = z.array(z.tuple([Position, Position, z.number().int().min(1)]));

/** A posting: a record's position in its collection's order and its id, then filter attributes. */
export const Posting = z.tuple([Position, z.string()]).rest(z.string());

/** [position, id, division_id, event_id, fighter_1 id, fighter_2 id] */
export const FightPosting = z.tuple([Position, z.string(), z.string(), z.string(), z.string(), z.string()]);

/** [rank in name order, id, division_id, folded "name\nnickname\nalias"] */
export const FighterPosting = z.tuple([Position, z.string(), z.string(), z.string()]);

export type ListCount = z.infer<typeof ListCount>;
export type YearsIndex = z.infer<typeof YearsIndex>;
export type DaysIndex = z.infer<typeof DaysIndex>;
export type PartsIndex = z.infer<typeof PartsIndex>;
export type Posting = z.infer<typeof Posting>;
export type FightPosting = z.infer<typeof FightPosting>;
export type FighterPosting = z.infer<typeof FighterPosting>;
