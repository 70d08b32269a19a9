// Keeps a SQLite file in step with the Boxing Data API: the first run downloads every collection's
// export into it; each later run applies the changes since the sync token kept in the file. One
// table per collection, a record per row (its id, and its JSON as the API returns it: query it
// with SQLite's json_extract), and the token in a table of its own. Each run is one transaction:
// a run that fails leaves the file as the last good run left it.
//
//   BOXING_API_KEY=... node client/examples/sqlite-mirror.ts https://boxing.example boxing.sqlite
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import {
  COLLECTIONS,
  createClient,
  type BoxingDataClient,
  type Collection,
  type MirrorResult,
  type MirrorTarget,
} from '../src/index.ts';

/** The file's tables: one per collection, and the sync token. */
function open(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  for (const collection of COLLECTIONS)
    db.exec(`CREATE TABLE IF NOT EXISTS ${collection} (id TEXT PRIMARY KEY, record TEXT NOT NULL)`);
  db.exec('CREATE TABLE IF NOT EXISTS sync (token TEXT NOT NULL)');
  return db;
}

/** The mirror's target over the file's tables. */
function tables(db: DatabaseSync): MirrorTarget {
  const put = Object.fromEntries(
    COLLECTIONS.map((c) => [c, db.prepare(`INSERT OR REPLACE INTO ${c} (id, record) VALUES (?, ?)`)]),
  );
  const remove = Object.fromEntries(COLLECTIONS.map((c) => [c, db.prepare(`DELETE FROM ${c} WHERE id = ?`)]));
  return {
    clear: () => {
      for (const c of COLLECTIONS) db.exec(`DELETE FROM ${c}`);
    },
    put: (collection, record) => void put[collection].run((record as { id: string }).id, JSON.stringify(record)),
    remove: (collection, id) => void remove[collection].run(id),
  };
}

/** Brings the file in step with the API: the whole data the first time, the changes since its token after. */
export async function mirrorToSqlite(client: BoxingDataClient, file: string): Promise<MirrorResult> {
  const db = open(file);
  try {
    const kept = db.prepare('SELECT token FROM sync').get() as { token: string } | undefined;
    db.exec('BEGIN');
    try {
      const result = await client.mirror(tables(db), kept?.token);
      db.exec('DELETE FROM sync');
      db.prepare('INSERT INTO sync (token) VALUES (?)').run(result.token);
      db.exec('COMMIT');
      return result;
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  } finally {
    db.close();
  }
}

/** Every record the file holds of a collection, by id. */
export function recordsIn(file: string, collection: Collection): Map<string, unknown> {
  const db = open(file);
  try {
    const rows = db.prepare(`SELECT id, record FROM ${collection}`).all() as Array<{ id: string; record: string }>;
    return new Map(rows.map((row) => [row.id, JSON.parse(row.record)]));
  } finally {
    db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseUrl, file] = process.argv.slice(2);
  const apiKey = process.env.BOXING_API_KEY;
  if (!baseUrl || !file || !apiKey) {
    console.error('Usage: BOXING_API_KEY=<key> node client/examples/sqlite-mirror.ts <base URL> <SQLite file>');
    process.exit(2);
  }
  const result = await mirrorToSqlite(createClient({ baseUrl, apiKey }), file);
  console.log(
    `${result.fromExports ? 'Made from the exports' : 'Changes applied'}: ${result.applied} records written; the token is kept in ${file}.`,
  );
}
