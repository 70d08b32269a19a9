// API_KEYS as the gate reads it: plain, named and ending keys, and every malformed entry
// refused by its place and its key shortened, never printed whole.
import { describe, expect, it } from 'vitest';
import { ApiKeysProblem, parseKeys, perKeys, shortenedKey } from '../../../src/api/keys.ts';

describe('API_KEYS', () => {
  it('takes key, name:key and name:key:YYYY-MM-DD, blanks ignored', () => {
    expect(parseKeys(' plain-key , alice:alice-key,, trial:trial-key:2027-06-30 ,')).toEqual([
      { name: 'key 1', key: 'plain-key' },
      { name: 'alice', key: 'alice-key' },
      { name: 'trial', key: 'trial-key', lastDay: '2027-06-30', endsAt: Date.parse('2027-07-01T00:00:00Z') * 1000 },
    ]);
    expect(parseKeys(undefined)).toEqual([]);
    expect(parseKeys('')).toEqual([]);
  });

  it('refuses a malformed entry, naming its place and never showing a whole key', () => {
    const cases: Array<[string, string]> = [
      [':secretkey1234567', 'API_KEYS entry 1 (":secr…"): the name before the first colon is empty'],
      ['ok-key,alice:', 'API_KEYS entry 2 ("alice:"): the key is empty'],
      ['alice::2027-06-30', 'API_KEYS entry 1 ("alice::2027-06-30"): the key is empty'],
      [
        'alice:secretkey1234567:2027-02-30',
        'API_KEYS entry 1 ("alice:secr…:2027-02-30"): "2027-02-30" is not a calendar day YYYY-MM-DD',
      ],
      [
        'alice:secretkey1234567:30/06/2027',
        'API_KEYS entry 1 ("alice:secr…:30/06/2027"): "30/06/2027" is not a calendar day YYYY-MM-DD',
      ],
      [
        'alice:secretkey1234567:2027-06-30:x',
        'API_KEYS entry 1 ("alice:secr…:20…:…"): an entry is key, name:key or name:key:YYYY-MM-DD, not more parts',
      ],
      [
        'al ice:secretkey1234567',
        'API_KEYS entry 1 ("al ice:secr…"): a name is 1 to 64 letters, digits, ".", "_", "-" or "@", starting with a letter or digit',
      ],
      [
        'alice:secret key123456',
        'API_KEYS entry 1 ("alice:secr…"): a key is printable ASCII, with no spaces or control characters',
      ],
      [
        'alice:secretkey1234567,alice:secretkey7654321',
        'API_KEYS entry 2 ("alice:secr…"): the name "alice" is given to an earlier key too',
      ],
      [
        'secretkey1234567,bob:secretkey1234567',
        'API_KEYS entry 2 ("bob:secr…"): the same key is given by an earlier entry too',
      ],
    ];
    for (const [value, message] of cases) {
      expect(() => parseKeys(value), value).toThrow(ApiKeysProblem);
      expect(() => parseKeys(value), value).toThrow(message);
    }
  });

  it('shortens a key to at most 4 characters and a quarter of it', () => {
    expect(shortenedKey('abcdefghijklmnop')).toBe('abcd…');
    expect(shortenedKey('abcdefg')).toBe('a…');
    expect(shortenedKey('abc')).toBe('…');
  });

  it('parses the settings once per value, and builds a malformed one with its problem', () => {
    const values: Record<string, string> = { API_KEYS: 'one', RAPIDAPI_PROXY_SECRET: '' };
    const built: unknown[] = [];
    const settings = perKeys({ get: (name) => values[name] }, (s) => (built.push(s), s));
    settings();
    settings();
    expect(built).toEqual([{ keys: [{ name: 'key 1', key: 'one' }], proxySecret: null }]);
    values.RAPIDAPI_PROXY_SECRET = 'shh';
    expect(settings().proxySecret).toBe('shh');
    const errors: unknown[] = [];
    const error = console.error;
    console.error = (line: unknown) => errors.push(line);
    try {
      values.API_KEYS = 'alice:';
      expect(settings()).toEqual({
        keys: [],
        proxySecret: null,
        problem: 'API_KEYS entry 1 ("alice:"): the key is empty',
      });
      settings();
    } finally {
      console.error = error;
    }
    expect(errors).toEqual([
      'API_KEYS entry 1 ("alice:"): the key is empty: every request is answered 500 until API_KEYS is mended',
    ]);
    expect(built).toHaveLength(3);
  });
});
