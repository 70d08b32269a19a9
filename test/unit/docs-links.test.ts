// The documentation (README.md, CONTRIBUTING.md and the Markdown files of docs/) names npm commands
// and links to files, folders and headings. It drifts when a script is renamed or a file moved:
// every `npm run <name>` and `npm <name>` it names (in code blocks, inline code and tables) must be a
// command that package.json's scripts or npm itself run, and every relative link must lead to a file
// or folder that exists, and to a heading of it when it names one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every documentation file, by its path from the root (with `/`). */
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...(readdirSync(path.join(ROOT, 'docs'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split(path.sep).join('/')}`)
    .sort(),
];

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const scripts = new Set(Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts));

/** npm's own commands the documentation may name (`npm install`, not a script). */
const NPM_OWN = new Set(['install', 'i', 'ci', 'exec', 'pack', 'publish']);
/** The scripts npm runs without `run`: `npm test` runs the script "test", which must exist. */
const NPM_RUNS_SCRIPT = new Set(['test', 'start', 'stop', 'restart']);

/** A fenced code block (``` or ~~~, indented too, as in list items): its opening line, body and closing line. */
const FENCE = /^[ \t]*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^[ \t]*\1[`~]*[ \t]*$/gm;
/** An inline code span, within one paragraph. */
const INLINE_CODE = /(`+)((?:(?!\n[ \t]*\n)[\s\S])+?)\1/g;

/** The code of a Markdown text: the bodies of its fenced blocks, then its inline code spans (table cells' too). */
function codeOf(markdown: string): string[] {
  const blocks: string[] = [];
  const rest = markdown.replace(FENCE, (_match, _fence: string, body: string) => {
    blocks.push(body);
    return '\n';
  });
  return [...blocks, ...[...rest.matchAll(INLINE_CODE)].map((m) => m[2])];
}

/** A Markdown text without its code: fenced blocks removed, inline code spans made a placeholder word. */
const proseOf = (markdown: string) => markdown.replace(FENCE, '\n').replace(INLINE_CODE, 'code');

/** Every npm command named in a Markdown text's code, as written (`npm run dev`, `npm test`). */
function npmCommands(markdown: string): Array<{ command: string; run: boolean; name: string }> {
  return codeOf(markdown).flatMap((code) =>
    [...code.matchAll(/\bnpm\s+(run(?:-script)?\s+)?([a-z][\w:.-]*)/g)].map((m) => {
      const name = m[2].replace(/[.:-]+$/, '');
      return { command: `npm ${m[1] ? 'run ' : ''}${name}`, run: Boolean(m[1]), name };
    }),
  );
}

/** Why npm would not run a command, or null when it would. */
function npmProblem({ run, name }: { run: boolean; name: string }): string | null {
  if (run || NPM_RUNS_SCRIPT.has(name)) return scripts.has(name) ? null : `package.json has no script "${name}"`;
  if (NPM_OWN.has(name)) return null;
  return scripts.has(name) ? `npm runs the script "${name}" only as "npm run ${name}"` : `npm has no command "${name}"`;
}

/** Every link target of a Markdown text outside its code: inline links and images, and reference definitions. */
function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const inline = [...prose.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g)].map(
    (m) => m[1],
  );
  const references = [...prose.matchAll(/^[ \t]{0,3}\[[^\]]+\]:[ \t]*<?(\S+?)>?(?:[ \t].*)?$/gm)].map((m) => m[1]);
  return [...inline, ...references];
}

/** A link that leaves the repository: a scheme (`https:`, `mailto:`) or `//host`. */
const isExternal = (target: string) => /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//');

/** The file or folder a relative link leads to, from the file it is in, and the heading it names. */
function resolveLink(file: string, target: string): { resolved: string; anchor: string } {
  const hash = target.indexOf('#');
  const pathPart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash === -1 ? '' : decodeURIComponent(target.slice(hash + 1));
  const decoded = decodeURIComponent(pathPart);
  const resolved =
    decoded === ''
      ? path.join(ROOT, file)
      : decoded.startsWith('/')
        ? path.join(ROOT, decoded)
        : path.resolve(ROOT, path.dirname(file), decoded);
  return { resolved, anchor };
}

/** The anchors a Markdown text's headings get, as GitHub makes them (lower case, punctuation dropped, spaces to -, repeats numbered), and its HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const prose = markdown.replace(FENCE, '\n');
  for (const m of prose.matchAll(/^[ \t]{0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const text = m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const m of prose.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  return anchors;
}

describe('the documentation', () => {
  it('is README.md, CONTRIBUTING.md and the Markdown files of docs/', () => {
    expect(DOCS.slice(0, 2)).toEqual(['README.md', 'CONTRIBUTING.md']);
    expect(DOCS.length).toBeGreaterThan(2);
  });

  it('names only npm commands that package.json or npm itself runs', () => {
    const named = DOCS.flatMap((file) => npmCommands(read(file)).map((c) => ({ file, ...c })));
    // The commands are found where they are written: in code blocks, inline code and tables.
    expect(named.filter((c) => c.file === 'README.md').map((c) => c.command)).toEqual(
      expect.arrayContaining(['npm install', 'npm start']),
    );
    expect(named.length).toBeGreaterThan(50);
    const problems = named.flatMap((c) => {
      const problem = npmProblem(c);
      return problem ? [`${c.file}: ${c.command}: ${problem}`] : [];
    });
    expect([...new Set(problems)]).toEqual([]);
  });

  it('links only to files and folders that exist in the repository', () => {
    const links = DOCS.flatMap((file) => linkTargets(read(file)).map((target) => ({ file, target })));
    expect(links.length).toBeGreaterThan(10);
    const broken = links.flatMap(({ file, target }) => {
      if (target === '' || isExternal(target) || target.startsWith('#')) return [];
      const { resolved } = resolveLink(file, target);
      const inside = !path.relative(ROOT, resolved).startsWith('..');
      return inside && existsSync(resolved) ? [] : [`${file}: ${target}`];
    });
    expect(broken).toEqual([]);
  });

  it('links to a heading only where the Markdown file it names has that heading', () => {
    const anchors = new Map<string, Set<string>>();
    const anchorsAt = (resolved: string) => {
      if (!anchors.has(resolved)) anchors.set(resolved, anchorsOf(readFileSync(resolved, 'utf8')));
      return anchors.get(resolved)!;
    };
    const broken = DOCS.flatMap((file) =>
      linkTargets(read(file)).flatMap((target) => {
        if (isExternal(target) || !target.includes('#')) return [];
        const { resolved, anchor } = resolveLink(file, target);
        if (anchor === '' || !resolved.endsWith('.md') || !existsSync(resolved)) return [];
        return anchorsAt(resolved).has(anchor) ? [] : [`${file}: ${target}`];
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe('the checks of the documentation', () => {
  it('find commands in code blocks, inline code and tables, and not in prose', () => {
    const text = [
      'npm may warn; the npm package is copied.',
      '```sh',
      'npm install',
      'npm run dev -- --port 8888   # npm run notascript in a comment is still code',
      '```',
      '| `npm test -- a.test.ts` | `npm run check:content`. |',
      '   ```yaml',
      '   - run: npm ci',
      '   ```',
    ].join('\n');
    expect(npmCommands(text).map((c) => c.command)).toEqual([
      'npm install',
      'npm run dev',
      'npm run notascript',
      'npm ci',
      'npm test',
      'npm run check:content',
    ]);
  });

  it('refuse a script that does not exist, and a script named without run', () => {
    expect(npmProblem({ run: true, name: 'dev' })).toBeNull();
    expect(npmProblem({ run: false, name: 'test' })).toBeNull();
    expect(npmProblem({ run: false, name: 'install' })).toBeNull();
    expect(npmProblem({ run: true, name: 'no-such-script' })).toMatch(/no script/);
    expect(npmProblem({ run: false, name: 'dev' })).toMatch(/only as "npm run dev"/);
    expect(npmProblem({ run: false, name: 'frobnicate' })).toMatch(/no command/);
  });

  it('find links outside code, with their anchors, and anchors as GitHub makes them', () => {
    const text = [
      'See [the API](docs/api.md#errors), [`client/`](client/) and [home](https://example.com).',
      '`[not a link](nowhere.md)`',
      '```md',
      '[not a link either](nowhere.md)',
      '```',
      '[ref]: docs/deploy.md',
    ].join('\n');
    expect(linkTargets(text)).toEqual(['docs/api.md#errors', 'client/', 'https://example.com', 'docs/deploy.md']);
    expect(resolveLink('docs/api.md', '../src/api/gate.ts#L1')).toEqual({
      resolved: path.join(ROOT, 'src/api/gate.ts'),
      anchor: 'L1',
    });
    expect([
      ...anchorsOf(
        "# Title\n## The MCP endpoint, for AI agents\n## The API's description\n## Title\n```\n# not a heading\n```",
      ),
    ]).toEqual(['title', 'the-mcp-endpoint-for-ai-agents', 'the-apis-description', 'title-1']);
  });
});
