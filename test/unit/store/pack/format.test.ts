// A pack's table says where each entry starts, in bytes: the reader slices out any entry of the
// pack's bytes (or of its text), by number or by id, and what it slices is what the writer put
// there, whatever its characters; a pack cut short is found out, not read as fewer or shorter
// entries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BadPack,
  keyedPack,
  positionalPack,
  readKeyed,
  readPositional,
  utf8Length,
} from '../../../../src/store/pack/format.ts';

// Entries as the store has them: any text without a control character but the line breaks of a list's lines.
// Characters of one, two, three and four bytes.
const entry = fc.string({ unit: fc.constantFrom('a', '{', '"', ' ', 'é', '\n', '1', ':', '日', '😀') });
const bytesOf = (text: string) => new TextEncoder().encode(text);
const ids = fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,8}$/), { maxLength: 12 });

describe('a positional pack', () => {
  it('gives back every entry by its number, and any range of them', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 12 }),
        fc.integer({ min: -2, max: 14 }),
        fc.integer({ min: -2, max: 14 }),
        (entries, from, to) => {
          for (const pack of [
            readPositional(bytesOf(positionalPack(entries))),
            readPositional(positionalPack(entries)),
          ]) {
            expect(pack.entries).toBe(entries.length);
            entries.forEach((e, i) => expect(pack.entry(i)).toBe(e));
            expect(pack.slice(from, to)).toEqual(entries.filter((_, i) => i >= from && i < to));
          }
        },
      ),
    );
  });

  it('is refused when cut short or grown', () => {
    const text = positionalPack(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(() => readPositional(text.slice(0, -1))).toThrow(BadPack);
    expect(() => readPositional(text.split('\n').slice(0, -1).join('\n'))).toThrow(BadPack);
    expect(() => readPositional(`${text}\n{"d":4}`)).toThrow(BadPack);
    expect(() => readPositional('{"entries":1,"width":1}')).toThrow(BadPack);
    // A character of two bytes for one of one: as many characters, a byte more.
    expect(() => readPositional(text.replace('a', 'é'))).toThrow(BadPack);
  });
});

describe('utf8Length', () => {
  it("counts text's UTF-8 bytes, as Node does, where the runtime has no count of its own", () => {
    // Characters at each end of each UTF-8 length (1 to 4 bytes): where a count goes wrong, if it does.
    const edges = fc.constantFrom(
      '\0',
      'a',
      '\x7f',
      '\x80',
      'é',
      '\u07ff',
      '\u0800',
      '日',
      '\ud7ff',
      '\ue000',
      '\uffff',
      '\u{10000}',
      '😀',
      '\u{10ffff}',
    );
    fc.assert(
      fc.property(fc.string({ unit: edges }), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
    );
  });
});

describe('a keyed pack', () => {
  it('finds each entry by its id, none by an id it lacks or by a prefix of one, and gives all back in order', () => {
    fc.assert(
      fc.property(ids, fc.array(entry, { minLength: 12, maxLength: 12 }), (keys, entries) => {
        const listed = keys.map((id, i) => [id, entries[i]] as const);
        const pack = readKeyed(bytesOf(keyedPack(listed)));
        expect(readKeyed(keyedPack(listed)).all()).toEqual(listed);
        expect(pack.entries).toBe(keys.length);
        for (const [id, e] of listed) expect(pack.find(id)).toBe(e);
        for (const id of keys)
          if (!keys.includes(id.slice(0, -1)) && id.length > 1) expect(pack.find(id.slice(0, -1))).toBeNull();
        expect(pack.find('not-an-id-here')).toBeNull();
        expect(pack.all()).toEqual(listed);
      }),
    );
  });

  it('is refused when cut short', () => {
    const text = keyedPack([
      ['b', 'two\nlines'],
      ['b-1', 'x'],
      ['a', 'one'],
    ]);
    expect(readKeyed(text).find('b')).toBe('two\nlines');
    expect(() => readKeyed(text.slice(0, -1))).toThrow(BadPack);
    expect(() => readKeyed(text.split('\n').slice(0, -1).join('\n'))).toThrow(BadPack);
  });
});
