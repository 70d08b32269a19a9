// A list's files after a change, laid over the files before it: what the update tests of each kind
// of list compare with the list built from nothing.
import type { Unit } from '../../src/store/lists/make.ts';

/** Units' files by path. */
export const files = (units: Iterable<Unit>) => new Map([...units].map((u) => [u.path, u.body() as string]));

/** The store after a change: the files before, the units written over them, the removed paths gone. */
export function applied(before: Map<string, string>, units: Unit[], removed: string[]): Map<string, string> {
  const after = new Map(before);
  for (const path of removed) after.delete(path);
  for (const unit of units) after.set(unit.path, unit.body() as string);
  return new Map([...after].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export const sortedByPath = (m: Map<string, string>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
