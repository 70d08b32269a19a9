// Checks that span records: ids unique, references resolvable, titles and rankings consistent.
// Pure, and fed one record's facts at a time (see ./facts.ts), collection by collection in
// COLLECTIONS order, which puts every collection after those it refers to: a reference is checked
// as it arrives and nothing of a record is kept but its id. Each problem names the file, the field
// and what is wrong; all are returned at once, in the same order whatever the data size.
import { REFERENCES, type Facts } from './facts.ts';
import type { CollectionName } from './schemas.ts';
import { SINGULAR } from '../records/resources.ts';

export interface Problem {
  file: string;
  field: string;
  message: string;
}

/**
 * A collection's ids as the checks see them: every id a record holds, and the file names of the
 * files that are not JSON at all (which stand in for their ids).
 */
export interface IdIndex {
  /** Adds an id; returns the file of the record that already held it, if any. */
  add(id: string, file: string): string | undefined;
  has(id: string): boolean;
}

/** The simple index: a Map. Large collections may use a compact one (same behaviour). */
export function mapIdIndex(): IdIndex {
  const firstFile = new Map<string, string>();
  return {
    add(id, file) {
      const seen = firstFile.get(id);
      if (seen === undefined) firstFile.set(id, file);
      return seen;
    },
    has: (id) => firstFile.has(id),
  };
}

type Slot<K extends string> = Partial<Record<K, string>>;

/**
 * Records whose key fields did not all parse could be any of the keys their parsed fields allow:
 * such a key is neither "missing" nor "taken", so checks on it are left until the record is fixed.
 */
class Keys<K extends string> {
  readonly known = new Map<string, string>();
  private readonly unsure: Slot<K>[] = [];
  private readonly fields: K[];
  constructor(fields: K[]) {
    this.fields = fields;
  }
  /** Adds a record's key; returns what already held it, if anything. */
  add(fields: Slot<K>, holder: string): string | undefined {
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
    return (
      this.known.has(this.key(fields)) ||
      this.unsure.some((u) => this.fields.every((f) => u[f] === undefined || u[f] === fields[f]))
    );
  }
  private key(fields: Slot<K>): string {
    return this.fields.map((f) => fields[f]).join('/');
  }
}

const TITLE_KEY = ['organization_id', 'division_id', 'type'] as const;
const RANKING_KEY = ['organization_id', 'division_id'] as const;

export interface CrossChecker {
  /** A record that parsed as JSON (valid or not), in its collection's file order. */
  add(collection: CollectionName, file: string, facts: Facts): void;
  /** A file that is not JSON: its name stands in for its id. */
  addUnreadable(collection: CollectionName, file: string, name: string): void;
  /** Every problem, in a fixed order: duplicates, references, then the slot checks. */
  finish(): Problem[];
}

/**
 * `folders` are the collection folders as problems name them; `idIndex` makes each collection's
 * id index (a Map unless a caller has a more compact one).
 */
export function createCrossChecker(
  folders: Record<CollectionName, string>,
  idIndex: (c: CollectionName) => IdIndex = mapIdIndex,
): CrossChecker {
  const ids = new Map<CollectionName, IdIndex>();
  const indexOf = (c: CollectionName) => {
    let index = ids.get(c);
    if (!index) ids.set(c, (index = idIndex(c)));
    return index;
  };
  // Problems by kind, each in arrival order, joined in the order the checks are listed in.
  const duplicates = new Map<CollectionName, Problem[]>();
  const references = new Map<string, Problem[]>();
  const titleSlotProblems: Problem[] = [];
  const stakeProblems: Problem[] = [];
  const rankingProblems: Problem[] = [];
  const push = <K>(map: Map<K, Problem[]>, key: K, p: Problem) => {
    const list = map.get(key);
    if (list) list.push(p);
    else map.set(key, [p]);
  };

  const titleDivision = new Map<string, string>();
  const titleSlots = new Keys<(typeof TITLE_KEY)[number]>([...TITLE_KEY]);
  const rankingSlots = new Keys<(typeof RANKING_KEY)[number]>([...RANKING_KEY]);
  const validIds = { divisions: new Set<string>(), organizations: new Set<string>() };
  // Names of files that are not JSON: references to them resolve, but they hold no id to collide with.
  const unreadable = new Map<CollectionName, Set<string>>();
  const exists = (c: CollectionName, id: string) => indexOf(c).has(id) || (unreadable.get(c)?.has(id) ?? false);

  return {
    add(collection, file, facts) {
      if (facts.id !== undefined) {
        const seen = indexOf(collection).add(facts.id, file);
        if (seen !== undefined)
          push(duplicates, collection, {
            file,
            field: 'id',
            message: `duplicate ${SINGULAR[collection]} id "${facts.id}", already used by ${seen}`,
          });
      }
      if ((collection === 'divisions' || collection === 'organizations') && facts.validId !== undefined)
        validIds[collection].add(facts.validId);
      for (const [at, target, id, field] of facts.refs)
        if (!exists(target, id))
          push(references, `${collection}/${field}`, {
            file,
            field: at,
            message: `refers to ${SINGULAR[target]} "${id}", which does not exist`,
          });

      if (facts.title) {
        const t = facts.title;
        if (t.id !== undefined && t.division_id !== undefined) titleDivision.set(t.id, t.division_id);
        const taken = titleSlots.add(t, t.id ?? file);
        if (taken !== undefined)
          titleSlotProblems.push({
            file,
            field: 'type',
            message: `organization "${t.organization_id}" already has a ${t.type} title in division "${t.division_id}": "${taken}"`,
          });
      }
      if (collection === 'fights' && facts.division_id !== undefined)
        for (const [at, target, id] of facts.refs) {
          if (target !== 'titles') continue;
          const division = titleDivision.get(id);
          if (division !== undefined && division !== facts.division_id)
            stakeProblems.push({
              file,
              field: at,
              message: `title "${id}" belongs to division "${division}", not the fight's division "${facts.division_id}"`,
            });
        }
      if (facts.ranking) {
        const r = facts.ranking.slot;
        const taken = rankingSlots.add(r, r.id ?? file);
        if (taken !== undefined)
          rankingProblems.push({
            file,
            field: 'division_id',
            message: `a ranking for ${r.organization_id}/${r.division_id} already exists: "${taken}"`,
          });
        if (r.organization_id !== undefined && r.division_id !== undefined)
          for (const [at, type] of facts.ranking.champions)
            if (!titleSlots.mayHave({ organization_id: r.organization_id, division_id: r.division_id, type }))
              rankingProblems.push({
                file,
                field: at,
                message: `organization "${r.organization_id}" has no ${type} title in division "${r.division_id}"`,
              });
      }
    },

    addUnreadable(collection, file, name) {
      if (!unreadable.has(collection)) unreadable.set(collection, new Set());
      unreadable.get(collection)!.add(name);
      // A title or ranking file that is not JSON could hold any title or ranking.
      if (collection === 'titles') titleSlots.add({}, file);
      if (collection === 'rankings') rankingSlots.add({}, file);
    },

    finish() {
      const problems: Problem[] = [];
      const order = Object.keys(folders) as CollectionName[];
      for (const c of order) problems.push(...(duplicates.get(c) ?? []));
      for (const c of order)
        for (const field of (REFERENCES[c] ?? []).keys()) problems.push(...(references.get(`${c}/${field}`) ?? []));
      problems.push(...titleSlotProblems, ...stakeProblems, ...rankingProblems);
      // The rankings list promises one record per organization on every division's page.
      for (const division_id of validIds.divisions)
        for (const organization_id of validIds.organizations)
          if (!rankingSlots.mayHave({ organization_id, division_id }))
            problems.push({
              file: folders.rankings,
              field: '(missing)',
              message: `no ranking for organization "${organization_id}" in division "${division_id}"; every organization needs one in every division`,
            });
      return problems;
    },
  };
}

export function formatProblems(problems: Problem[]): string {
  const lines = problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`);
  return `Content has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}
