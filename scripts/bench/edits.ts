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
type Corners = { fighter_1: { fighter_id: string; winner: boolean }; fighter_2: { fighter_id: string; winner: boolean } };

/** The fight with the greatest id (generated ids rise with the date: one of the latest cards). */
function latestFightId(contentDir: string): string {
  let latest = '';
  for (const name of readdirSync(path.join(contentDir, 'fights'))) if (name.endsWith('.json') && name > latest) latest = name;
  return path.basename(latest, '.json');
}

/** The benchmarks' edits, on a fight and one of its fighters. */
export function edits(contentDir: string): Edit[] {
  const file = (collection: string, id: string) => path.join(contentDir, collection, `${id}.json`);
  const read = (collection: string, id: string): Json => JSON.parse(readFileSync(file(collection, id), 'utf8'));
  const write = (collection: string, record: Json) => writeFileSync(file(collection, record.id), `${JSON.stringify(record, null, 2)}\n`);
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
          ...fight, status: 'FINISHED', results: { outcome: 'UD', round: String(fight.scheduled_rounds) }, scores: ['116-112', '115-113', '117-111'],
          fighters: { fighter_1: { ...corners.fighter_1, winner: true }, fighter_2: { ...corners.fighter_2, winner: false } },
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
