// A store file read for an update is "none" only when it is not there: a file that is there but
// cannot be read fails the read, or a pack would be made again from the changed records alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextIfThere } from '../../../src/shared/fs-errors.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'fs-errors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readTextIfThere', () => {
  it("gives a file's text, and null where there is no such file (or a file stands where a folder would)", () => {
    writeFileSync(path.join(dir, 'pack.ndjson'), 'a\t{}');
    expect(readTextIfThere(path.join(dir, 'pack.ndjson'))).toBe('a\t{}');
    expect(readTextIfThere(path.join(dir, 'none.ndjson'))).toBeNull();
    expect(readTextIfThere(path.join(dir, 'pack.ndjson', 'inside'))).toBeNull();
  });

  it('throws when the file is there but cannot be read', () => {
    mkdirSync(path.join(dir, 'folder.ndjson'));
    expect(() => readTextIfThere(path.join(dir, 'folder.ndjson'))).toThrow(/EISDIR/);
  });
});
