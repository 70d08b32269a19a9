// Netlify's build plugin pushes a production build's changes once the deploy is live (onSuccess),
// from what the build saved beside its state; a deploy preview or branch deploy pushes nothing.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { onSuccess } from '../../../../src/hosts/netlify/build-plugin.ts';
import { stateFolder } from '../../../../src/shared/build-folders.ts';
import { savePublished } from '../../../../src/webhooks/published.ts';
import { newSecret, startReceiver } from '../../../helpers/webhook-receiver.ts';

const work = mkdtempSync(path.join(tmpdir(), 'boxing-plugin-'));
const publish = path.join(work, 'dist');
mkdirSync(publish);
mkdirSync(stateFolder(publish));
savePublished(stateFolder(publish), {
  history: '0123456789abcdef',
  build: 3,
  name: '1111111111111111',
  from: 10,
  after: '2222222222222222',
  at: 1_800_000_000,
  counts: { events: { created: 1, changed: 0, deleted: 0 } },
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const input = () => ({
  constants: { PUBLISH_DIR: publish },
  utils: { cache: { save: async () => true, restore: async () => true } },
});

describe("the build plugin's onSuccess", () => {
  it('delivers a production deploy to each subscriber, and logs how it went', async () => {
    const secret = newSecret();
    const receiver = await startReceiver([secret]);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await onSuccess(input(), { CONTEXT: 'production', WEBHOOKS: JSON.stringify([{ url: receiver.url, secret }]) });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].verified[0]).toMatchObject({
        data: { build: 3, counts: { events: { created: 1 } } },
      });
      expect(log.mock.calls.flat().join('\n')).toMatch(
        /Webhook http:\/\/127\.0\.0\.1:\d+\/hooks\/boxing: build 3 delivered after 1 try/,
      );
    } finally {
      await receiver.close();
    }
  });

  it('sends nothing from a deploy preview, saying so', async () => {
    const secret = newSecret();
    const receiver = await startReceiver([secret]);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await onSuccess(input(), {
        CONTEXT: 'deploy-preview',
        WEBHOOKS: JSON.stringify([{ url: receiver.url, secret }]),
      });
      expect(receiver.received).toHaveLength(0);
      expect(log.mock.calls.flat()).toContain(
        'Webhooks: not sent from a deploy-preview deploy; production deploys alone are pushed.',
      );
    } finally {
      await receiver.close();
    }
  });
});
