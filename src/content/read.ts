// Reads a content folder into memory and validates every record, collecting all problems before
// failing: the simple reader, for small content sets (tests, tools). The build reads content of
// any size through ../pipeline/scan.ts, with the same checks.
import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { contentSchemas, type CollectionName, type ContentRecords } from './schemas.ts';
import { factsOf } from './facts.ts';
import { createCrossChecker, formatProblems, type Problem } from './validate.ts';
import { COLLECTIONS, formatWarnings, listCollection, listStrays, type Warning } from './files.ts';
import { listFiles } from '../shared/file-list.ts';

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

export interface ReadOptions {
  /** Receives the files that are not read, if any; by default they are printed as a warning. */
  onIgnored?: (ignored: Warning[]) => void;
}

const printIgnored = (ignored: Warning[]) => console.warn(formatWarnings(ignored));

/** A content file's text as JSON.parse takes it: some editors on Windows save UTF-8 with a byte-order mark. */
export const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The problem of a file that is not JSON. */
export const notJson = (file: string, e: unknown): Problem => ({
  file,
  field: '(file)',
  message: `is not valid JSON: ${(e as Error).message}`,
});

/** A folder's path as problems show it: relative to the working folder. */
export const displayPath = (file: string) => path.relative(process.cwd(), file) || file;

/**
 * displayPath for the files of one folder (paths relative to it, as a listing names them), made
 * by joining text: a build names every file it reads, and path.relative on each cost about a
 * second a 100,000 files.
 */
export function displayPathIn(folder: string): (file: string) => string {
  const prefix = path.relative(process.cwd(), folder);
  // The folder is the working folder itself: its files are named as displayPath names them.
  if (prefix === '') return (file) => displayPath(path.join(folder, file));
  return (file) => prefix + path.sep + file;
}

/** The problem when the content folder itself is missing: a mistyped CONTENT_DIR would otherwise build an empty site without a word. */
export async function missingFolder(root: string): Promise<Problem | null> {
  if ((await stat(root).catch(() => null))?.isDirectory()) return null;
  return { file: displayPath(root), field: '(folder)', message: 'is not a folder; there is no content to build' };
}

/** A collection's name given to a file where its folder belongs: its records could not be read. */
export function collectionFileProblems(root: string): Problem[] {
  return COLLECTIONS.filter(
    (name) => statSync(path.join(root, name), { throwIfNoEntry: false })?.isDirectory() === false,
  ).map((name) => ({
    file: displayPath(path.join(root, name)),
    field: '(folder)',
    message: `is a file, not a folder: the ${name} records go in a folder of that name`,
  }));
}

export type RecordCheck = { success: true; data: unknown; issues: [] } | { success: false; issues: z.core.$ZodIssue[] };

/** A record checked on its own: its fields, then the rules between them (its schema holds both). */
export function checkRecord(name: CollectionName, record: unknown): RecordCheck {
  const result = contentSchemas[name].safeParse(record);
  return result.success
    ? { success: true, data: result.data, issues: [] }
    : { success: false, issues: result.error.issues };
}

/** Reads and validates a content folder; throws ContentError listing every problem. */
export async function readContent(
  root: string,
  { onIgnored = printIgnored }: ReadOptions = {},
): Promise<ContentRecords> {
  const missing = await missingFolder(root);
  if (missing) throw new ContentError([missing]);
  const notFolders = collectionFileProblems(root);
  if (notFolders.length > 0) throw new ContentError(notFolders);
  const problems: Problem[] = [];
  const folders = Object.fromEntries(COLLECTIONS.map((name) => [name, displayPath(path.join(root, name))])) as Record<
    CollectionName,
    string
  >;
  const checker = createCrossChecker(folders);
  const valid = {} as Record<CollectionName, unknown[]>;
  const listing = listFiles(root);
  const listings = COLLECTIONS.map((name) => ({ name, ...listCollection(root, name, displayPath, listing) }));
  const ignored = [...listings.flatMap((l) => l.ignored), ...listStrays(root, displayPath, listing)];
  if (ignored.length > 0) onIgnored(ignored);

  for (const { name, records } of listings) {
    valid[name] = [];
    for (let i = 0; i < records.count; i++) {
      const file = path.join(root, name, records.at(i));
      const shown = displayPath(file);
      let json: unknown;
      try {
        json = JSON.parse(withoutBom(readFileSync(file, 'utf8')));
      } catch (e) {
        problems.push(notJson(shown, e));
        checker.addUnreadable(name, shown, path.basename(file, '.json'));
        continue;
      }
      checker.add(name, shown, factsOf(name, json));
      const result = checkRecord(name, json);
      if (result.success) valid[name].push(result.data);
      for (const issue of result.issues)
        problems.push({ file: shown, field: issue.path.join('.') || '(record)', message: issue.message });
    }
  }

  problems.push(...checker.finish());
  if (problems.length > 0) throw new ContentError(problems);
  return valid as ContentRecords;
}
