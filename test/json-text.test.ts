// Removing a member from a record's JSON text must equal parsing, deleting and serializing.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { withoutField } from '../src/api/queries/json-text.ts';

/** Keys and strings that would trip a careless scanner: quotes, backslashes, the key itself. */
const tricky = fc.oneof(fc.string(), fc.constantFrom('broadcast', '"broadcast":', '\\', '\\"', 'a\\\\', '{[', '],'));
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tricky, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), tie('object')),
  object: fc.dictionary(tricky, tie('value'), { maxKeys: 4 }),
})).value;

it('drops exactly the top-level member, wherever it stands and whatever the other values hold', () => {
  fc.assert(
    fc.property(fc.dictionary(tricky, value, { maxKeys: 6 }), fc.option(value, { nil: undefined }), fc.nat(6), (rest, member, place) => {
      const entries = Object.entries(rest).filter(([k]) => k !== 'broadcast');
      if (member !== undefined) entries.splice(Math.min(place, entries.length), 0, ['broadcast', member]);
      const record = Object.fromEntries(entries);
      const expected = { ...record };
      delete expected.broadcast;
      expect(withoutField(JSON.stringify(record), 'broadcast')).toBe(JSON.stringify(expected));
    }),
    { numRuns: 2000 },
  );
});
