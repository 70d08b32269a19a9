import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFingerprint } from '../../src/pipeline/output.ts';

const projects: string[] = [];
afterAll(() => projects.forEach((p) => rmSync(p, { recursive: true, force: true })));

/** A project of its own for each test: a few files of code, and one outside it. */
function freshProject(): string {
  const project = mkdtempSync(path.join(tmpdir(), 'code-fingerprint-'));
  projects.push(project);
  for (const [file, text] of [
    ['src/api/handler.ts', 'export {};\n'],
    ['src/pages/docs.astro', '<html></html>\n'],
    ['astro.config.mjs', 'export default {};\n'],
    ['package.json', '{}\n'],
    ['package-lock.json', '{}\n'],
    ['README.md', 'not code\n'],
  ]) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    writeFileSync(path.join(project, file), text);
  }
  return project;
}

describe("the code's digest", () => {
  it('follows the bytes, not the times: a file touched, or written again the same, keeps it', () => {
    const project = freshProject();
    const first = codeFingerprint(project);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(project, 'src/api/handler.ts'), later, later);
    writeFileSync(path.join(project, 'package-lock.json'), '{}\n');
    expect(codeFingerprint(project)).toBe(first);
  });

  it('changes with a byte of the code, a file renamed, or a file added; not with a file outside it', () => {
    const project = freshProject();
    const first = codeFingerprint(project);
    writeFileSync(path.join(project, 'README.md'), 'still not code\n');
    expect(codeFingerprint(project)).toBe(first);
    writeFileSync(path.join(project, 'src/pages/docs.astro'), '<html> </html>\n');
    const edited = codeFingerprint(project);
    expect(edited).not.toBe(first);
    renameSync(path.join(project, 'src/api/handler.ts'), path.join(project, 'src/api/handlers.ts'));
    const renamed = codeFingerprint(project);
    expect(renamed).not.toBe(edited);
    mkdirSync(path.join(project, 'public'));
    writeFileSync(path.join(project, 'public/robots.txt'), 'User-agent: *\n');
    expect(codeFingerprint(project)).not.toBe(renamed);
  });

  it('does not follow the code that only serves a build, and follows the store reader the API document uses', () => {
    const project = freshProject();
    const served = [
      'src/hosts/node/serve.ts',
      'src/dev/live-store.ts',
      'src/cli/args.ts',
      'src/hosts/emulator/site.ts',
    ];
    for (const file of [...served, 'src/hosts/node/folder-store.ts']) {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      writeFileSync(path.join(project, file), 'export {};\n');
    }
    const first = codeFingerprint(project);
    for (const file of served) writeFileSync(path.join(project, file), 'export const changed = 1;\n');
    expect(codeFingerprint(project)).toBe(first);
    writeFileSync(path.join(project, 'src/hosts/node/folder-store.ts'), 'export const changed = 1;\n');
    expect(codeFingerprint(project)).not.toBe(first);
  });
});
