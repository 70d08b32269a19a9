// A published build is pushed to each subscriber as one signed POST that the standardwebhooks
// package verifies: retried with the same webhook-id while the receiver fails or does not answer
// in time, given up after the schedule's last try, one build log line each, never a secret.
import { afterEach, describe, expect, it } from 'vitest';
import { decodeSyncToken } from '../../../src/api/sync-token.ts';
import { deliverPublished, type DeliverySchedule } from '../../../src/webhooks/deliver.ts';
import type { PublishedBuild } from '../../../src/webhooks/published.ts';
import { subscribersFromEnvironment } from '../../../src/webhooks/subscribers.ts';
import { newSecret, startReceiver, type Answer, type Receiver } from '../../helpers/webhook-receiver.ts';

const published: PublishedBuild = {
  history: '0123456789abcdef',
  build: 7,
  name: 'fedcba9876543210',
  from: 41,
  after: '00112233445566aa',
  at: Date.parse('2026-11-28T05:00:00Z') / 1000,
  counts: { fights: { created: 1, changed: 2, deleted: 0 }, fighters: { created: 0, changed: 1, deleted: 1 } },
};
/** Milliseconds, not seconds: three tries, 20 and 40 ms apart, each given 300 ms. */
const FAST: DeliverySchedule = { delaysMs: [20, 40], timeoutMs: 300 };

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(secrets: string[], answers?: Answer[]) {
  const r = await startReceiver(secrets, answers);
  receivers.push(r);
  return r;
}

async function deliver(entries: object[], schedule = FAST) {
  const lines: string[] = [];
  const outcomes = await deliverPublished(
    subscribersFromEnvironment({ WEBHOOKS: JSON.stringify(entries) }),
    published,
    { log: (line) => lines.push(line), schedule },
  );
  return { lines, outcomes };
}

describe('webhook delivery', () => {
  it('sends one signed POST that Webhook.verify accepts, with the build, its counts and the token of its changes', async () => {
    const secret = newSecret();
    const r = await receiver([secret]);
    const { lines, outcomes } = await deliver([{ url: r.url, secret }]);
    expect(r.received).toHaveLength(1);
    const [delivery] = r.received;
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['webhook-id']).toBe('msg_fedcba9876543210');
    expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    const body = delivery.verified[0] as { type: string; timestamp: string; data: { since: string } };
    expect(body).toEqual({
      type: 'data.changed',
      timestamp: '2026-11-28T05:00:00.000Z',
      data: { build: 7, counts: published.counts, since: body.data.since },
    });
    expect(decodeSyncToken(body.data.since)).toEqual({
      history: published.history,
      position: 41,
      build: published.after,
    });
    expect(outcomes).toEqual([{ subscriber: r.url.split('?')[0], delivered: true, tries: 1, last: 204 }]);
    expect(lines).toEqual([`Webhook ${r.url.split('?')[0]}: build 7 delivered after 1 try (status 204).`]);
    expect(lines.join('\n')).not.toContain(secret.slice(6));
  });

  it('signs with every secret of a rotation: a receiver holding either verifies it', async () => {
    const [older, newer] = [newSecret(), newSecret()];
    const r = await receiver([older, newer, newSecret()]);
    await deliver([{ url: r.url, secret: [newer, older] }]);
    const [delivery] = r.received;
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(delivery.verified[0]).not.toBeNull();
    expect(delivery.verified[1]).not.toBeNull();
    // A secret it does not sign with is refused: the verifier checks, it does not just parse.
    expect(delivery.verified[2]).toBeNull();
  });

  it('tries again after a failure, with the same webhook-id and body, until a 2xx', async () => {
    const secret = newSecret();
    const r = await receiver([secret], [{ status: 500 }, { status: 503 }, { status: 200 }]);
    const { lines } = await deliver([{ url: r.url, secret }]);
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((d) => d.headers['webhook-id']))).toEqual(new Set(['msg_fedcba9876543210']));
    expect(new Set(r.received.map((d) => d.body)).size).toBe(1);
    expect(r.received.every((d) => d.verified[0] !== null)).toBe(true);
    expect(lines).toEqual([`Webhook ${r.url.split('?')[0]}: build 7 delivered after 3 tries (status 200).`]);
  });

  it('gives up after the last try of its schedule, saying so with the last status', async () => {
    const secret = newSecret();
    const r = await receiver([secret], [{ status: 500 }]);
    const { lines, outcomes } = await deliver([{ url: r.url, secret }]);
    expect(r.received).toHaveLength(3);
    expect(outcomes[0]).toMatchObject({ delivered: false, tries: 3, last: 500 });
    expect(lines[0]).toMatch(
      /: gave up on build 7 after 3 tries \(last: status 500\); it catches up from the changes feed\.$/,
    );
  });

  it('counts a try unanswered within its timeout as failed, and a slow answer within it as delivered', async () => {
    const secret = newSecret();
    const stuck = await receiver([secret], [{ status: 200, delayMs: 1_000 }, { status: 200 }]);
    const slow = await receiver([secret], [{ status: 200, delayMs: 150 }]);
    const { outcomes, lines } = await deliver([
      { url: stuck.url, secret },
      { url: slow.url, secret },
    ]);
    expect(outcomes[0]).toMatchObject({ delivered: true, tries: 2, last: 200 });
    expect(stuck.received).toHaveLength(2);
    expect(outcomes[1]).toMatchObject({ delivered: true, tries: 1, last: 200 });
    expect(slow.received).toHaveLength(1);
    const never = await receiver([secret], [{ status: 200, delayMs: 1_000 }]);
    const gaveUp = await deliver([{ url: never.url, secret }], { delaysMs: [10], timeoutMs: 100 });
    expect(gaveUp.lines[0]).toMatch(/gave up on build 7 after 2 tries \(last: no answer within 0.1 s\)/);
    expect(lines).toHaveLength(2);
  });

  it('names a receiver that is not there as no connection', async () => {
    const r = await receiver([]);
    const url = r.url;
    await r.close();
    const { lines } = await deliver([{ url, secret: newSecret() }], { delaysMs: [], timeoutMs: 300 });
    expect(lines[0]).toMatch(/gave up on build 7 after 1 try \(last: no connection \(ECONNREFUSED\)\)/);
  });

  it('tells a subscriber of its collections alone, and nothing when none of them changed', async () => {
    const secret = newSecret();
    const fighters = await receiver([secret]);
    const titles = await receiver([secret]);
    const { lines } = await deliver([
      { url: fighters.url, secret, collections: ['fighters', 'titles'] },
      { url: titles.url, secret, collections: ['titles'] },
    ]);
    expect((fighters.received[0].verified[0] as { data: { counts: object } }).data.counts).toEqual({
      fighters: published.counts.fighters,
    });
    expect(titles.received).toHaveLength(0);
    expect(lines).toContain(
      `Webhook ${titles.url.split('?')[0]}: none of its collections changed in build 7; not sent.`,
    );
  });

  it('sends nothing for a build that added no change, and logs nothing without subscribers', async () => {
    const secret = newSecret();
    const r = await receiver([secret]);
    const lines: string[] = [];
    const subscribers = subscribersFromEnvironment({ WEBHOOKS: JSON.stringify([{ url: r.url, secret }]) });
    expect(await deliverPublished(subscribers, null, { log: (l) => lines.push(l), schedule: FAST })).toEqual([]);
    expect(r.received).toHaveLength(0);
    expect(lines).toEqual(['Webhooks: the build added no change to the changes feed; nothing delivered.']);
    expect(await deliverPublished([], published, { log: (l) => lines.push(l) })).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it('logs a saved note it cannot make a message of, and sends nothing, never throwing', async () => {
    const secret = newSecret();
    const r = await receiver([secret]);
    const lines: string[] = [];
    const broken = { ...published, counts: undefined } as unknown as PublishedBuild;
    const subscribers = subscribersFromEnvironment({ WEBHOOKS: JSON.stringify([{ url: r.url, secret }]) });
    expect(await deliverPublished(subscribers, broken, { log: (l) => lines.push(l), schedule: FAST })).toEqual([]);
    expect(r.received).toHaveLength(0);
    expect(lines[0]).toMatch(/: build 7 not sent \(/);
  });
});
