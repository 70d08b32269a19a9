// Name search lists. A needle of up to SHORT_NEEDLE characters is itself a gram: the fighters
// whose search text holds it are listed exactly, in parts, for everyone and per division, so a
// page and the count are read without scanning. A longer needle reads the candidates holding its
// first LONG_GRAM characters, each with its search text, and checks them.
import type { Division } from '../../records/schemas.ts';
import { LONG_GRAM, PART_SIZE, SHORT_NEEDLE, candidateLine, paths, withHeader } from '../layout.ts';
import type { Sink } from './sink.ts';
import type { FighterSource } from './source.ts';

/** The distinct substrings of `min`..`max` characters of each field (none spans two fields). */
export function gramsOf(fields: readonly string[], min: number, max: number): Set<string> {
  const grams = new Set<string>();
  for (const field of fields) {
    const chars = Array.from(field);
    for (let n = min; n <= max; n++)
      for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  }
  return grams;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The lists keep the fighters' name order. */
export async function writeSearch(sink: Sink, fighters: FighterSource, divisions: readonly Division[]) {
  const everyone = new Map<string, string[]>();
  const byDivision = new Map<string, Map<string, string[]>>();
  const candidates = new Map<string, string[]>();
  for (let p = 0; p < fighters.count; p++) {
    const slot = fighters.order[p];
    const id = fighters.id(slot);
    const divisionId = divisions[fighters.division(slot)].id;
    const fields = fighters.searchFields(slot);
    let division = byDivision.get(divisionId);
    if (!division) byDivision.set(divisionId, (division = new Map()));
    for (const gram of gramsOf(fields, 1, SHORT_NEEDLE)) {
      push(everyone, gram, id);
      push(division, gram, id);
    }
    const line = candidateLine(id, divisionId, fields);
    for (const gram of gramsOf(fields, LONG_GRAM, LONG_GRAM)) push(candidates, gram, line);
  }
  await writeParts(sink, everyone, null);
  for (const [divisionId, grams] of byDivision) await writeParts(sink, grams, divisionId);
  for (const [gram, lines] of candidates) await sink.write(paths.searchCandidates(gram), lines.join('\n'));
}

async function writeParts(sink: Sink, lists: Map<string, string[]>, divisionId: string | null) {
  for (const [gram, ids] of lists)
    for (let k = 0; k * PART_SIZE < ids.length; k++)
      await sink.write(
        paths.searchPart(gram, divisionId, k),
        withHeader({ total: ids.length }, ids.slice(k * PART_SIZE, (k + 1) * PART_SIZE)),
      );
}
