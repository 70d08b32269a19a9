// WEBHOOKS is read once, before a build or the live preview starts: a list of subscribers, each
// with its secrets' keys and its collections; anything else stops it with a line naming the
// entry, and no line ever holds a secret.
import { describe, expect, it } from 'vitest';
import { subscribersFromEnvironment } from '../../../src/webhooks/subscribers.ts';

const KEY = Buffer.alloc(32, 7);
const SECRET = `whsec_${KEY.toString('base64')}`;
const OTHER = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
const read = (value: unknown) =>
  subscribersFromEnvironment({ WEBHOOKS: typeof value === 'string' ? value : JSON.stringify(value) });

/** The message a value is refused with, checked to hold no secret. */
function refusal(value: unknown): string {
  let message = '';
  try {
    read(value);
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message).not.toBe('');
  for (const secret of [SECRET, OTHER]) expect(message).not.toContain(secret.slice('whsec_'.length, 20));
  return message;
}

describe('WEBHOOKS', () => {
  it('unset or empty lists no subscriber', () => {
    expect(subscribersFromEnvironment({})).toEqual([]);
    expect(subscribersFromEnvironment({ WEBHOOKS: '' })).toEqual([]);
    expect(read([])).toEqual([]);
  });

  it('lists each subscriber with its keys, its collections, and a name without its query', () => {
    const [one, two] = read([
      { url: 'https://apps.example/hooks/boxing?token=abc', secret: SECRET },
      { url: 'http://localhost:3000/hook', secret: [SECRET, OTHER], collections: ['fights', 'events', 'fights'] },
    ]);
    expect(one).toEqual({
      url: 'https://apps.example/hooks/boxing?token=abc',
      name: 'https://apps.example/hooks/boxing',
      keys: [KEY],
      collections: null,
    });
    expect(two.keys).toEqual([KEY, Buffer.alloc(24, 9)]);
    expect(two.collections).toEqual(['fights', 'events']);
  });

  it('refuses a value that is not a JSON array, without quoting it', () => {
    expect(refusal(`[{"url":"https://a.example","secret":"${SECRET}"`)).toMatch(/^WEBHOOKS is not JSON/);
    expect(refusal({ url: 'https://a.example', secret: SECRET })).toMatch(/^WEBHOOKS must be a JSON array/);
  });

  it('refuses an entry it cannot use, naming the entry and what is wrong with it', () => {
    const ok = { url: 'https://a.example/hook', secret: SECRET };
    expect(refusal([ok, 'https://b.example'])).toBe(
      'WEBHOOKS entry 2: is not an object {"url", "secret", "collections"?}',
    );
    expect(refusal([{ ...ok, url: 'ftp://a.example' }])).toMatch(/^WEBHOOKS entry 1: url must be an http or https URL/);
    expect(refusal([{ ...ok, url: 'not a url' }])).toMatch(/^WEBHOOKS entry 1: url must be/);
    expect(refusal([{ ...ok, secret: KEY.toString('base64') }])).toBe(
      'WEBHOOKS entry 1 (https://a.example/hook): secret does not start with whsec_',
    );
    expect(refusal([{ ...ok, secret: 'whsec_not*base64' }])).toBe(
      'WEBHOOKS entry 1 (https://a.example/hook): secret is not whsec_ followed by base64',
    );
    expect(refusal([{ ...ok, secret: `whsec_${Buffer.alloc(8).toString('base64')}` }])).toMatch(
      /secret holds a key of 8 bytes, not 24 to 64$/,
    );
    expect(refusal([ok, { ...ok, secret: [SECRET, 'whsec_'] }])).toMatch(
      /^WEBHOOKS entry 2 \(https:\/\/a.example\/hook\): secret 2 holds a key of 0 bytes/,
    );
    expect(refusal([{ ...ok, secret: [] }])).toMatch(/secret is an empty list$/);
    expect(refusal([{ ...ok, secret: 42 }])).toMatch(/secret is not a string$/);
    expect(refusal([{ ...ok, collections: ['fights', 'boxers'] }])).toMatch(
      /^WEBHOOKS entry 1 \(https:\/\/a.example\/hook\): unknown collection "boxers"/,
    );
    expect(refusal([{ ...ok, collections: [] }])).toMatch(/collections must be a list of collections/);
    expect(refusal([{ ...ok, secrets: [SECRET] }])).toMatch(
      /^WEBHOOKS entry 1 \(https:\/\/a.example\/hook\): unknown member "secrets"/,
    );
  });
});
