// One content file read and checked on its own: its problems, the facts the checks between
// records read, and (when it passed) its keys and checked record. The scanners run this for a
// whole folder; a live preview runs it for the files that changed.
import { Buffer } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { factsOf } from '../content/facts.ts';
import { checkRecord, displayPath, notJson, withoutBom } from '../content/read.ts';
import type { CollectionName, EventRecord, FighterRecord, FightRecord } from '../content/schemas.ts';
import { searchFields } from '../store/search/format.ts';
import type { Keys, Scanned } from './scan-protocol.ts';

function keysOf(collection: CollectionName, record: unknown): Keys {
  switch (collection) {
    case 'fights': {
      const f = record as FightRecord;
      return {
        kind: 'fight',
        date: f.date,
        event_id: f.event_id,
        division_id: f.division_id,
        fighters: [f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id],
        title_ids: f.title_ids,
      };
    }
    case 'events':
      return { kind: 'event', date: (record as EventRecord).date };
    case 'fighters': {
      const f = record as FighterRecord;
      return {
        kind: 'fighter',
        name: f.name,
        full_name: f.full_name,
        division_id: f.division_id,
        search: searchFields(f),
        birth_date: f.birth_date,
      };
    }
    default:
      return { kind: 'record', record };
  }
}

/** The most room a read is given beyond the bytes read already. */
const ROOM_STEP = 16 << 20;

/** Where a file's bytes are read into, grown as larger files come: one per thread, reused. */
let space = Buffer.allocUnsafeSlow(64 << 10);

/**
 * The text of an open file, read to its end. `expected` (its size when listed) sizes the first
 * read one byte past it, so a file of that size takes one call to the system, where reading until
 * a read comes back empty takes two; a file that grew since goes on being read.
 */
function readText(fd: number, expected: number): string {
  let length = 0;
  for (;;) {
    // Room for the size expected, in steps of at most ROOM_STEP: a file listed large and
    // since replaced by a small one is not given the large one's room at once.
    const needed = Math.min(Math.max(expected, length) + 1, length + ROOM_STEP);
    if (needed > space.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, space.length * 2));
      space.copy(grown, 0, 0, length);
      space = grown;
    }
    const room = space.length - length;
    const read = readSync(fd, space, length, room, null);
    length += read;
    // Less than asked for, once the size listed is read, is the end (before it, a file system
    // may answer in parts); a file that shrank ends with an empty read.
    if (read === 0 || (read < room && length >= expected)) break;
  }
  const text = space.toString('utf8', 0, length);
  // A rare large file's room is not kept for the small ones after it.
  if (space.length > 1 << 20) space = Buffer.allocUnsafeSlow(64 << 10);
  return text;
}

/**
 * A file of `folder` (path relative to it) read and checked; `checked` is the record as the
 * checks left it. `listed`: the file's size and modification time as the content's listing took
 * them, before any file was read (see inputs.ts), which the store's index keeps; without it they
 * are taken from the file as it is read.
 */
export function scanFile(
  folder: string,
  collection: CollectionName,
  file: string,
  listed?: { size: number; mtimeMs: number },
): Scanned & { checked?: unknown } {
  const full = path.join(folder, file);
  const fd = openSync(full, 'r');
  let text: string;
  let size: number;
  let mtimeMs: number;
  try {
    ({ size, mtimeMs } = listed ?? fstatSync(fd));
    text = readText(fd, size);
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
  const problems = check.issues.map((issue) => ({
    file: shown,
    field: issue.path.join('.') || '(record)',
    message: issue.message,
  }));
  if (!check.success) return { file, size, mtimeMs, problems, facts };
  return { file, size, mtimeMs, problems, facts, keys: keysOf(collection, check.data), checked: check.data };
}

/**
 * A file listed when the build began and gone when read (deleted, renamed, a checkout): a content
 * problem, not a crash. (An update takes a file that is gone as deleted: it reads the folder as
 * it is, not a listing.)
 */
export function removedDuringScan(folder: string, file: string): Scanned {
  const problem = {
    file: displayPath(path.join(folder, file)),
    field: '(file)',
    message: 'was removed while the build was reading the content; build again',
  };
  return { file, size: 0, mtimeMs: 0, problems: [problem], unreadable: path.basename(file, '.json') };
}
