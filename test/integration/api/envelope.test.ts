// The response envelope around text from outside (the request's origin) and around our own failures.
import { describe, expect, it } from 'vitest';
import { ApiErrorBody, ErrorEnvelope } from '../../../src/api/schemas.ts';
import { bodyText, finishBody, listBody, oneBody } from '../../../src/api/envelope.ts';
import { createHandler } from '../../../src/api/handler.ts';
import { distStore } from '../../helpers/handler.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z') * 1000;

describe('the request origin in next_page', () => {
  it('is JSON string content: a quote in the host cannot break the body', async () => {
    const handle = createHandler({ keys: ['k'], now: () => NOW });
    const store = distStore();
    // WHATWG URLs allow a quote in a host name; a Host header can carry one to the edge.
    for (const origin of ['http://a"b', "http://it's.example", 'http://x%22y']) {
      const response = await handle(
        new Request(`${origin}/v2/fights/?page_size=2`, { headers: { 'x-gateway-key': 'k' } }),
        store,
      );
      expect(response.status, origin).toBe(200);
      const body = JSON.parse(await response.text());
      const expectedOrigin = new URL(`${origin}/`).origin;
      expect(body.pagination.next_page.startsWith(`${expectedOrigin}/v2/fights/?`), body.pagination.next_page).toBe(
        true,
      );
      expect(body.data).toHaveLength(2);
    }
  });
});

describe('error bodies', () => {
  it("the schema allows the service's own failures (5xx) as well as client errors (4xx)", () => {
    const error = { name: 'NotFound', code: 'NotFound', message: 'm' };
    for (const status of [400, 404, 499, 500, 503, 599])
      expect(ApiErrorBody.safeParse({ ...error, status }).success, String(status)).toBe(true);
    for (const status of [200, 304, 399, 600])
      expect(ApiErrorBody.safeParse({ ...error, status }).success, String(status)).toBe(false);
  });

  it('code repeats name, one of the documented errors', () => {
    expect(ApiErrorBody.safeParse({ name: 'NotFound', code: 'NotFound', message: 'm', status: 404 }).success).toBe(
      true,
    );
    expect(
      ApiErrorBody.safeParse({ name: 'NotFound', code: 'InvalidParameter', message: 'm', status: 404 }).success,
    ).toBe(false);
    expect(ApiErrorBody.safeParse({ name: 'NotFound', message: 'm', status: 404 }).success).toBe(false);
    expect(ApiErrorBody.safeParse({ name: 'X', code: 'X', message: 'm', status: 404 }).success).toBe(false);
  });

  it('a store that throws something unforeseen gives exactly 500 InternalError, matching the error schema', async () => {
    const handle = createHandler({ keys: ['k'], now: () => NOW });
    const broken = {
      read: async () => {
        throw new Error('disk on fire');
      },
      readBytes: async () => {
        throw new Error('disk on fire');
      },
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const response = await handle(
        new Request('http://api.test/v2/fights/', { headers: { 'x-gateway-key': 'k' } }),
        broken,
      );
      expect(response.status).toBe(500);
      const body = ErrorEnvelope.parse(await response.json());
      expect([body.error.name, body.error.status]).toEqual(['InternalError', 500]);
      expect(body.error.code).toBe(body.error.name);
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      console.error = original;
    }
  });
});

describe('the response bytes', () => {
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const pagination = {
    page: 1,
    items: 2,
    total_pages: 1,
    total_items: 2,
    next_page: 'https://h.example/v2/fights/?cursor=x',
  };

  it('are the metadata, then the body as the answer made it (next_page whole), records joined by commas', () => {
    const body = listBody(['{"id":"a"}', '{"id":"b"}'], pagination);
    const { bytes, metadataLength } = finishBody(body, NOW);
    const text = decode(bytes);
    expect(JSON.parse(text)).toEqual({
      metadata: { timestamp: '2026-11-21T12:00:00.000000+00:00' },
      pagination,
      error: {},
      data: [{ id: 'a' }, { id: 'b' }],
    });
    expect(text.slice(metadataLength)).toBe(bodyText(body).slice(1));
  });

  it('hold text beyond ASCII exactly, though the store never writes it', () => {
    for (const records of [['{"name":"Łukasz"}'], ['{"a":1}', '{"name":"日本"}', '{"b":2}'], []]) {
      const body = listBody(records, pagination);
      const { bytes } = finishBody(body, NOW);
      expect(JSON.parse(decode(bytes)).data).toEqual(records.map((r) => JSON.parse(r)));
    }
    const one = finishBody(oneBody('{"name":"Dmitrij Bivol – ü"}'), NOW);
    expect(JSON.parse(decode(one.bytes)).data).toEqual({ name: 'Dmitrij Bivol – ü' });
  });
});
