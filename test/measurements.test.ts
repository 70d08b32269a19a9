// The fighter's measurement texts: inches always with one decimal, as documented (`72.8" / 185 cm`).
import { describe, expect, it } from 'vitest';
import { heightFields, reachFields } from '../src/content/measurements.ts';
import { loadRecords } from './helpers/reference.ts';

describe('measurements', () => {
  it('reach keeps the decimal for a whole number of inches', () => {
    // 165 cm is 64.96", which rounds to a whole 65.0".
    expect(reachFields(165)).toEqual({ reach: '65.0" / 165 cm', reach_cm: 165, reach_in: 65 });
    expect(reachFields(185)).toEqual({ reach: '72.8" / 185 cm', reach_cm: 185, reach_in: 72.8 });
  });

  it('reach and height_in agree for every centimetre value', () => {
    for (let cm = 120; cm <= 240; cm++) {
      const { reach, reach_in } = reachFields(cm);
      expect(reach, String(cm)).toBe(`${reach_in.toFixed(1)}" / ${cm} cm`);
      expect(heightFields(cm).height_in).toBe(reach_in);
    }
  });

  it('every fighter of the shipped content writes reach inches with one decimal', async () => {
    const { fighters } = await loadRecords();
    const wrong = fighters.filter((f) => !/^\d+\.\d" \/ \d+ cm$/.test(f.reach)).map((f) => `${f.id}: ${f.reach}`);
    expect(wrong).toEqual([]);
  });
});
