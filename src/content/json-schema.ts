// Each collection's JSON Schema, for editors that check content files as they are typed. Made from
// the zod schemas of ./schemas.ts, on their input side (what a file may hold), so the two never
// disagree on a field; committed under schemas/content/ (`npm run content:schemas` writes them, a
// test fails when they are stale) so that a fresh clone has them without a build.
import { z } from 'zod';
import { COLLECTIONS } from './files.ts';
import type { CollectionName } from './schemas.ts';
import { contentSchemas } from './schemas.ts';

/**
 * Draft-07 is the draft that every editor's JSON support reads in full; nothing in these schemas
 * needs a later one (zod's 2020-12 output is the same but for the `$schema` line).
 */
const TARGET = 'draft-7';

/** What JSON Schema cannot say, said in each schema's description so that an editor's silence is not read as "valid". */
const BUILD_ONLY =
  'An editor checks each field on its own. The build checks more, which JSON Schema cannot express: rules between ' +
  "fields of a record (a fight's status and its result, a fighter's statistics, ranks in order), rules between " +
  'records (unique ids, references that resolve, titles of the right division, one ranking per organization and ' +
  "division), real calendar dates and known country codes. It counts a text's length after trimming spaces, in " +
  'UTF-16 units. npm run check:content lists every problem as the build does.';

/** The folder, relative to the project, that holds the committed schemas. */
export const JSON_SCHEMA_FOLDER = 'schemas/content';

/** A collection's schema file, relative to the project. */
export const jsonSchemaFile = (name: CollectionName) => `${JSON_SCHEMA_FOLDER}/${name}.schema.json`;

function contentJsonSchema(name: CollectionName): Record<string, unknown> {
  const { $schema, title, description, ...rest } = z.toJSONSchema(contentSchemas[name], {
    io: 'input',
    target: TARGET,
  });
  // What the file is comes first, for whoever opens the schema itself.
  return { $schema, title, description: `${description} ${BUILD_ONLY}`, ...rest };
}

/** Every schema file's path (relative to the project) and text, as committed. */
export function contentJsonSchemaFiles(): Map<string, string> {
  return new Map(
    COLLECTIONS.map((name) => [jsonSchemaFile(name), `${JSON.stringify(contentJsonSchema(name), null, 2)}\n`]),
  );
}
