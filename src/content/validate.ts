// Checks that span records: ids unique, references resolvable, titles and rankings consistent.
// Pure: each problem names the file, the field and what is wrong, and all are returned at once.
// References are checked on every record that parsed as JSON, even one that failed its schema,
// so one pass reports everything; checks that need a record's full shape run on valid ones.
import type { CollectionName, ContentRecords } from './schemas.ts';
import { COUNTRIES } from './countries.ts';

export interface Problem {
  file: string;
  field: string;
  message: string;
}

export interface Located<T> {
  file: string;
  record: T;
}

export type LocatedRecords = { [K in CollectionName]: Located<ContentRecords[K][number]>[] };

export interface ContentSet {
  /** Every file that parsed as JSON, whether or not it passed its schema. */
  parsed: Record<CollectionName, Located<unknown>[]>;
  /** The records that passed their schema. */
  valid: LocatedRecords;
  /** Files that are not JSON at all: their names stand in for their ids. */
  unreadable: Record<CollectionName, string[]>;
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

export function crossCheck({ parsed, valid, unreadable }: ContentSet): Problem[] {
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

  problems.push(...shapeChecks(valid));
  return problems;
}

/** Checks that need records of the full shape: titles, divisions of titles at stake, rankings. */
function shapeChecks(content: LocatedRecords): Problem[] {
  const problems: Problem[] = [];
  const titleById = new Map(content.titles.map(({ record }) => [record.id, record]));
  const titleSlots = new Map<string, string>();
  for (const { file, record: t } of content.titles) {
    const slot = `${t.organization_id}/${t.division_id}/${t.type}`;
    const taken = titleSlots.get(slot);
    if (taken)
      problems.push({ file, field: 'type', message: `organization "${t.organization_id}" already has a ${t.type} title in division "${t.division_id}": "${taken}"` });
    else titleSlots.set(slot, t.id);
  }

  for (const { file, record: f } of content.fighters)
    if (!(f.nationality_code in COUNTRIES))
      problems.push({ file, field: 'nationality_code', message: `"${f.nationality_code}" is not a known country code` });

  for (const { file, record: f } of content.fights)
    f.title_ids.forEach((id, i) => {
      const title = titleById.get(id);
      if (title && title.division_id !== f.division_id)
        problems.push({ file, field: `title_ids.${i}`, message: `title "${id}" belongs to division "${title.division_id}", not the fight's division "${f.division_id}"` });
    });

  const rankingSlots = new Map<string, string>();
  for (const { file, record: r } of content.rankings) {
    const slot = `${r.organization_id}/${r.division_id}`;
    const taken = rankingSlots.get(slot);
    if (taken) problems.push({ file, field: 'division_id', message: `a ranking for ${slot} already exists: "${taken}"` });
    else rankingSlots.set(slot, r.id);
    r.champions.forEach((c, i) => {
      if (!titleSlots.has(`${r.organization_id}/${r.division_id}/${c.title_type}`))
        problems.push({ file, field: `champions.${i}.title_type`, message: `organization "${r.organization_id}" has no ${c.title_type} title in division "${r.division_id}"` });
    });
  }
  return problems;
}

export function formatProblems(problems: Problem[]): string {
  const lines = problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`);
  return `Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
