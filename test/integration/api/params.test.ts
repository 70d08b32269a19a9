// Parameter names are looked up as names only: none of them reaches what every JS object inherits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Event, Fight, Fighter } from '../../../src/records/schemas.ts';
import { directClient } from '../../helpers/handler.ts';
import { loadRecords } from '../../helpers/reference.ts';

const call = directClient(Date.parse('2026-11-21T15:30:00Z'));
let fights: Fight[];
let events: Event[];
let fighters: Fighter[];

beforeAll(async () => {
  ({ fights, events, fighters } = await loadRecords());
});

describe('unknown parameters', () => {
  it('parameters named like members every object inherits are unknown parameters too, on every endpoint', async () => {
    // What objects and functions inherit (but `name`, which is the fighters' own search parameter).
    const inherited = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'length', 'call', 'apply', 'bind', 'arguments', 'caller'];
    expect(inherited).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'valueOf', 'hasOwnProperty', 'toString', '__defineGetter__']));
    const endpoints = [
      '/v2/fights/', '/v2/fights/schedule', `/v2/fights/${fights[0].id}`,
      '/v2/events/', '/v2/events/schedule', `/v2/events/${events[0].id}`,
      '/v2/fighters/', `/v2/fighters/${fighters[0].id}`,
      '/v2/divisions/', '/v2/divisions/welterweight', '/v2/organizations/', '/v2/organizations/wbc',
      '/v2/titles/', '/v2/titles/wbc-heavyweight-full', '/v2/rankings/',
    ];
    for (const endpoint of endpoints) {
      const plain = await call(endpoint);
      expect(plain.status, endpoint).toBe(200);
      for (const name of inherited) {
        const path = `${endpoint}?${encodeURIComponent(name)}=1`;
        const r = await call(path);
        expect(r.status, path).toBe(200);
        expect(r.text === plain.text, `${path} answers as ${endpoint}`).toBe(true);
      }
      const all = `${endpoint}?${inherited.map((n) => `${encodeURIComponent(n)}=x`).join('&')}`;
      expect((await call(all)).text === plain.text, all).toBe(true);
    }
  });
});
