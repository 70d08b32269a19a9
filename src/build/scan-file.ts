// One content file read and checked on its own: its problems, the facts the checks between
// records read, and (when it passed) its keys and checked record. The scanners run this for a
// whole folder; a live preview runs it for the files that changed.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { factsOf } from '../content/facts.ts';
import { checkRecord, displayPath, notJson, withoutBom } from '../content/read.ts';
import type { CollectionName, EventRecord, FighterRecord, FightRecord } from '../content/schemas.ts';
import { searchFields } from '../store/layout.ts';
import type { Keys, Scanned } from './scan-protocol.ts';

function keysOf(collection: CollectionName, record: unknown): Keys {
  switch (collection) {
    case 'fights': {
      const f = record as FightRecord;
      return {
        kind: 'fight', date: f.date, event_id: f.event_id, division_id: f.division_id,
        fighters: [f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id], title_ids: f.title_ids,
      };
    }
    case 'events':
      return { kind: 'event', date: (record as EventRecord).date };
    case 'fighters': {
      const f = record as FighterRecord;
      return { kind: 'fighter', name: f.name, full_name: f.full_name, division_id: f.division_id, search: searchFields(f), birth_date: f.birth_date };
    }
    default:
      return { kind: 'record', record };
  }
}

/** A file of `folder` (path relative to it) read and checked; `checked` is the record as the checks left it. */
export function scanFile(folder: string, collection: CollectionName, file: string): Scanned & { checked?: unknown } {
  const full = path.join(folder, file);
  const fd = openSync(full, 'r');
  let text: string;
  let size: number;
  let mtimeMs: number;
  try {
    ({ size, mtimeMs } = fstatSync(fd));
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  let json: unknown;
  try {
    json = JSON.parse(withoutBom(text));
  } catch (e) {
    return { file, size, mtimeMs, problems: [notJson(displayPath(full), e)], unreadable: path.basename(file, '.json') };
  }
  const facts = factsOf(collection, json);
  const check = checkRecord(collection, json);
  // Named only when something is wrong: a build reads every file, and most have no problem.
  const shown = check.issues.length > 0 ? displayPath(full) : '';
  const problems = check.issues.map((issue) => ({ file: shown, field: issue.path.join('.') || '(record)', message: issue.message }));
  if (!check.success) return { file, size, mtimeMs, problems, facts };
  return { file, size, mtimeMs, problems, facts, keys: keysOf(collection, check.data), checked: check.data };
}

/**
 * A file listed when the build began and gone when read (deleted, renamed, a checkout): a content
 * problem, not a crash. (An update takes a file that is gone as deleted: it reads the folder as
 * it is, not a listing.)
 */
export function removedDuringScan(folder: string, file: string): Scanned {
  const problem = { file: displayPath(path.join(folder, file)), field: '(file)', message: 'was removed while the build was reading the content; build again' };
  return { file, size: 0, mtimeMs: 0, problems: [problem], unreadable: path.basename(file, '.json') };
}
