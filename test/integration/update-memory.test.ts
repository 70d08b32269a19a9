// A build over a previous one holds the files its change touches one at a time: its memory
// follows what it changes, not the number of edits times the packs each reads. Fifty scattered
// results at 20,000 fights are built as an update within a heap of 128 MB (it needs less than
// 96); made all before any was written, each holding the packs it was made from, the same update
// ran out of a 128 MB heap.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_AS_OF } from '../helpers/as-of.ts';
import { writeDataset } from '../helpers/small-dataset.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-update-memory-'));
const content = path.join(work, 'content');
const dist = path.join(work, 'dist');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function build(heapMb?: number): string {
  const result = spawnSync(process.execPath, ['scripts/build.ts', '--outDir', dist], {
    env: {
      ...process.env,
      CONTENT_DIR: content,
      AS_OF: TEST_AS_OF,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, heapMb ? `--max-old-space-size=${heapMb}` : '']
        .filter(Boolean)
        .join(' '),
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the build failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout + result.stderr;
}

describe('a build over a previous one, of many scattered edits', () => {
  it('holds the files it makes one at a time, within a small heap', () => {
    writeDataset(content, { fights: 20_000, fighters: 6_000 });
    build();
    const fights = readdirSync(path.join(content, 'fights')).sort();
    const step = Math.floor(fights.length / 51);
    // A result entered into every 400th fight or so: each touches its record's pack, its place in
    // the lists in order, its card's and its fighters' lists, their records and the name search.
    for (let n = 1; n <= 50; n++) {
      const file = path.join(content, 'fights', fights[n * step]);
      const fight = JSON.parse(readFileSync(file, 'utf8'));
      fight.status = 'FINISHED';
      fight.results = { outcome: 'UD', round: String(fight.scheduled_rounds) };
      fight.scores = ['116-112', '115-113', '117-111'];
      fight.fighters.fighter_1.winner = true;
      fight.fighters.fighter_2.winner = false;
      writeFileSync(file, `${JSON.stringify(fight, null, 2)}\n`);
    }
    const out = build(128);
    expect(out).toMatch(/50 content files changed, [\d,]+ store files made, [\d,]+ taken from the previous build/);
  }, 240_000);
});
