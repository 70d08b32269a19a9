// The preview fills a key into its public documentation page only where no one else can open it.
import { expect, it } from 'vitest';
import { isLoopback } from '../../../src/cli/launch.ts';

it('counts only this machine\'s own addresses as loopback', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1']) expect(isLoopback(host), host).toBe(true);
  for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '127.0.0.1.example.com', '']) expect(isLoopback(host), host).toBe(false);
});
