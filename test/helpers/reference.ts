// A plain reference over every record, read from content/ and resolved, never from the store: the
// oracle the query tests compare with, so a bug in the store cannot hide in its own oracle.
// Deliberately naive: load everything, filter, sort, slice.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { readContent } from '../../src/content/read.ts';
import { resolveDataset } from '../../src/content/resolve.ts';
import type { ContentRecords } from '../../src/content/schemas.ts';
import { TEST_AS_OF } from './as-of.ts';

export async function loadRecords(contentDir = 'content') {
  const { fights, events, fighters } = resolveDataset(await loadContent(contentDir), TEST_AS_OF);
  const byDateId = (a: { date: string; id: string }, b: { date: string; id: string }) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return { fights: [...fights].sort(byDateId), events: [...events].sort(byDateId), fighters: [...fighters] };
}

/**
 * The content as maintainers wrote it, before resolution: for fields the API derives from it.
 * The shipped content/ comes as the run's setup read it with readContent (build-setup.ts), where
 * it did; any other folder, or a run without that setup, is read here.
 */
export async function loadContent(contentDir = 'content'): Promise<ContentRecords> {
  const saved = contentDir === 'content' ? inject('shippedContent') : undefined;
  return saved ? (JSON.parse(readFileSync(saved, 'utf8')) as ContentRecords) : readContent(contentDir);
}

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function page<T>(all: T[], pageNum: number, pageSize: number) {
  return all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
}

export function dayOf(date: string) {
  return date.slice(0, 10);
}
