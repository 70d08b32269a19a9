// npm run dev:netlify (scripts/dev-netlify.ts): Netlify's emulator as a command, on the address its
// options name. A file of its own, apart from the emulator's tests (emulator.test.ts): it starts
// an emulator of its own, so the two run side by side.
import { expect, it } from 'vitest';
import { emulatorDeno } from '../../scripts/lib/emulator-deno.ts';
import { freePort, KEY, runPreviewScript } from '../helpers/server.ts';
import { builtSite } from '../helpers/site.ts';

const deno = emulatorDeno();
if (deno === null) console.warn("Skipping npm run dev:netlify's test: no Deno that Netlify's emulator accepts (2.5 LTS) is installed for this platform.");

it.skipIf(deno === null)('--port and --host win over PORT and HOST', async () => {
  const port = await freePort();
  // HOST is an address of no machine here, so an emulator that took it could not start.
  const { child, url } = await runPreviewScript(
    { API_KEYS: KEY, DIST_DIR: builtSite(), SKIP_BUILD: '1', PORT: '1', HOST: '192.0.2.1' },
    ['--port', String(port), '--host', '127.0.0.1'],
    'scripts/dev-netlify.ts',
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    expect(new URL(url).port).toBe(String(port));
    expect((await fetch(`${url}/v2/divisions/`, { headers: { 'x-gateway-key': KEY } })).status).toBe(200);
  } finally {
    // The script stops the emulator's Deno on SIGTERM before it leaves.
    child.kill('SIGTERM');
    await exited;
  }
});
