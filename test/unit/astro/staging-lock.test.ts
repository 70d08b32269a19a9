import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { holdStagingFolder, stagesInSharedFolder } from '../../../src/astro/staging-lock.ts';
import { isAlive } from '../../../src/shared/processes.ts';

const project = mkdtempSync(path.join(tmpdir(), 'staging-lock-'));
const lock = path.join(project, '.astro', 'prerender.lock');
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("Astro's shared staging folder", () => {
  it('is used by a build whose output folder is outside the current folder only', () => {
    expect(stagesInSharedFolder('/elsewhere/dist', '/work/project')).toBe(true);
    expect(stagesInSharedFolder('/work/project/dist', '/work/project')).toBe(false);
  });

  it('is held by one build at a time: the next waits until it is given back', async () => {
    const release = await holdStagingFolder({ cwd: project, pollMs: 5 });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    // Now another live process's (this test's own parent's): a holder gives back only its own.
    writeFileSync(lock, String(process.ppid));
    release();
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
    let taken = false;
    const told: Array<[number, string]> = [];
    const next = holdStagingFolder({
      cwd: project,
      pollMs: 5,
      noticeMs: 50,
      onWait: (pid, file) => told.push([pid, file]),
    }).then((r) => ((taken = true), r));
    await sleep(100);
    expect(taken).toBe(false);
    // Told once which process it waits for, and the lock to remove should none run.
    expect(told).toEqual([[process.ppid, lock]]);
    rmSync(lock);
    const releaseNext = await next;
    expect(taken).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    releaseNext();
    expect(existsSync(lock)).toBe(false);
  });

  it('is taken over at once from a build whose process is gone (killed midway)', async () => {
    mkdirSync(path.dirname(lock), { recursive: true });
    // A process id no process has (the highest Linux gives, if that is taken: the first free one below).
    let gone = 4_194_303;
    while (isAlive(gone)) gone--;
    writeFileSync(lock, String(gone));
    const release = await holdStagingFolder({ cwd: project, pollMs: 60_000 });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
  });
});
