// The lists' bytes: the lists in order (held in packs with an index: see pack/), the heads and
// rankings pages (a header line, then records), the titles' lists (a record a line), and the small
// collections (each one keyed pack). Where each lies is in layout.ts.
import type { PackShapes } from '../pack/format.ts';

export type SmallResource = 'divisions' | 'organizations' | 'titles';

/**
 * A list in order, held in packs with an index: every fight or event in date order (optionally
 * only one division's fights), or every fighter in name order (optionally one division's). The
 * events schedule has a list of its own: the same events in the same order, each in the
 * schedule's shape (without `broadcast`), so that no answer reshapes a record as it is served.
 */
export type SortedList =
  | { resource: 'fights'; division_id?: string }
  | { resource: 'events'; shape?: 'scheduled' }
  | { resource: 'fighters'; division_id?: string };

/** A list file (a title filter's complete list): one record a line. */
export function listText(lines: readonly string[]): string {
  return lines.join('\n');
}

/** Lines of a list file: one JSON record per line (JSON text never holds a raw line break). */
export function linesOf(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/** Header of a head and a rankings page. */
export interface ListHeader {
  /** Records in the whole list the file belongs to. */
  total: number;
  /** Pages of that list, where the page size is not simply total / items (rankings). */
  pages?: number;
  /** The shapes of the stored records that follow (a head's: see pack/shapes.ts). */
  shapes?: PackShapes;
}

export function withHeader(header: ListHeader, lines: readonly string[]): string {
  return [JSON.stringify(header), ...lines].join('\n');
}

/** The header and the remaining lines of a file written by withHeader. */
export function splitHeader(text: string): { header: ListHeader; lines: string[] } {
  const end = text.indexOf('\n');
  const header = JSON.parse(end < 0 ? text : text.slice(0, end)) as ListHeader;
  return { header, lines: end < 0 ? [] : linesOf(text.slice(end + 1)) };
}
