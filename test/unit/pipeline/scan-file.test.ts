// A content file is read to its end whatever the listing said of it: the build reads each file
// in one call sized by the listing, and a file that grew, shrank or is large must still come
// whole, with the listing's size and time kept for the store's index.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanFile } from '../../../src/pipeline/scan-file.ts';
import { minimalContent } from '../../helpers/fixture.ts';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'scan-file-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fighter = minimalContent().fighters[0];
/** The fighter's record as text, padded with `spaces` spaces before its last brace (still the same record). */
const text = (spaces = 0) => JSON.stringify(fighter).replace(/}$/, `${' '.repeat(spaces)}}`);
const write = (name: string, body: string) => {
  writeFileSync(path.join(folder, name), body);
  return Buffer.byteLength(body);
};

describe('reading a content file', () => {
  it('keeps the size and time the listing gave, and reads a file that grew since in full', () => {
    const bytes = write('grew.json', text(5000));
    const scanned = scanFile(folder, 'fighters', 'grew.json', { size: 100, mtimeMs: 12345 });
    expect(scanned.problems).toEqual([]);
    expect(scanned.keys).toMatchObject({ kind: 'fighter', name: fighter.name });
    expect([scanned.size, scanned.mtimeMs]).toEqual([100, 12345]);
    expect(bytes).toBeGreaterThan(100);
  });

  it('reads a file that shrank since it was listed, to its new end', () => {
    const bytes = write('shrank.json', text());
    const scanned = scanFile(folder, 'fighters', 'shrank.json', { size: bytes + 4000, mtimeMs: 1 });
    expect(scanned.problems).toEqual([]);
    expect(scanned.keys).toMatchObject({ kind: 'fighter', name: fighter.name });
  });

  it('reads a file listed far larger than it now is without asking for the room the listing named', () => {
    const bytes = write('replaced.json', text());
    const scanned = scanFile(folder, 'fighters', 'replaced.json', { size: 2e12, mtimeMs: 1 });
    expect(scanned.problems).toEqual([]);
    expect(bytes).toBeLessThan(1000);
  });

  it('reads files larger than its buffer, and the small ones after them, whole', () => {
    for (const spaces of [70_000, 3_000_000, 0]) {
      const name = `pad-${spaces}.json`;
      const bytes = write(name, text(spaces));
      // Listed at its size, listed smaller than it is, and not listed at all.
      for (const listed of [{ size: bytes, mtimeMs: 1 }, { size: 10, mtimeMs: 1 }, undefined]) {
        const scanned = scanFile(folder, 'fighters', name, listed);
        expect(scanned.problems, `${name}, listed ${JSON.stringify(listed)}`).toEqual([]);
        expect(scanned.keys).toMatchObject({ kind: 'fighter', name: fighter.name });
      }
    }
  });

  it('takes the size and time from the file itself when it was not listed', () => {
    const bytes = write('unlisted.json', text(10));
    const scanned = scanFile(folder, 'fighters', 'unlisted.json');
    expect([scanned.size, scanned.mtimeMs]).toEqual([bytes, statSync(path.join(folder, 'unlisted.json')).mtimeMs]);
  });

  it('names a file cut short (not JSON) as a problem', () => {
    write('cut.json', text().slice(0, 40));
    const scanned = scanFile(folder, 'fighters', 'cut.json', { size: 40, mtimeMs: 1 });
    expect(scanned.unreadable).toBe('cut');
    expect(scanned.problems).toHaveLength(1);
  });
});
