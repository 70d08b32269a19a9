// The test files of a worker share the modules it loaded (vitest.config.ts, `isolate: false`): what
// one file changes in them, another would see. So a file that mocks a module loads the modules
// afresh before it starts and again once it ends, and a file that spies on a function restores it.
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';

/** This file names the calls it looks for, and makes none of them. */
const SELF = 'test/unit/shared-workers.test.ts';
const testFiles = fg
  .sync('test/**/*.test.ts')
  .filter((f) => f !== SELF)
  .sort();
const text = new Map(testFiles.map((f) => [f, readFileSync(f, 'utf8')]));
const calling = (call: string) => testFiles.filter((f) => text.get(f)!.includes(call));

describe('test files that share a worker', () => {
  it('mock a module only with the modules loaded afresh before the file starts and after it ends', () => {
    const mocking = calling('vi.mock(');
    expect(mocking.length).toBeGreaterThan(0);
    const careless = mocking.filter((f) => {
      const source = text.get(f)!;
      return (
        !source.includes('vi.hoisted(() => vi.resetModules())') ||
        !/afterAll\(\(\) => \{[^}]*vi\.doUnmock\([^}]*vi\.resetModules\(\)/.test(source)
      );
    });
    expect(careless).toEqual([]);
  });

  it('restore what they spy on', () => {
    const spying = calling('vi.spyOn(');
    expect(spying.length).toBeGreaterThan(0);
    expect(spying.filter((f) => !/mockRestore\(\)|restoreAllMocks\(\)/.test(text.get(f)!))).toEqual([]);
  });

  it('leave the environment as they found it', () => {
    const setting = testFiles.filter((f) =>
      /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/.test(text.get(f)!),
    );
    expect(setting).toEqual([]);
  });
});
