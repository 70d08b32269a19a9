// Where a run's temporary folder goes (test/helpers/run-temp.ts), and that the run uses it.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_CACHE, MEMORY_FS, MEMORY_FS_ROOM, runTempBase } from '../helpers/run-temp.ts';

describe("the run's temporary folder", () => {
  it('is where TMPDIR says, when it is set', () => {
    expect(runTempBase({ TMPDIR: '/somewhere' }, () => MEMORY_FS_ROOM * 10)).toBe('/somewhere');
  });

  it("is on the memory file system when it has room, else in the system's temporary folder", () => {
    expect(runTempBase({}, () => MEMORY_FS_ROOM)).toBe(MEMORY_FS);
    expect(runTempBase({}, () => MEMORY_FS_ROOM - 1)).toBe(tmpdir());
    expect(runTempBase({}, () => null)).toBe(tmpdir());
  });

  it('is the one every test of the run makes its folders in', () => {
    expect(path.basename(tmpdir())).toMatch(/^boxing-api-tests-/);
  });

  it("comes with Node's compile cache for every process a test starts", () => {
    expect(process.env.NODE_COMPILE_CACHE).toBe(COMPILE_CACHE);
  });
});
