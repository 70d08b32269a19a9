// The name search's grams: substrings counted in characters, whatever their code units.
import { describe, expect, it } from 'vitest';
import { gramsOf } from '../../../../src/store/writer/search.ts';

describe('gramsOf', () => {
  it('takes every distinct substring of each field, none across two', () => {
    expect([...gramsOf(['abab', 'cd'], 1, 2)].sort()).toEqual(['a', 'ab', 'b', 'ba', 'c', 'cd', 'd']);
    expect([...gramsOf(['abc'], 4, 4)]).toEqual([]);
  });

  it('counts a character outside the Basic Multilingual Plane as one, never splitting it', () => {
    expect([...gramsOf(['a😀b', 'ñu'], 1, 2)].sort()).toEqual(['a', 'a😀', 'b', 'u', 'ñ', 'ñu', '😀', '😀b'].sort());
    expect([...gramsOf(['x𝒜yz'], 4, 4)]).toEqual(['x𝒜yz']);
  });
});
