// npm run check:content: a content folder checked as the build checks it, without building. Its
// report is the build's own (the same problems, in the same words and order), its exit code says
// whether there is any, and a clean folder gets one line counting its records. Its --help and
// refusals of a bad command line are tested with every script's (cli.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatWarnings } from '../../src/content/files.ts';
import { type ContentError, readContent } from '../../src/content/read.ts';
import type { Warning } from '../../src/content/files.ts';
import { minimalContent, writeContent } from '../helpers/fixture.ts';
import { runScript } from '../helpers/script.ts';

const SCRIPT = 'scripts/check-content.ts';

/** The script as npm runs it, from the project folder, with the environment given. */
const run = (args: string[], env: Record<string, string> = {}) => runScript(SCRIPT, args, { CONTENT_DIR: '', ...env });

describe('npm run check:content', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'check-content-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** The fixture with three problems (one per kind of check) and a file the build does not read. */
  const brokenContent = async () => {
    const content = minimalContent();
    Object.assign(content.fighters[0], { stance: 'sideways' });
    Object.assign(content.fights[0], { referee: 'Kenny Bayless' });
    content.rankings[0].rankings[0].fighter_id = 'fighter-404';
    const dir = await writeContent(content, path.join(scratch, 'broken'));
    writeFileSync(path.join(dir, 'fighters', 'notes.txt'), 'to do');
    return dir;
  };

  it("a clean folder: exit code 0 and one line counting each collection's records", async () => {
    const dir = await writeContent(minimalContent(), path.join(scratch, 'clean'));
    const r = await run(['--content', dir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const summary =
      'Content has no problems: 2 divisions, 1 organization, 2 titles, 3 fighters, 1 event, 1 fight, 2 rankings';
    expect(r.stdout).toMatch(
      new RegExp(`^${summary} \\(${dir.replaceAll('\\', '\\\\')}, checked in \\d+\\.\\d s\\)\\n$`),
    );
  });

  it('a folder with problems: exit code 1 and every problem, as the build reports them, with the files it does not read', async () => {
    const dir = await brokenContent();
    const r = await run(['--content', dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');

    // The build's own report of the same folder, from the reader the tests use.
    let ignored: Warning[] = [];
    const report = await readContent(dir, { onIgnored: (i) => (ignored = i) }).then(
      () => expect.fail("the broken fixture passed the build's checks"),
      (e: unknown) => (e as ContentError).message,
    );
    expect(r.stderr).toBe(`${formatWarnings(ignored)}\n${report}\n`);

    const shown = (file: string) => path.relative(process.cwd(), path.join(dir, file));
    expect(r.stderr.split('\n')).toEqual([
      'Content has 1 ignored file:',
      `  ${shown('fighters/notes.txt')}: is not a .json file; ignored`,
      'Content has 3 problems:',
      `  ${shown('fighters/fighter-1.json')}: stance: Invalid option: expected one of "orthodox"|"southpaw"|"switch"`,
      `  ${shown('fights/fight-1.json')}: (record): Unrecognized key: "referee"`,
      `  ${shown('rankings/wbc-welterweight.json')}: rankings.0.fighter_id: refers to fighter "fighter-404", which does not exist`,
      '',
    ]);
  });

  it('checks the rules within each record, as the build does, in its scanner threads', async () => {
    const content = minimalContent();
    content.divisions[1].weight_kg = null;
    Object.assign(content.fighters[0], { stance: 'sideways', nationality_code: 'XX' });
    Object.assign(content.fights[0], { status: 'LIVE', scheduled_rounds: 10 });
    content.rankings[0].champions.push({ title_type: 'full', fighter_id: null });
    const dir = await writeContent(content, path.join(scratch, 'rules'));
    const r = await run(['--content', dir]);
    expect(r.status).toBe(1);
    const report = await readContent(dir).then(
      () => expect.fail("the broken fixture passed the build's checks"),
      (e: unknown) => (e as ContentError).message,
    );
    expect(r.stderr).toBe(`${report}\n`);
    const shown = (file: string) => path.relative(process.cwd(), path.join(dir, file));
    expect(r.stderr.split('\n')).toEqual([
      'Content has 8 problems:',
      `  ${shown('divisions/welterweight.json')}: weight_kg: weight_lb and weight_kg must both be numbers or both be null (heavyweight)`,
      `  ${shown('fighters/fighter-1.json')}: stance: Invalid option: expected one of "orthodox"|"southpaw"|"switch"`,
      `  ${shown('fighters/fighter-1.json')}: nationality_code: "XX" is not a known country code`,
      `  ${shown('fights/fight-1.json')}: results: must be null when status is LIVE`,
      `  ${shown('fights/fight-1.json')}: scores: must be null when status is LIVE`,
      `  ${shown('fights/fight-1.json')}: fighters.fighter_1.winner: must be false when status is LIVE`,
      `  ${shown('fights/fight-1.json')}: results.round: must not exceed scheduled_rounds`,
      `  ${shown('rankings/wbc-welterweight.json')}: champions: lists a title_type more than once`,
      '',
    ]);
  });

  it('reads CONTENT_DIR when --content is not given', async () => {
    const r = await run([], { CONTENT_DIR: await brokenContent() });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Content has 3 problems:');
  });
});
