// The content's digest, from a listing taken earlier and the files changed since, is the digest a
// listing taken now gives: files edited, removed, and added before, among and after the others.
import { mkdirSync, mkdtempSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentInputs, listContent, type FileStat } from '../../../src/pipeline/inputs.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
  // A time of its own, whatever the file system's clock: an edit shows as surely as a new size.
  const when = new Date(Date.UTC(2026, 0, 1) + text.length * 1000 + file.length);
  utimesSync(path.join(dir, file), when, when);
};
const statOf = (file: string): FileStat | null => {
  const stat = statSync(path.join(dir, file), { throwIfNoEntry: false });
  return stat ? { size: stat.size, mtime: stat.mtimeMs } : null;
};

describe('contentInputs', () => {
  it('gives, from a listing and the files changed since, what a listing taken now gives', () => {
    for (const file of ['fighters/b.json', 'fighters/d.json', 'fights/f-1.json', 'fights/f-3.json'])
      write(file, `{"id":"${file}"}`);
    const before = listContent(dir);
    const changed = new Map<string, FileStat | null>();
    const change = (file: string, text: string | null) => {
      if (text === null) unlinkSync(path.join(dir, file));
      else write(file, text);
      changed.set(file, statOf(file));
    };
    change('fighters/d.json', '{"id":"d","name":"renamed"}');
    change('fights/f-1.json', null);
    change('events/a.json', '{}');
    change('fighters/c.json', '{"id":"c"}');
    change('fights/f-9.json', '{"id":"f-9"}');
    const now = contentInputs(dir, '2026-11-01', listContent(dir));
    expect(contentInputs(dir, '2026-11-01', before, changed)).toEqual(now);
    expect(now.content_files).toBe(6);
    // Without the changes, the listing is the content as it was.
    expect(contentInputs(dir, '2026-11-01', before).fingerprint).not.toBe(now.fingerprint);
  });
});
