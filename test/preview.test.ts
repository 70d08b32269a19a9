// npm start: the preview script serves the built site and tells how to call it.
import { spawn } from 'node:child_process';
import { expect, inject, it } from 'vitest';

it('prints the URL, the key and a curl command, and answers on that URL', async () => {
  const child = spawn(process.execPath, ['scripts/preview.ts'], {
    env: { ...process.env, PORT: '0', DIST_DIR: inject('distDir'), API_KEYS: 'preview-key', SKIP_BUILD: '1' },
  });
  try {
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('curl')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`preview exited with ${code}: ${out}`)));
    });
    const url = /on (http:\/\/localhost:\d+)/.exec(out)![1];
    expect(out).toContain('API key: preview-key');
    expect(out).toMatch(/curl -H 'x-gateway-key: preview-key' 'http:\/\/localhost:\d+\/v2\/fights\//);
    const response = await fetch(`${url.replace('localhost', '127.0.0.1')}/v2/divisions/`, { headers: { 'x-gateway-key': 'preview-key' } });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toHaveLength(17);
  } finally {
    child.kill();
  }
});
