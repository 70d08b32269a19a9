// A benchmark's report kept in a document: written between its command's two markers, the rest
// of the document kept as it is.
import { describe, expect, it } from 'vitest';
import { markers, withSection } from '../../../scripts/bench/doc-section.ts';

const [start, end] = markers('npm run bench');

describe('a report section', () => {
  it('is added at the end of a document that has none, and replaced where it is, the rest kept', () => {
    const first = withSection('# Performance\n\nProse.\n', 'npm run bench', '| a |\n');
    expect(first).toBe(`# Performance\n\nProse.\n\n${start}\n| a |\n${end}\n`);
    const around = first.replace(`${end}\n`, `${end}\n\nMore prose.\n`);
    expect(withSection(around, 'npm run bench', '| b |')).toBe(
      `# Performance\n\nProse.\n\n${start}\n| b |\n${end}\n\nMore prose.\n`,
    );
  });

  it('makes a document of its own from nothing', () => {
    expect(withSection('', 'npm run bench', 'x')).toBe(`${start}\nx\n${end}\n`);
  });

  it("keeps another command's section", () => {
    const other = withSection('', 'npm run bench:live', 'live');
    expect(withSection(other, 'npm run bench', 'mix')).toBe(`${other.trimEnd()}\n\n${start}\nmix\n${end}\n`);
  });

  it('refuses a document whose section lost its end marker, rather than take the prose after it', () => {
    expect(() => withSection(`${start}\nold\n\nProse.\n`, 'npm run bench', 'new')).toThrow(/no .* after it/);
  });
});
