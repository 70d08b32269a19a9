// A content scanner, in its own thread: reads the files it is given, checks each record on its
// own (schema and the rules within a record), and answers with facts, keys and problems. Checked
// records of the large collections go to this scanner's spill file, so the main thread keeps only
// where they are.
import { Buffer } from 'node:buffer';
import { closeSync, fstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { factsOf } from '../content/facts.ts';
import { displayPath, notJson, withoutBom } from '../content/read.ts';
import { checkRecord } from '../content/rules.ts';
import type { CollectionName, EventRecord, FighterRecord, FightRecord } from '../content/schemas.ts';
import { searchFields } from '../store/layout.ts';
import type { Keys, Scanned, ScannerData, ScanReply, ScanRequest } from './scan-protocol.ts';

const { spill } = workerData as ScannerData;
const spillFd = spill === null ? null : openSync(spill, 'r+');
let spilled = 0;

function keysOf(collection: CollectionName, record: unknown): Keys {
  switch (collection) {
    case 'fights': {
      const f = record as FightRecord;
      return { kind: 'fight', date: f.date, event_id: f.event_id, division_id: f.division_id, fighters: [f.fighters.fighter_1.fighter_id, f.fighters.fighter_2.fighter_id] };
    }
    case 'events':
      return { kind: 'event', date: (record as EventRecord).date };
    case 'fighters': {
      const f = record as FighterRecord;
      return { kind: 'fighter', name: f.name, full_name: f.full_name, division_id: f.division_id, search: searchFields(f) };
    }
    default:
      return { kind: 'record', record };
  }
}

function scan(folder: string, collection: CollectionName, file: string): Scanned {
  const full = path.join(folder, file);
  const shown = displayPath(full);
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
    return { file, size, mtimeMs, problems: [notJson(shown, e)], unreadable: path.basename(file, '.json') };
  }
  const facts = factsOf(collection, json);
  const check = checkRecord(collection, json);
  const problems = check.issues.map((issue) => ({ file: shown, field: issue.path.join('.') || '(record)', message: issue.message }));
  if (!check.success) return { file, size, mtimeMs, problems, facts };
  const keys = keysOf(collection, check.data);
  if (keys.kind === 'record' || spillFd === null) return { file, size, mtimeMs, problems, facts, keys };
  const bytes = Buffer.from(JSON.stringify(check.data));
  writeSync(spillFd, bytes);
  const at: [number, number] = [spilled, bytes.length];
  spilled += bytes.length;
  return { file, size, mtimeMs, problems, facts, keys, spilled: at };
}

parentPort!.on('message', (request: ScanRequest) => {
  const results = request.files.map((file) => scan(request.folder, request.collection, file));
  parentPort!.postMessage({ batch: request.batch, results } satisfies ScanReply);
});
