// The usage log's line: what it holds (never a key), and reading it back from a log's line.
import { describe, expect, it } from 'vitest';
import { LOGGED_PATH_LENGTH, readUsageLine, usageLine } from '../../../src/api/usage-log.ts';

const AT = Date.parse('2026-12-07T23:15:01.123Z') * 1000;

describe('the usage line', () => {
  it('is one JSON object: time, name, plan, path, status and what is left', () => {
    const text = usageLine(AT, { name: 'rapidapi:jane', plan: 'PRO' }, '/v2/fights/', 200, 12);
    expect(JSON.parse(text)).toEqual({
      type: 'api.request',
      time: '2026-12-07T23:15:01.123Z',
      name: 'rapidapi:jane',
      plan: 'PRO',
      path: '/v2/fights/',
      status: 200,
      left: 12,
    });
    expect(text).not.toContain('\n');
    expect(JSON.parse(usageLine(AT, null, '/v2/fights/', 401, null))).toMatchObject({ name: null, plan: null });
  });

  it("keeps a long path's start only", () => {
    const entry = readUsageLine(usageLine(AT, null, `/v2/${'x'.repeat(5000)}`, 404, null));
    expect(entry!.path).toHaveLength(LOGGED_PATH_LENGTH);
  });

  it('is read back after any prefix, and no other line is', () => {
    const text = usageLine(AT, { name: 'alice', plan: null }, '/v2/fights/', 200, null);
    expect(readUsageLine(`Dec 7, 11:15:01 PM: 01JF3Q INFO   ${text}`)).toEqual(readUsageLine(text));
    expect(readUsageLine(text)?.name).toBe('alice');
    for (const other of ['', 'plain text', '{}', '{"type":"api.request"}', '[1,2]', 'null', '{"type":'])
      expect(readUsageLine(other), other).toBeNull();
  });
});
