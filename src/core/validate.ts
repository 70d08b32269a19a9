// Checks that span records: ids unique, references resolvable, titles and rankings consistent.
// Pure: each problem names the file, the field and what is wrong, and all are returned at once.
import type { CollectionName, ContentRecords } from '../schemas/content.ts';
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

const SINGULAR: Record<CollectionName, string> = {
  divisions: 'division', organizations: 'organization', titles: 'title', fighters: 'fighter',
  events: 'event', fights: 'fight', rankings: 'ranking',
};

/**
 * `alsoExisting` names ids of records that failed their schema: they are reported already, and
 * references to them are not reported again as dangling.
 */
export function crossCheck(content: LocatedRecords, alsoExisting?: Partial<Record<CollectionName, Set<string>>>): Problem[] {
  const problems: Problem[] = [];
  const ids = {} as Record<CollectionName, Set<string>>;

  for (const name of Object.keys(content) as CollectionName[]) {
    const firstFile = new Map<string, string>();
    for (const { file, record } of content[name]) {
      const seen = firstFile.get(record.id);
      if (seen) problems.push({ file, field: 'id', message: `duplicate ${SINGULAR[name]} id "${record.id}", already used by ${seen}` });
      else firstFile.set(record.id, file);
    }
    ids[name] = new Set(firstFile.keys());
  }

  const ref = (file: string, field: string, collection: CollectionName, id: string) => {
    if (!ids[collection].has(id) && !alsoExisting?.[collection]?.has(id))
      problems.push({ file, field, message: `refers to ${SINGULAR[collection]} "${id}", which does not exist` });
  };

  const titleById = new Map(content.titles.map(({ record }) => [record.id, record]));
  const titleSlots = new Map<string, string>();
  for (const { file, record: t } of content.titles) {
    ref(file, 'organization_id', 'organizations', t.organization_id);
    ref(file, 'division_id', 'divisions', t.division_id);
    const slot = `${t.organization_id}/${t.division_id}/${t.type}`;
    const taken = titleSlots.get(slot);
    if (taken)
      problems.push({ file, field: 'type', message: `organization "${t.organization_id}" already has a ${t.type} title in division "${t.division_id}": "${taken}"` });
    else titleSlots.set(slot, t.id);
  }

  for (const { file, record: f } of content.fighters) {
    ref(file, 'division_id', 'divisions', f.division_id);
    if (!(f.nationality_code in COUNTRIES))
      problems.push({ file, field: 'nationality_code', message: `"${f.nationality_code}" is not a known country code` });
  }

  for (const { file, record: f } of content.fights) {
    ref(file, 'event_id', 'events', f.event_id);
    ref(file, 'division_id', 'divisions', f.division_id);
    ref(file, 'fighters.fighter_1.fighter_id', 'fighters', f.fighters.fighter_1.fighter_id);
    ref(file, 'fighters.fighter_2.fighter_id', 'fighters', f.fighters.fighter_2.fighter_id);
    f.title_ids.forEach((id, i) => {
      const title = titleById.get(id);
      if (!title) ref(file, `title_ids.${i}`, 'titles', id);
      else if (title.division_id !== f.division_id)
        problems.push({ file, field: `title_ids.${i}`, message: `title "${id}" belongs to division "${title.division_id}", not the fight's division "${f.division_id}"` });
    });
  }

  const rankingSlots = new Map<string, string>();
  for (const { file, record: r } of content.rankings) {
    ref(file, 'organization_id', 'organizations', r.organization_id);
    ref(file, 'division_id', 'divisions', r.division_id);
    const slot = `${r.organization_id}/${r.division_id}`;
    const taken = rankingSlots.get(slot);
    if (taken) problems.push({ file, field: 'division_id', message: `a ranking for ${slot} already exists: "${taken}"` });
    else rankingSlots.set(slot, r.id);
    r.champions.forEach((c, i) => {
      if (c.fighter_id !== null) ref(file, `champions.${i}.fighter_id`, 'fighters', c.fighter_id);
      if (!titleSlots.has(`${r.organization_id}/${r.division_id}/${c.title_type}`))
        problems.push({ file, field: `champions.${i}.title_type`, message: `organization "${r.organization_id}" has no ${c.title_type} title in division "${r.division_id}"` });
    });
    r.rankings.forEach((entry, i) => {
      if (entry.fighter_id !== null) ref(file, `rankings.${i}.fighter_id`, 'fighters', entry.fighter_id);
    });
  }
  return problems;
}

export function formatProblems(problems: Problem[]): string {
  const lines = problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`);
  return `Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
