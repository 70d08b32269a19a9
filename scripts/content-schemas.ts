// npm run content:schemas: writes each collection's JSON Schema (src/content/json-schema.ts) into
// schemas/content/, where editors find them. They are committed, so a fresh clone checks content
// as it is typed; run this after changing src/content/schemas.ts (a test fails until then).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentJsonSchemaFiles, JSON_SCHEMA_FOLDER } from '../src/content/json-schema.ts';
import { parseCommandLine } from '../src/cli/args.ts';

const USAGE = `Usage: npm run content:schemas
       (or node scripts/content-schemas.ts)

Writes the JSON Schema of each content collection into ${JSON_SCHEMA_FOLDER}/, made from the
content's zod schemas (src/content/schemas.ts). Editors check content files against them as they
are typed (.vscode/settings.json maps each collection's files to its schema). Run it after
changing the content schemas and commit the result: a test fails while the files are stale.

  -h, --help   print this text`;

parseCommandLine(USAGE, {});
const root = fileURLToPath(new URL('..', import.meta.url));
const folder = path.join(root, JSON_SCHEMA_FOLDER);
const files = contentJsonSchemaFiles();
mkdirSync(folder, { recursive: true });
// A schema of a collection that no longer exists would go on matching files in editors.
for (const name of readdirSync(folder))
  if (name.endsWith('.schema.json') && !files.has(`${JSON_SCHEMA_FOLDER}/${name}`)) rmSync(path.join(folder, name));
for (const [file, text] of files) writeFileSync(path.join(root, file), text);
console.log(`Wrote ${files.size} JSON Schemas into ${JSON_SCHEMA_FOLDER}/`);
