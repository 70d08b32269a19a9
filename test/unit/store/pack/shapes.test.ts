// A record kept as its shape and its values is put back byte for byte as its JSON text, whatever
// it holds: nested objects, arrays, nulls, text beyond ASCII, members left undefined.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveDataset } from '../../../../src/content/resolve.ts';
import {
  Shapes,
  lineWithRecord,
  recordOf,
  recordText,
  shapesNamed,
  storedRecord,
} from '../../../../src/store/pack/shapes.ts';
import { TEST_AS_OF } from '../../../helpers/as-of.ts';
import { minimalContent } from '../../../helpers/fixture.ts';

describe('a stored record', () => {
  it('is its JSON text again, for any object', () => {
    const shapes = new Shapes();
    fc.assert(
      fc.property(
        fc.object({
          values: [
            fc.string(),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.boolean(),
            fc.constant(null),
            fc.constant(undefined),
            fc.array(fc.string()),
          ],
        }),
        (record) => {
          expect(recordOf(storedRecord(record, shapes), shapes)).toBe(recordText(record));
        },
      ),
    );
  });

  it('is each record of every kind again, the records of a kind sharing a few shapes', () => {
    const dataset = resolveDataset(minimalContent(), TEST_AS_OF);
    const shapes = new Shapes();
    for (const records of [dataset.fights, dataset.events, dataset.fighters, dataset.titles, dataset.rankings] as const)
      for (const record of records) {
        const stored = storedRecord(record, shapes);
        expect(recordOf(stored, shapes)).toBe(recordText(record));
        expect(stored.length).toBeLessThan(recordText(record).length);
        // Named in a pack's header, and found there from a line of a list read whole too.
        const named = shapesNamed([stored, `2024-01-01\tfight-1\t${stored}`], shapes);
        expect(lineWithRecord(`a\tb\t${stored}`, { get: (key) => named[key] })).toBe(`a\tb\t${recordText(record)}`);
      }
    expect([...shapes.entries()].length).toBeLessThan(20);
  });

  it('is refused where its pack lacks its shape', () => {
    const shapes = new Shapes();
    const stored = storedRecord({ id: 'x', n: 1 }, shapes);
    expect(() => recordOf(stored, new Shapes())).toThrow(/shape/);
    expect(() => recordOf(`${stored}\x1f2`, shapes)).toThrow(/shape/);
  });
});
