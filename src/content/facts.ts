// What the checks between records read from one record: its id, the ids it refers to, and the
// few fields the slot checks compare. Taken from any record that parsed as JSON, valid or not
// (each fact only where its field has the right shape), so that one pass reports everything; and
// small, so that the records themselves need not be kept while the rest of the content is read.
import type { z } from 'zod';
import { Id, TitleType } from '../records/common.ts';
import type { CollectionName } from './schemas.ts';

/** A reference: the concrete field path, the collection it points into, the id, and which of the collection's REFERENCES it is. */
export type Reference = readonly [at: string, target: CollectionName, id: string, field: number];

export interface Facts {
  /** The record's `id` when it is a string at all (a malformed id still collides with its twin). */
  id?: string;
  /** The `id` when it is a valid id (what the checks that list a collection's ids count). */
  validId?: string;
  refs: Reference[];
  /** Titles: the fields of its slot (one title of a type per organization and division). */
  title?: Partial<Record<'id' | 'organization_id' | 'division_id' | 'type', string>>;
  /** Fights: the division, for the titles at stake (which are among `refs`). */
  division_id?: string;
  /** Rankings: the fields of its slot, and each champion entry's title type. */
  ranking?: {
    slot: Partial<Record<'id' | 'organization_id' | 'division_id', string>>;
    champions: Array<[at: string, type: string]>;
  };
}

/** Every reference a record makes: field path ("*" for each array element) -> collection. */
export const REFERENCES: Partial<Record<CollectionName, Array<[string, CollectionName]>>> = {
  titles: [
    ['organization_id', 'organizations'],
    ['division_id', 'divisions'],
  ],
  fighters: [['division_id', 'divisions']],
  fights: [
    ['event_id', 'events'],
    ['division_id', 'divisions'],
    ['fighters.fighter_1.fighter_id', 'fighters'],
    ['fighters.fighter_2.fighter_id', 'fighters'],
    ['title_ids.*', 'titles'],
  ],
  rankings: [
    ['organization_id', 'organizations'],
    ['division_id', 'divisions'],
    ['champions.*.fighter_id', 'fighters'],
    ['rankings.*.fighter_id', 'fighters'],
  ],
};

/** The string values at a field path, with their concrete paths. */
function stringsAt(value: unknown, path: readonly string[], at: string[] = []): Array<[string, string]> {
  if (path.length === 0) return typeof value === 'string' ? [[at.join('.'), value]] : [];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((v, i) => stringsAt(v, rest, [...at, String(i)])) : [];
  return stringsAt((value as Record<string, unknown>)[head], rest, [...at, head]);
}

/** Each named field of a record that has the right shape; the others are left out. */
function fieldsThatParse<K extends string>(
  record: unknown,
  shapes: Record<K, z.ZodType<string>>,
): Partial<Record<K, string>> {
  const fields: Partial<Record<K, string>> = {};
  if (record === null || typeof record !== 'object') return fields;
  for (const key of Object.keys(shapes) as K[]) {
    const value = shapes[key].safeParse((record as Record<string, unknown>)[key]);
    if (value.success) fields[key] = value.data;
  }
  return fields;
}

export function factsOf(collection: CollectionName, record: unknown): Facts {
  const facts: Facts = { refs: [] };
  const [[, id] = ['', undefined]] = stringsAt(record, ['id']);
  if (id !== undefined) facts.id = id;
  const { id: validId } = fieldsThatParse(record, { id: Id });
  if (validId !== undefined) facts.validId = validId;
  for (const [field, [path, target]] of (REFERENCES[collection] ?? []).entries())
    for (const [at, ref] of stringsAt(record, path.split('.'))) facts.refs.push([at, target, ref, field]);
  if (collection === 'titles')
    facts.title = fieldsThatParse(record, { id: Id, organization_id: Id, division_id: Id, type: TitleType });
  else if (collection === 'fights') {
    const { division_id } = fieldsThatParse(record, { division_id: Id });
    if (division_id !== undefined) facts.division_id = division_id;
  } else if (collection === 'rankings')
    facts.ranking = {
      slot: fieldsThatParse(record, { id: Id, organization_id: Id, division_id: Id }),
      champions: stringsAt(record, ['champions', '*', 'title_type']).filter(
        ([, type]) => TitleType.safeParse(type).success,
      ),
    };
  return facts;
}
