// What an edge function loads at its first request (src/hosts/netlify/load-once.ts): loaded once, and a
// failed load tried again by the next request instead of failing every request after it.
import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../../src/hosts/netlify/load-once.ts';

describe('loadOnce', () => {
  it('loads at the first call and keeps the answer', async () => {
    let loads = 0;
    const get = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    expect(await get()).toBe(1);
    expect(loads).toBe(1);
  });

  it('forgets a failed load: the next call loads again', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      if (++loads === 1) throw new Error('module failed to load');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('module failed to load');
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(loads).toBe(2);
  });
});
