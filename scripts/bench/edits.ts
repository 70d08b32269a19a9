// The edits a maintainer makes, applied to a content folder and undone: what the rebuild and
// live-preview benchmarks time. Each names a request whose answer shows the edit has arrived.
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Edit {
  name: string;
  /** Makes the edit in the content folder. */
  apply(): void;
  /** The request that shows the edit, and whether its answer does. */
  probe: string;
  shows(status: number, body: { data: unknown }): boolean;
  /** Puts the content back as it was. */
  undo(): void;
}

type Json = Record<string, unknown> & { id: string };
type Corners = {
  fighter_1: { fighter_id: string; winner: boolean };
  fighter_2: { fighter_id: string; winner: boolean };
};

/** The fight with the greatest id (generated ids rise with the date: one of the latest cards). */
function latestFightId(contentDir: string): string {
  let latest = '';
  for (const name of readdirSync(path.join(contentDir, 'fights')))
    if (name.endsWith('.json') && name > latest) latest = name;
  return path.basename(latest, '.json');
}

/** The benchmarks' edits, on a fight and one of its fighters. */
export function edits(contentDir: string): Edit[] {
  const file = (collection: string, id: string) => path.join(contentDir, collection, `${id}.json`);
  const read = (collection: string, id: string): Json => JSON.parse(readFileSync(file(collection, id), 'utf8'));
  const write = (collection: string, record: Json) =>
    writeFileSync(file(collection, record.id), `${JSON.stringify(record, null, 2)}\n`);
  /** Restores a file as it is now. */
  const restorer = (collection: string, id: string) => {
    const text = readFileSync(file(collection, id), 'utf8');
    return () => writeFileSync(file(collection, id), text);
  };

  const fight = read('fights', latestFightId(contentDir));
  const corners = fight.fighters as Corners;
  const fighterId = corners.fighter_1.fighter_id;
  const added = `${fight.id}-added`;
  const otherDivision = fight.division_id === 'flyweight' ? 'heavyweight' : 'flyweight';
  const renamed = 'Quillon Zebrowski';
  const showsFight = (test: (f: Record<string, unknown>) => boolean) => (status: number, body: { data: unknown }) =>
    status === 200 && test(body.data as Record<string, unknown>);

  return [
    {
      name: 'result entered into a fight',
      apply: () =>
        write('fights', {
          ...fight,
          status: 'FINISHED',
          results: { outcome: 'UD', round: String(fight.scheduled_rounds) },
          scores: ['116-112', '115-113', '117-111'],
          fighters: {
            fighter_1: { ...corners.fighter_1, winner: true },
            fighter_2: { ...corners.fighter_2, winner: false },
          },
        }),
      probe: `/v2/fights/${fight.id}`,
      shows: showsFight((f) => f.status === 'FINISHED'),
      undo: restorer('fights', fight.id),
    },
    {
      name: 'fight added',
      apply: () => write('fights', { ...fight, id: added }),
      probe: `/v2/fights/${added}`,
      shows: (status) => status === 200,
      undo: () => unlinkSync(file('fights', added)),
    },
    {
      name: 'fight deleted',
      apply: () => unlinkSync(file('fights', fight.id)),
      probe: `/v2/fights/${fight.id}`,
      shows: (status) => status === 404,
      undo: restorer('fights', fight.id),
    },
    {
      name: 'fight moved to another date',
      apply: () => write('fights', { ...fight, date: '2013-06-15T21:00:00' }),
      probe: `/v2/fights/${fight.id}`,
      shows: showsFight((f) => f.date === '2013-06-15T21:00:00'),
      undo: restorer('fights', fight.id),
    },
    {
      name: 'fight moved to another division',
      apply: () => write('fights', { ...fight, division_id: otherDivision, title_ids: [] }),
      probe: `/v2/fights/${fight.id}`,
      shows: showsFight((f) => (f.division as { id: string }).id === otherDivision),
      undo: restorer('fights', fight.id),
    },
    {
      name: 'fighter renamed',
      apply: () => write('fighters', { ...read('fighters', fighterId), name: renamed }),
      probe: `/v2/fighters/?name=${encodeURIComponent(renamed)}`,
      shows: (status, body) => status === 200 && (body.data as Array<{ id: string }>).some((f) => f.id === fighterId),
      undo: restorer('fighters', fighterId),
    },
  ];
}

/**
 * A day of edits spread over the content: results entered, fights added, deleted, moved to
 * another date and division, fighters renamed, `count` in all (in those proportions), on fights
 * taken at even steps through the fights' files. Applied together and undone together.
 */
export function dayOfEdits(contentDir: string, count = 100): { apply(): void; undo(): void; summary: string } {
  const folder = (collection: string) => path.join(contentDir, collection);
  const names = readdirSync(folder('fights'))
    .filter((name) => name.endsWith('.json'))
    .sort();
  const share = (part: number) => Math.max(1, Math.round((count * part) / 100));
  const kinds = {
    results: share(60),
    added: share(15),
    deleted: share(5),
    dates: share(10),
    divisions: share(5),
    renames: 0,
  };
  kinds.renames = Math.max(0, count - kinds.results - kinds.added - kinds.deleted - kinds.dates - kinds.divisions);
  const step = Math.floor(names.length / (count + 1));
  const picked = Array.from({ length: count }, (_, i) => names[(i + 1) * step]);
  const undo: Array<() => void> = [];
  const read = (collection: string, name: string): Json =>
    JSON.parse(readFileSync(path.join(folder(collection), name), 'utf8'));
  const write = (collection: string, name: string, record: Json) =>
    writeFileSync(path.join(folder(collection), name), `${JSON.stringify(record, null, 2)}\n`);
  const keep = (collection: string, name: string) => {
    const text = readFileSync(path.join(folder(collection), name), 'utf8');
    undo.push(() => writeFileSync(path.join(folder(collection), name), text));
  };
  return {
    summary: Object.entries(kinds)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', '),
    apply() {
      let at = 0;
      const next = (n: number) => picked.slice(at, (at += n));
      for (const name of next(kinds.results)) {
        keep('fights', name);
        const fight = read('fights', name);
        const corners = fight.fighters as Corners;
        write('fights', name, {
          ...fight,
          status: 'FINISHED',
          results: { outcome: 'UD', round: String(fight.scheduled_rounds) },
          scores: ['116-112', '115-113', '117-111'],
          fighters: {
            fighter_1: { ...corners.fighter_1, winner: true },
            fighter_2: { ...corners.fighter_2, winner: false },
          },
        });
      }
      for (const name of next(kinds.added)) {
        const fight = read('fights', name);
        const added = `${fight.id}-added`;
        write('fights', `${added}.json`, { ...fight, id: added });
        undo.push(() => unlinkSync(path.join(folder('fights'), `${added}.json`)));
      }
      for (const name of next(kinds.deleted)) {
        keep('fights', name);
        unlinkSync(path.join(folder('fights'), name));
      }
      for (const name of next(kinds.dates)) {
        keep('fights', name);
        write('fights', name, { ...read('fights', name), date: '2013-06-15T21:00:00' });
      }
      for (const name of next(kinds.divisions)) {
        keep('fights', name);
        const fight = read('fights', name);
        write('fights', name, {
          ...fight,
          division_id: fight.division_id === 'flyweight' ? 'heavyweight' : 'flyweight',
          title_ids: [],
        });
      }
      for (const name of next(kinds.renames)) {
        const id = (read('fights', name).fighters as Corners).fighter_1.fighter_id;
        keep('fighters', `${id}.json`);
        write('fighters', `${id}.json`, { ...read('fighters', `${id}.json`), name: `Renamed ${id}` });
      }
    },
    undo() {
      for (const step of undo.reverse()) step();
      undo.length = 0;
    },
  };
}
