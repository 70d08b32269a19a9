// The problems the build reports for the test fixture after an edit, as "file: field: message"
// lines (the file by its name alone), in the order the build reports them.
import path from 'node:path';
import { expect } from 'vitest';
import { ContentError, readContent } from '../../src/content/read.ts';
import { minimalContent, writeContent } from './fixture.ts';

export type Content = ReturnType<typeof minimalContent>;

/** Problems of the fixture after `mutate`; `extra` may then add files next to the fixture's own. */
export async function problemsOf(
  mutate: (c: Content) => void,
  extra?: (dir: string) => Promise<void>,
): Promise<string[]> {
  const content = minimalContent();
  mutate(content);
  const dir = await writeContent(content);
  await extra?.(dir);
  try {
    await readContent(dir);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ContentError);
    return (e as ContentError).problems.map((p) => `${path.basename(p.file)}: ${p.field}: ${p.message}`);
  }
}
