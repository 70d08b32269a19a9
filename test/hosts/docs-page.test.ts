// The documentation page in a real browser (headless Chromium), served by npm start's script: it
// loads without console errors and without a request to another origin, lists every endpoint of
// the specification, and its try-it console, filled in with the preview's development key, gets
// fights. Screenshots go to tmp/ for a person to look at.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../helpers/runtimes.ts';
import { runPreviewScript } from '../helpers/server.ts';
import { builtSite } from '../helpers/site.ts';

const DEV_KEY = 'dev-key-change-me';
/** The specification's endpoints and the services' as the page shows them: below the server's /v2. */
const ENDPOINTS = [
  '/fights/',
  '/fights/{fight_id}',
  '/fights/schedule',
  '/events/',
  '/events/{event_id}',
  '/events/schedule',
  '/fighters/',
  '/fighters/{fighter_id}',
  '/divisions/',
  '/divisions/{division_id}',
  '/organizations/',
  '/organizations/{organization_id}',
  '/titles/',
  '/titles/{title_id}',
  '/rankings/',
  '/exports/',
  '/exports/{collection}/{part}',
  '/health',
];

let preview: Awaited<ReturnType<typeof runPreviewScript>>;
let browser: BrowserContext;
let profile: string;
let page: Page;
const consoleErrors: string[] = [];
const elsewhere: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  // npm start as a developer runs it: no API_KEYS, so the development key.
  preview = await runPreviewScript({ DIST_DIR: builtSite(), SKIP_BUILD: '1', API_KEYS: undefined });
  profile = mkdtempSync(path.join(tmpdir(), 'chromium-profile-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  page.on(
    'request',
    (r) => !r.url().startsWith(`${preview.url}/`) && !r.url().startsWith('data:') && elsewhere.push(r.url()),
  );
});

afterAll(async () => {
  await browser?.close();
  preview?.child.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe('the documentation page', () => {
  it('loads cleanly from our own site and lists every endpoint', async () => {
    expect(preview.out).toContain(`Docs:    ${preview.url.replace('127.0.0.1', 'localhost')}/`);
    await page.goto(`${preview.url}/`);
    await page.getByText('List fights').first().waitFor({ timeout: 60_000 });
    await page.getByText('List rankings').first().waitFor();
    const lines = (await page.locator('body').innerText()).split('\n').map((l) => l.trim());
    for (const endpoint of ENDPOINTS) expect(lines, endpoint).toContain(endpoint);
    await page.screenshot({ path: 'tmp/docs-page.png' });
    expect(consoleErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it('tries GET /v2/fights/ with the development key and the documented examples filled in, and shows the fights', async () => {
    await page.getByRole('button', { name: /Test Request.*get \/fights\/\)/ }).click();
    const sent = page.waitForRequest((r) => r.url().startsWith(`${preview.url}/v2/fights/?`));
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const request = await sent;
    expect(request.headers()['x-gateway-key']).toBe(DEV_KEY);
    expect((await request.response())?.status()).toBe(200);
    // The console fills in every parameter's example, the cursor too: all of them together find a fight.
    expect(new URL(request.url()).searchParams.has('cursor')).toBe(true);
    const first = await (await fetch(request.url(), { headers: { 'x-gateway-key': DEV_KEY } })).json();
    expect(first.data.length).toBeGreaterThan(0);
    await page.getByText(`"${first.data[0].id}"`).first().waitFor({ timeout: 30_000 });
    await page.getByText('200 OK').first().waitFor();
    await page.screenshot({ path: 'tmp/docs-try-it.png' });
    expect(consoleErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
