// The file writer puts every file's exact bytes where it was asked, whatever the mix of bodies:
// strings beyond Latin-1 and beyond the Basic Multilingual Plane, bytes, files larger than a
// batch, and more files than a batch holds; and a failure to write reaches the caller.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileWriter } from '../../../src/pipeline/file-writer.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'file-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bodyOf(i: number): string | Uint8Array {
  const text = `{"id":"fight-${i}","name":"${['Álvarez', 'Ленин', 'Nǐ hǎo 你好', 'Ali 🥊'][i % 4]}","pad":"${'x'.repeat((i * 131) % 2500)}"}`;
  if (i % 7 === 3) return new TextEncoder().encode(text);
  // Now and then a file several times a batch, in characters of two and three UTF-8 bytes.
  if (i % 2000 === 999) return `{"long":"${'é€'.repeat(3_000_000 + i)}"}`;
  return text;
}

describe('the file writer', () => {
  it('writes every file with its exact bytes, across batches', async () => {
    const root = path.join(dir, 'out');
    const sink = fileWriter(root);
    const count = 10_000;
    for (let i = 0; i < count; i++) await sink.write(`store/f/${i % 13}/${i}.json`, bodyOf(i));
    await sink.close();
    expect(sink.count()).toBe(count);
    for (let i = 0; i < count; i++) {
      const body = bodyOf(i);
      const expected = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      expect(readFileSync(path.join(root, `store/f/${i % 13}/${i}.json`)).equals(expected), `file ${i}`).toBe(true);
    }
  });

  it('reports a file it cannot write', async () => {
    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const sink = fileWriter(blocked);
    const writing = (async () => {
      for (let i = 0; i < 100; i++) await sink.write(`x/${i}.json`, '{}');
      await sink.close();
    })();
    await expect(writing).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
