// A plain reference over all records of a built site: the oracle the query tests compare with.
// Deliberately naive: load everything, filter, sort, slice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Event, Fight, Fighter } from '../../src/schemas/api.ts';

function readAll<T>(dist: string, pattern: string, pick: (json: unknown) => T[]): T[] {
  const files = fg.sync(pattern, { cwd: dist, absolute: true });
  return files.flatMap((f) => pick(JSON.parse(readFileSync(f, 'utf8'))));
}

export function loadRecords(dist: string) {
  const one = <T>(json: unknown) => [(json as { data: T }).data];
  const byDateId = (a: { date: string; id: string }, b: { date: string; id: string }) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  const fights = readAll<Fight>(dist, 'store/fights/items/**/*.json', one).sort(byDateId);
  const events = readAll<Event>(dist, 'store/events/items/**/*.json', one).sort(byDateId);
  const fighters = readAll<Fighter>(dist, 'store/fighters/items/**/*.json', one);
  return { fights, events, fighters };
}

export const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function page<T>(all: T[], pageNum: number, pageSize: number) {
  return all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
}

export function dayOf(date: string) {
  return date.slice(0, 10);
}

export { path };
