// Checks that span records: ids unique, references resolvable, titles and rankings consistent.
// Pure: each problem names the file, the field and what is wrong, and all are returned at once.
// Every check runs on every record that parsed as JSON, even one that failed its schema, reading
// only the fields it needs where they have the right shape, so one pass reports everything.
import type { z } from 'zod';
import { Id, TitleType } from '../records/common.ts';
import type { CollectionName } from './schemas.ts';
import { fieldsOf } from './rules.ts';

export interface Problem {
  file: string;
  field: string;
  message: string;
}

export interface Located<T> {
  file: string;
  record: T;
}

export interface ContentSet {
  /** Every file that parsed as JSON, whether or not it passed its schema. */
  parsed: Record<CollectionName, Located<unknown>[]>;
  /** Files that are not JSON at all: their names stand in for their ids. */
  unreadable: Record<CollectionName, string[]>;
  /** Each collection's folder as shown in problems. */
  folders: Record<CollectionName, string>;
}

const SINGULAR: Record<CollectionName, string> = {
  divisions: 'division', organizations: 'organization', titles: 'title', fighters: 'fighter',
  events: 'event', fights: 'fight', rankings: 'ranking',
};

/** Every reference a record makes: field path ("*" for each array element) -> collection. */
const REFERENCES: Partial<Record<CollectionName, Array<[string, CollectionName]>>> = {
  titles: [['organization_id', 'organizations'], ['division_id', 'divisions']],
  fighters: [['division_id', 'divisions']],
  fights: [
    ['event_id', 'events'], ['division_id', 'divisions'], ['fighters.fighter_1.fighter_id', 'fighters'],
    ['fighters.fighter_2.fighter_id', 'fighters'], ['title_ids.*', 'titles'],
  ],
  rankings: [
    ['organization_id', 'organizations'], ['division_id', 'divisions'],
    ['champions.*.fighter_id', 'fighters'], ['rankings.*.fighter_id', 'fighters'],
  ],
};

/** The string values at a field path, with their concrete paths. */
function stringsAt(value: unknown, path: string[], at: string[] = []): Array<[string, string]> {
  if (path.length === 0) return typeof value === 'string' ? [[at.join('.'), value]] : [];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = path;
  if (head === '*')
    return Array.isArray(value) ? value.flatMap((v, i) => stringsAt(v, rest, [...at, String(i)])) : [];
  return stringsAt((value as Record<string, unknown>)[head], rest, [...at, head]);
}

export function crossCheck(set: ContentSet): Problem[] {
  const { parsed, unreadable } = set;
  const problems: Problem[] = [];
  const ids = {} as Record<CollectionName, Set<string>>;
  const names = Object.keys(parsed) as CollectionName[];

  for (const name of names) {
    const firstFile = new Map<string, string>();
    for (const { file, record } of parsed[name]) {
      const [[, id] = ['', undefined]] = stringsAt(record, ['id']);
      if (id === undefined) continue;
      const seen = firstFile.get(id);
      if (seen) problems.push({ file, field: 'id', message: `duplicate ${SINGULAR[name]} id "${id}", already used by ${seen}` });
      else firstFile.set(id, file);
    }
    ids[name] = new Set([...firstFile.keys(), ...unreadable[name]]);
  }

  for (const name of names)
    for (const [field, target] of REFERENCES[name] ?? [])
      for (const { file, record } of parsed[name])
        for (const [at, id] of stringsAt(record, field.split('.')))
          if (!ids[target].has(id))
            problems.push({ file, field: at, message: `refers to ${SINGULAR[target]} "${id}", which does not exist` });

  problems.push(...slotChecks(set));
  return problems;
}

type Fields<K extends string> = Partial<Record<K, string>>;

/** Each named field of a record that has the right shape; the others are left out. */
function fieldsThatParse<K extends string>(record: unknown, shapes: Record<K, z.ZodType<string>>): Fields<K> {
  const fields: Fields<K> = {};
  if (record === null || typeof record !== 'object') return fields;
  for (const key of Object.keys(shapes) as K[]) {
    const value = fieldsOf(shapes[key], (record as Record<string, unknown>)[key]);
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}

/**
 * Records whose key fields did not all parse could be any of the keys their parsed fields allow:
 * such a key is neither "missing" nor "taken", so checks on it are left until the record is fixed.
 */
class Keys<K extends string> {
  readonly known = new Map<string, string>();
  private readonly unsure: Fields<K>[] = [];
  private readonly fields: K[];
  constructor(fields: K[]) {
    this.fields = fields;
  }
  /** Adds a record's key; returns what already held it, if anything. */
  add(fields: Fields<K>, holder: string): string | undefined {
    if (this.fields.some((f) => fields[f] === undefined)) {
      this.unsure.push(fields);
      return undefined;
    }
    const key = this.key(fields);
    const taken = this.known.get(key);
    if (taken === undefined) this.known.set(key, holder);
    return taken;
  }
  /** False when the key is absent for certain. */
  mayHave(fields: Record<K, string>): boolean {
    return this.known.has(this.key(fields)) || this.unsure.some((u) => this.fields.every((f) => u[f] === undefined || u[f] === fields[f]));
  }
  private key(fields: Fields<K>): string {
    return this.fields.map((f) => fields[f]).join('/');
  }
}

const TITLE_KEY = ['organization_id', 'division_id', 'type'] as const;
const RANKING_KEY = ['organization_id', 'division_id'] as const;

/**
 * Checks between records of other collections than references: titles and rankings unique per
 * slot, titles at stake in the fight's division, champions of titles that exist. They run on the
 * fields that parsed, so a record with an unrelated schema error is still checked.
 */
function slotChecks({ parsed, unreadable, folders }: ContentSet): Problem[] {
  const problems: Problem[] = [];
  const titleById = new Map<string, string>();
  const titleSlots = new Keys<(typeof TITLE_KEY)[number]>([...TITLE_KEY]);
  for (const { file, record } of parsed.titles) {
    const t = fieldsThatParse(record, { id: Id, organization_id: Id, division_id: Id, type: TitleType });
    if (t.id !== undefined && t.division_id !== undefined) titleById.set(t.id, t.division_id);
    const taken = titleSlots.add(t, t.id ?? file);
    if (taken !== undefined)
      problems.push({ file, field: 'type', message: `organization "${t.organization_id}" already has a ${t.type} title in division "${t.division_id}": "${taken}"` });
  }
  // A title file that is not JSON could hold any title.
  for (const file of unreadable.titles) titleSlots.add({}, file);

  for (const { file, record } of parsed.fights) {
    const { division_id } = fieldsThatParse(record, { division_id: Id });
    if (division_id === undefined) continue;
    for (const [at, id] of stringsAt(record, ['title_ids', '*'])) {
      const titleDivision = titleById.get(id);
      if (titleDivision !== undefined && titleDivision !== division_id)
        problems.push({ file, field: at, message: `title "${id}" belongs to division "${titleDivision}", not the fight's division "${division_id}"` });
    }
  }

  const rankingSlots = new Keys<(typeof RANKING_KEY)[number]>([...RANKING_KEY]);
  for (const { file, record } of parsed.rankings) {
    const r = fieldsThatParse(record, { id: Id, organization_id: Id, division_id: Id });
    const taken = rankingSlots.add(r, r.id ?? file);
    if (taken !== undefined)
      problems.push({ file, field: 'division_id', message: `a ranking for ${r.organization_id}/${r.division_id} already exists: "${taken}"` });
    if (r.organization_id === undefined || r.division_id === undefined) continue;
    for (const [at, type] of stringsAt(record, ['champions', '*', 'title_type'])) {
      if (fieldsOf(TitleType, type) === undefined) continue;
      if (!titleSlots.mayHave({ organization_id: r.organization_id, division_id: r.division_id, type }))
        problems.push({ file, field: at, message: `organization "${r.organization_id}" has no ${type} title in division "${r.division_id}"` });
    }
  }
  // A ranking file that is not JSON could be any ranking.
  for (const file of unreadable.rankings) rankingSlots.add({}, file);

  // The rankings list promises one record per organization on every division's page.
  const idsOf = (name: CollectionName) => [
    ...new Set(parsed[name].flatMap(({ record }) => fieldsThatParse(record, { id: Id }).id ?? [])),
  ];
  const organizations = idsOf('organizations');
  for (const division_id of idsOf('divisions'))
    for (const organization_id of organizations)
      if (!rankingSlots.mayHave({ organization_id, division_id }))
        problems.push({
          file: folders.rankings,
          field: '(missing)',
          message: `no ranking for organization "${organization_id}" in division "${division_id}"; every organization needs one in every division`,
        });
  return problems;
}

export function formatProblems(problems: Problem[]): string {
  const lines = problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`);
  return `Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
