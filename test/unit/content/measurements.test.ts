// The fighter's measurement texts against values worked out by hand (1 in = 2.54 cm; inches to
// one decimal; feet and inches from the whole number of inches), not against the code's own sums.
import { describe, expect, it } from 'vitest';
import { heightFields, reachFields } from '../../../src/content/measurements.ts';
import { loadRecords } from '../../helpers/reference.ts';

/** centimetres -> inches to one decimal as written, and feet and inches. */
const KNOWN: Array<[cm: number, inches: string, feet: string]> = [
  [152, '59.8', `5' 0"`], // 59.84 in: 60 in whole, five feet even
  [160, '63.0', `5' 3"`], // 62.99 in rounds up to a whole 63.0
  [165, '65.0', `5' 5"`], // 64.96 in
  [170, '66.9', `5' 7"`],
  [175, '68.9', `5' 9"`],
  [180, '70.9', `5' 11"`],
  [183, '72.0', `6' 0"`], // 72.05 in: six feet even
  [185, '72.8', `6' 1"`],
  [190, '74.8', `6' 3"`],
  [201, '79.1', `6' 7"`],
  [213, '83.9', `7' 0"`],
];

describe('measurements', () => {
  it.each(KNOWN)('%i cm is %s in and %s', (cm, inches, feet) => {
    expect(reachFields(cm)).toEqual({ reach: `${inches}" / ${cm} cm`, reach_cm: cm, reach_in: Number(inches) });
    expect(heightFields(cm)).toEqual({
      height: `${feet} / ${cm} cm`,
      height_cm: cm,
      height_in: Number(inches),
      height_ft: feet,
    });
  });

  it('every fighter of the shipped content writes reach inches with one decimal', async () => {
    const { fighters } = await loadRecords();
    const wrong = fighters.filter((f) => !/^\d+\.\d" \/ \d+ cm$/.test(f.reach)).map((f) => `${f.id}: ${f.reach}`);
    expect(wrong).toEqual([]);
  });
});
