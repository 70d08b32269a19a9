// Where each built file lives. The build writes these paths and the handler reads them, so this
// module is the single contract between the two. Large sets are spread over sub-folders so no
// folder nears the host's per-directory file limit, whatever the size of the data.

import { fnv1a } from './hash.ts';

export const STORE = '/store';
export const DEFAULT_PAGE_SIZE = 25;
/** Records per chunk of a date-sorted collection: small enough to parse in well under a millisecond. */
export const CHUNK_SIZE = 50;
const PER_FOLDER = 1000;
/** Postings per part of a large posting list. */
export const PART_SIZE = 2000;

export type ListResource = 'fights' | 'events' | 'fighters';
export type ItemResource = ListResource | 'divisions' | 'organizations' | 'titles';
export type SortedResource = 'fights' | 'events';

/** 256 shard folders: a million records leave about 4,000 files in each. */
export function shardOf(id: string): string {
  return (fnv1a(id) & 0xff).toString(16).padStart(2, '0');
}

function numbered(n: number): string {
  return `${Math.floor(n / PER_FOLDER)}/${n}`;
}

/** A search gram as a path segment: its code points in hex ("al" -> "61-6c"). */
export function gramSegment(gram: string): string {
  return Array.from(gram, (c) => c.codePointAt(0)!.toString(16)).join('-');
}

/** Stands for "no filter" in a path: "_" can never be an id (ids start with a letter or digit). */
const ANY = '_';

export const paths = {
  item: (resource: ItemResource, id: string) => `${STORE}/${resource}/items/${shardOf(id)}/${id}.json`,
  /** Page n (from 1) of a list at the default page size, in its default order. */
  page: (resource: ListResource, n: number) => `${STORE}/${resource}/pages/${numbered(n)}.json`,
  /** Totals of a list; read when a page lies past the last built one. */
  count: (resource: ListResource) => `${STORE}/${resource}/count.json`,
  /** The complete lists of the small resources. */
  all: (resource: 'divisions' | 'organizations' | 'titles') => `${STORE}/${resource}/all.json`,
  titles: (organizationId: string | null, divisionId: string | null) =>
    `${STORE}/titles/by/${organizationId ?? ANY}/${divisionId ?? ANY}.json`,
  rankingsPage: (page: number, organizationId: string | null) =>
    `${STORE}/rankings/pages/${page}/${organizationId ?? ANY}.json`,
  rankingsDivision: (divisionId: string, organizationId: string | null) =>
    `${STORE}/rankings/divisions/${divisionId}/${organizationId ?? ANY}.json`,
  /**
   * Chunk k of a list in its canonical order (fights and events ascending by date and id,
   * fighters by name): one record per line, so a slice is cut from text without parsing.
   */
  chunk: (resource: ListResource, k: number) => `${STORE}/${resource}/sorted/${numbered(k)}.ndjson`,
  /** Per year: where that year starts in the sorted order and how many records it has. */
  years: (resource: SortedResource) => `${STORE}/${resource}/dates/years.json`,
  /** A small posting list held whole: e.g. the fights of one event or one fighter. */
  postings: (resource: ListResource, field: string, id: string) =>
    `${STORE}/${resource}/by-${field}/${shardOf(id)}/${id}.json`,
  /** A large posting list in parts: parts.json gives each part's position span and count. */
  parts: (resource: ListResource, field: string, id: string) =>
    `${STORE}/${resource}/by-${field}/${shardOf(id)}/${id}/parts.json`,
  part: (resource: ListResource, field: string, id: string, i: number) =>
    `${STORE}/${resource}/by-${field}/${shardOf(id)}/${id}/${numbered(i)}.json`,
  /** Per day of one year: where that day starts in the sorted order. */
  days: (resource: SortedResource, year: number) => `${STORE}/${resource}/dates/${year}.json`,
};
