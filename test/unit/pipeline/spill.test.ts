// A spill file gives back every text where it was put, whatever the order of the reads; reads
// that move forward or backward cost a call to the system per window, not per text.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_AHEAD, Spill } from '../../../src/pipeline/spill.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'spill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Texts of varied lengths, one far longer than a window. */
const texts = Array.from({ length: 3000 }, (_, i) => `{"id":"record-${i}","pad":"${'x'.repeat((i * 37) % 900)}"}`);
texts[1500] = `{"long":"${'y'.repeat(READ_AHEAD * 2)}"}`;

function spilled(file: string): { spill: Spill; at: number[] } {
  const spill = new Spill(path.join(dir, file));
  return { spill, at: texts.map((t) => spill.append(t)) };
}

describe('a spill file', () => {
  it('reads a list in the order it was written with a call per window, not per text', () => {
    const { spill, at } = spilled('forward');
    for (let i = 0; i < texts.length; i++) expect(spill.read(at[i], texts[i].length)).toBe(texts[i]);
    const bytes = texts.reduce((n, t) => n + t.length, 0);
    expect(spill.reads).toBeLessThanOrEqual(Math.ceil(bytes / READ_AHEAD) + 4);
    spill.close();
  });

  it('reads a list backward (newest first) with a call per window, not per text', () => {
    const { spill, at } = spilled('backward');
    for (let i = texts.length - 1; i >= 0; i--) expect(spill.read(at[i], texts[i].length)).toBe(texts[i]);
    const bytes = texts.reduce((n, t) => n + t.length, 0);
    expect(spill.reads).toBeLessThanOrEqual(Math.ceil(bytes / READ_AHEAD) + 4);
    spill.close();
  });

  it("reads a share of a list moving forward (a division's) from windows too", () => {
    const { spill, at } = spilled('share');
    let n = 0;
    for (let i = 0; i < texts.length; i += 7, n++) expect(spill.read(at[i], texts[i].length)).toBe(texts[i]);
    expect(spill.reads).toBeLessThan(n / 4);
    spill.close();
  });

  it('gives every text back when the reads jump about or go backwards', () => {
    const { spill, at } = spilled('jumps');
    const order = texts.map((_, i) => (i * 1237) % texts.length);
    for (const i of order) expect(spill.read(at[i], texts[i].length)).toBe(texts[i]);
    for (let i = texts.length - 1; i >= 0; i--) expect(spill.read(at[i], texts[i].length)).toBe(texts[i]);
    spill.close();
  });

  it('reads texts still in its buffer, and texts appended after a window was read', () => {
    const spill = new Spill(path.join(dir, 'growing'));
    const at: number[] = [];
    for (let i = 0; i < 200; i++) {
      at.push(spill.append(texts[i]));
      // Each read moves forward from the last: the window is read while the file is still growing.
      expect(spill.read(at[i], texts[i].length)).toBe(texts[i]);
      if (i > 0) expect(spill.read(at[i - 1], texts[i - 1].length)).toBe(texts[i - 1]);
    }
    spill.close();
  });

  it('opened to read, never reads past its end', () => {
    const { spill, at } = spilled('reopened');
    spill.close();
    const again = new Spill(path.join(dir, 'reopened'), 'r');
    for (let i = texts.length - 50; i < texts.length; i++) expect(again.read(at[i], texts[i].length)).toBe(texts[i]);
    for (let i = 0; i < texts.length; i++) expect(again.read(at[i], texts[i].length)).toBe(texts[i]);
    // A read past the end is a fault of the build's own, said as one, never bytes left in the window.
    const end = at[texts.length - 1] + texts[texts.length - 1].length;
    expect(() => again.read(end - 5, 10)).toThrow(`spill file ends before byte ${end + 5}`);
    again.close();
  });
});
