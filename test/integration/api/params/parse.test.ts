// Parameter names are looked up as names only: none of them reaches what every JS object inherits.
import { describe, expect, it } from 'vitest';
import { pathWith } from '../../../../src/api/endpoints/endpoint.ts';
import { examplesOf } from '../../../../src/api/openapi/examples.ts';
import { ENDPOINTS } from '../../../../src/api/registry.ts';
import { BASE_PATH } from '../../../../src/api/routes.ts';
import { TEST_AS_OF } from '../../../helpers/as-of.ts';
import { directClient, distStore } from '../../../helpers/handler.ts';

const call = directClient(Date.parse('2026-11-21T15:30:00Z'));

describe('unknown parameters', () => {
  it('parameters named like members every object inherits are unknown parameters too, on every endpoint', async () => {
    // What objects and functions inherit (but `name`, which is the fighters' own search parameter).
    const inherited = [
      ...Object.getOwnPropertyNames(Object.prototype),
      'prototype',
      'length',
      'call',
      'apply',
      'bind',
      'arguments',
      'caller',
    ];
    expect(inherited).toEqual(
      expect.arrayContaining(['__proto__', 'constructor', 'valueOf', 'hasOwnProperty', 'toString', '__defineGetter__']),
    );
    // Every endpoint of the registry that answers JSON (an export part is bytes), its path filled
    // in with the ids its example in the API's description names (records of the test build).
    const examples = await examplesOf(distStore(), TEST_AS_OF);
    const json = ENDPOINTS.filter((e) => e.kind !== 'file');
    const endpoints = json.map((e) => BASE_PATH + pathWith(e, examples.get(e.name)?.params ?? {}));
    expect(endpoints).toHaveLength(ENDPOINTS.length - 1);
    expect(endpoints.filter((path) => path.includes('{'))).toEqual([]);
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
