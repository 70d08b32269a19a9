// The JSON Schemas editors check content files against: made from the content's zod schemas,
// committed up to date, mapped to the content folders for VS Code, passing every shipped record,
// and refusing what the build refuses, with the same field named. `$schema`, which points an
// editor at them, is accepted everywhere and leaves no trace in what the build makes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStore } from '../../../src/pipeline/build-store.ts';
import { TEST_BUILT_AT } from '../../helpers/as-of.ts';
import { silentProgress } from '../../../src/pipeline/progress.ts';
import { COLLECTIONS } from '../../../src/content/files.ts';
import { contentJsonSchemaFiles, jsonSchemaFile } from '../../../src/content/json-schema.ts';
import { ContentError, readContent } from '../../../src/content/read.ts';
import type { CollectionName } from '../../../src/content/schemas.ts';
import { minimalContent, writeContent } from '../../helpers/fixture.ts';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => void;
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const committed = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Each collection's committed schema, compiled as an editor reads it: draft-07, every keyword known (strict). */
const validators = (() => {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  return Object.fromEntries(COLLECTIONS.map((name) => [name, ajv.compile(committed(jsonSchemaFile(name)))])) as Record<
    CollectionName,
    ValidateFunction
  >;
})();

/** A field path as the build's problems name it (`fighters.fighter_1.winner`), from an Ajv error. */
function ajvField(error: ErrorObject): string {
  const at = error.instancePath.split('/').slice(1);
  if (error.keyword === 'additionalProperties')
    at.push((error.params as { additionalProperty: string }).additionalProperty);
  if (error.keyword === 'required') at.push((error.params as { missingProperty: string }).missingProperty);
  return at.join('.');
}

/** The same, from the build's problem: an unknown field is named in the message, on the object that holds it. */
function buildFields(field: string, message: string): string[] {
  const unknown = /^Unrecognized keys?: (.*)$/.exec(message);
  if (unknown === null) return [field];
  const keys = [...unknown[1].matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  return keys.map((key) => (field === '(record)' ? key : `${field}.${key}`));
}

const schemaFields = (name: CollectionName, record: unknown): string[] => {
  if (validators[name](record)) return [];
  return validators[name].errors!.map(ajvField);
};

type Content = ReturnType<typeof minimalContent>;

/** The fields the build's reader names for the fixture after `mutate`, per file name. */
async function problemFields(content: Content): Promise<Map<string, string[]>> {
  const dir = await writeContent(content);
  const fields = new Map<string, string[]>();
  try {
    await readContent(dir, { onIgnored: () => {} });
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    for (const p of e.problems)
      fields.set(path.basename(p.file), [
        ...(fields.get(path.basename(p.file)) ?? []),
        ...buildFields(p.field, p.message),
      ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return fields;
}

describe('the committed JSON Schemas', () => {
  it('are the ones the zod schemas make now (npm run content:schemas rewrites them)', () => {
    const files = contentJsonSchemaFiles();
    expect([...files.keys()].sort()).toEqual(fg.sync('schemas/content/*.schema.json').sort());
    for (const [file, text] of files)
      expect(readFileSync(file, 'utf8'), `${file} is stale: run npm run content:schemas`).toBe(text);
  });

  it('are draft-07, with a title, and a description saying what only the build checks', () => {
    for (const name of COLLECTIONS) {
      const schema = committed(jsonSchemaFile(name));
      expect(schema.$schema).toBe(DRAFT_07);
      expect(schema.title).toEqual(expect.any(String));
      expect(schema.description).toMatch(
        /rules between fields of a record.*rules between records.*npm run check:content/,
      );
    }
  });

  it('are what VS Code checks each collection folder against, files in subfolders too', () => {
    const settings = committed('.vscode/settings.json') as {
      'json.schemas': Array<{ fileMatch: string[]; url: string }>;
    };
    const mapped = settings['json.schemas'].map((s) => [s.fileMatch, s.url]);
    expect(mapped).toEqual(COLLECTIONS.map((name) => [[`/content/${name}/**/*.json`], `./${jsonSchemaFile(name)}`]));
  });
});

describe('content against its JSON Schema', () => {
  it("every shipped record passes its collection's schema", () => {
    let checked = 0;
    for (const name of COLLECTIONS) {
      const failures: string[] = [];
      for (const file of fg.sync(`content/${name}/**/*.json`)) {
        if (!validators[name](JSON.parse(readFileSync(file, 'utf8'))))
          failures.push(`${file}: ${JSON.stringify(validators[name].errors)}`);
        checked++;
      }
      expect(failures, name).toEqual([]);
    }
    expect(checked).toBeGreaterThan(4_000);
  });

  it('the fixture passes, so each broken record below fails for its one fault', () => {
    const content = minimalContent();
    for (const name of COLLECTIONS)
      for (const record of content[name]) expect(schemaFields(name, record), `${name} ${record.id}`).toEqual([]);
  });

  type AnyRecord = Content[CollectionName][number];
  // Each: what is wrong, the collection, how the fixture is broken (returning the record it broke),
  // and the field both must name.
  const broken: Array<[string, CollectionName, (c: Content) => AnyRecord, string]> = [
    ['an unknown stance', 'fighters', (c) => Object.assign(c.fighters[0], { stance: 'sideways' }), 'stance'],
    ['a name over its limit', 'fighters', (c) => Object.assign(c.fighters[0], { name: 'n'.repeat(101) }), 'name'],
    ['an unknown field', 'fights', (c) => Object.assign(c.fights[0], { referee: 'Kenny Bayless' }), 'referee'],
    [
      'an unknown field in a corner',
      'fights',
      (c) => (Object.assign(c.fights[0].fighters.fighter_1, { corner: 'red' }), c.fights[0]),
      'fighters.fighter_1.corner',
    ],
    [
      'a missing field',
      'fights',
      (c) => (delete (c.fights[0] as Partial<Content['fights'][0]>).updated_at, c.fights[0]),
      'updated_at',
    ],
    [
      'a round that is not a round number',
      'fights',
      (c) => Object.assign(c.fights[0], { results: { outcome: 'KO', round: '0' } }),
      'results.round',
    ],
    [
      'too many scorecards',
      'fights',
      (c) => Object.assign(c.fights[0], { scores: Array(6).fill('116-112') }),
      'scores',
    ],
    ['an id with capitals', 'divisions', (c) => Object.assign(c.divisions[0], { id: 'Heavyweight' }), 'id'],
    ['a weight that is not positive', 'divisions', (c) => Object.assign(c.divisions[1], { weight_lb: 0 }), 'weight_lb'],
    [
      'a list over its limit',
      'events',
      (c) => ((c.events[0].broadcast[0].broadcasters = Array.from({ length: 21 }, (_, i) => `TV ${i}`)), c.events[0]),
      'broadcast.0.broadcasters',
    ],
    ['a date-time in another form', 'events', (c) => Object.assign(c.events[0], { date: '2025-05-03 19:00' }), 'date'],
    ['a rank below 1', 'rankings', (c) => ((c.rankings[0].rankings[0].rank = 0), c.rankings[0]), 'rankings.0.rank'],
    ['a title type that does not exist', 'titles', (c) => Object.assign(c.titles[0], { type: 'super' }), 'type'],
  ];

  it.each(broken)('%s fails the JSON Schema and the build, both naming the field', async (_, name, mutate, field) => {
    const content = minimalContent();
    const record = mutate(content);
    expect(schemaFields(name, record)).toContain(field);
    const problems = await problemFields(content);
    expect(
      problems.get(`${record.id}.json`),
      `the build's problems: ${JSON.stringify(Object.fromEntries(problems))}`,
    ).toContain(field);
  });
});

describe('$schema in a content file', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'schema-key-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** The fixture with `$schema` in every record, as an editor's user writes it (relative to the file). */
  const withSchemaKeys = () => {
    const content = minimalContent();
    for (const name of COLLECTIONS)
      for (const record of content[name]) Object.assign(record, { $schema: `../../${jsonSchemaFile(name)}` });
    return content;
  };

  it("is allowed by every collection's JSON Schema, as a string", () => {
    const content = withSchemaKeys();
    for (const name of COLLECTIONS) for (const record of content[name]) expect(schemaFields(name, record)).toEqual([]);
    expect(schemaFields('fighters', { ...content.fighters[0], $schema: 7 })).toContain('$schema');
  });

  it("is accepted by the build's checks", async () => {
    expect(await problemFields(withSchemaKeys())).toEqual(new Map());
    const content = withSchemaKeys();
    Object.assign(content.fighters[0], { $schema: 7 });
    expect((await problemFields(content)).get('fighter-1.json')).toEqual(['$schema']);
  });

  it('leaves the built store as it is without it: no record of the API carries it', async () => {
    const store = async (content: Content, name: string) => {
      const contentDir = await writeContent(content, path.join(scratch, name, 'content'));
      const outDir = path.join(scratch, name, 'dist');
      await buildStore({
        contentDir,
        outDir,
        asOfDay: '2026-11-21',
        progress: silentProgress,
        onIgnored: () => {},
        builtAt: TEST_BUILT_AT,
      });
      const files = fg.sync('**/*', { cwd: outDir }).sort();
      return new Map(files.map((file) => [file, readFileSync(path.join(outDir, file), 'utf8')]));
    };
    const plain = await store(minimalContent(), 'plain');
    const marked = await store(withSchemaKeys(), 'marked');
    expect(plain.size).toBeGreaterThan(20);
    expect([...marked.keys()]).toEqual([...plain.keys()]);
    for (const [file, text] of marked) {
      expect(text, file).not.toContain('$schema');
      expect(text, file).toBe(plain.get(file));
    }
  });
});
