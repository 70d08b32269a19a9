// The documentation page's key goes only to a request whose Host is one of this machine's own
// loopback names, parsed strictly: a look-alike or a name that merely starts with one is another host.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../../../src/hosts/node/loopback-host.ts';

describe('a Host that names this machine', () => {
  it('is localhost, 127.0.0.1 or [::1], with or without a port, in any case', () => {
    for (const host of [
      'localhost',
      'localhost:8888',
      '127.0.0.1',
      '127.0.0.1:8888',
      '[::1]',
      '[::1]:8888',
      'LocalHost:80',
      'localhost:65535',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('is no other name, no look-alike, nothing around or inside them, and not an empty or missing Host', () => {
    const others = [
      undefined,
      '',
      ' ',
      'rebind.attacker.example:8888',
      'localhost.attacker.example',
      '127.0.0.1.nip.io:8888',
      'localhost@evil',
      'evil@localhost',
      'localhost:8888@evil.example',
      'localhost.',
      'localhost.:8888',
      ' localhost',
      'localhost ',
      'localhost:',
      'localhost:65536',
      'localhost:123456',
      'localhost:8888:8888',
      'localhost:+80',
      '::1',
      '[::1',
      '[0:0:0:0:0:0:0:1]',
      '127.0.0.2',
      '127.1',
      '0x7f000001',
      'localhost/x',
      'localhost#x',
      'localhost\n',
    ];
    for (const host of others) expect(isLoopbackHost(host), JSON.stringify(host)).toBe(false);
  });
});
