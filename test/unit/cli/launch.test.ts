// The preview fills a key into its public documentation page only where no one else can open it,
// and prints a key given to it only in part.
import { expect, it } from 'vitest';
import { DEV_KEY, isLoopback, shownKey } from '../../../src/cli/launch.ts';

it("counts only this machine's own addresses as loopback", () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1']) expect(isLoopback(host), host).toBe(true);
  for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '127.0.0.1.example.com', ''])
    expect(isLoopback(host), host).toBe(false);
});

it('prints the development key whole, and of a given key at most its first 4 characters and a quarter of it', () => {
  expect(shownKey(DEV_KEY)).toBe(DEV_KEY);
  expect(shownKey('my-real-prod-key')).toBe('my-r…');
  expect(shownKey('a-key-of-forty-characters-or-so-1234567')).toBe('a-ke…');
  expect(shownKey('short-key')).toBe('sh…');
  expect(shownKey('abc')).toBe('…');
});
