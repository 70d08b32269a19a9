// Reads content/ and validates every record, collecting all problems before failing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { contentSchemas, type CollectionName, type ContentRecords } from '../schemas/content.ts';
import { crossCheck, formatProblems, type LocatedRecords, type Problem } from '../core/validate.ts';

export class ContentError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(formatProblems(problems));
    this.name = 'ContentError';
    this.problems = problems;
    // The message is the whole report; a stack trace into the reader would only add noise.
    this.stack = this.message;
  }
}

const COLLECTIONS = Object.keys(contentSchemas) as CollectionName[];

/** Reads files a batch at a time: a hundred thousand at once would exceed the open-file limit. */
async function readAll(files: string[], batch = 512): Promise<string[]> {
  const texts: string[] = [];
  for (let i = 0; i < files.length; i += batch)
    texts.push(...(await Promise.all(files.slice(i, i + batch).map((f) => readFile(f, 'utf8')))));
  return texts;
}

/** Reads and validates a content folder; throws ContentError listing every problem. */
export async function readContent(root: string): Promise<ContentRecords> {
  const problems: Problem[] = [];
  const located = {} as LocatedRecords;
  const invalidIds = Object.fromEntries(COLLECTIONS.map((n) => [n, new Set<string>()])) as Record<CollectionName, Set<string>>;
  const display = (file: string) => path.relative(process.cwd(), file) || file;

  for (const name of COLLECTIONS) {
    const dir = path.join(root, name);
    const files = (await fg('**/*.json', { cwd: dir, absolute: true })).sort();
    const schema = contentSchemas[name];
    const records: LocatedRecords[typeof name] = [];
    const texts = await readAll(files);
    files.forEach((file, i) => {
      const shown = display(file);
      let json: unknown;
      try {
        json = JSON.parse(texts[i]);
      } catch (e) {
        problems.push({ file: shown, field: '(file)', message: `is not valid JSON: ${(e as Error).message}` });
        return;
      }
      const parsed = schema.safeParse(json);
      if (parsed.success) (records as Array<{ file: string; record: unknown }>).push({ file: shown, record: parsed.data });
      else {
        for (const issue of parsed.error.issues)
          problems.push({ file: shown, field: issue.path.join('.') || '(record)', message: issue.message });
        // Its id still exists: references to it are not reported as dangling on top.
        const id = (json as { id?: unknown } | null)?.id;
        if (typeof id === 'string') invalidIds[name].add(id);
      }
    });
    (located as Record<string, unknown>)[name] = records;
  }

  problems.push(...crossCheck(located, invalidIds));
  if (problems.length > 0) throw new ContentError(problems);
  return Object.fromEntries(COLLECTIONS.map((name) => [name, located[name].map((l) => l.record)])) as ContentRecords;
}
