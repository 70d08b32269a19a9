// A plain reference over every record, read from content/ and resolved, never from the store: the
// oracle the query tests compare with, so a bug in the store cannot hide in its own oracle.
// Deliberately naive: load everything, filter, sort, slice.
import { readContent } from '../../src/content/read.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import { TEST_AS_OF } from './as-of.ts';

export async function loadRecords(contentDir = 'content') {
  const { fights, events, fighters } = resolveDataset(await readContent(contentDir), TEST_AS_OF);
  const byDateId = (a: { date: string; id: string }, b: { date: string; id: string }) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return { fights: [...fights].sort(byDateId), events: [...events].sort(byDateId), fighters: [...fighters] };
}

/** The content as maintainers wrote it, before resolution: for fields the API derives from it. */
export function loadContent(contentDir = 'content') {
  return readContent(contentDir);
}

export const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function page<T>(all: T[], pageNum: number, pageSize: number) {
  return all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
}

export function dayOf(date: string) {
  return date.slice(0, 10);
}
