// The chain the local hosts run the functions in: a step answers itself or hands the request on.
import { describe, expect, it } from 'vitest';
import { chain, type Step } from '../../../src/hosts/chain.ts';

const request = (path: string) => new Request(`http://api.test${path}`);

describe('chain', () => {
  it('runs the steps in order, then the last, each step seeing what the rest answered', async () => {
    const seen: string[] = [];
    const step =
      (name: string): Step =>
      async (_request, next) => {
        seen.push(`${name} in`);
        const response = await next();
        seen.push(`${name} out`);
        return new Response(`${name}(${await response.text()})`, response);
      };
    const handler = chain([step('a'), step('b')], async () => {
      seen.push('last');
      return new Response('x');
    });
    expect(await (await handler(request('/'))).text()).toBe('a(b(x))');
    expect(seen).toEqual(['a in', 'b in', 'last', 'b out', 'a out']);
  });

  it('lets a step answer without the rest running', async () => {
    let ran = false;
    const handler = chain([async () => new Response('stopped', { status: 418 })], async () => {
      ran = true;
      return new Response('x');
    });
    expect((await handler(request('/'))).status).toBe(418);
    expect(ran).toBe(false);
  });

  it('is the last alone with no steps', async () => {
    expect(await (await chain([], async () => new Response('x'))(request('/'))).text()).toBe('x');
  });
});
