// Numbers as the API's messages and the commands' lines write them, without the locale data
// toLocaleString loads (src/shared/numbers.ts): the same text it gives in English.
import { describe, expect, it } from 'vitest';
import { grouped } from '../../../src/shared/numbers.ts';

describe('grouped', () => {
  it('puts a comma between each group of three digits, as English writes numbers', () => {
    expect([0, 7, 999, 1000, 10_000, 123_456, 1_234_567, 1_000_000_000].map(grouped)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '10,000',
      '123,456',
      '1,234,567',
      '1,000,000,000',
    ]);
  });

  it("gives toLocaleString('en-US')'s text for the whole numbers and the three-figure rates the commands print", () => {
    const numbers = [-1234, -5, 0.5, 1.23, 52.3, 999.5, 18_200, 1234.56, 2 ** 31, Number.MAX_SAFE_INTEGER];
    expect(numbers.map(grouped)).toEqual(numbers.map((n) => n.toLocaleString('en-US')));
  });
});
