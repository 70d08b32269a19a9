// How deep a tool's arguments nest, measured without recursion: a value nested some thousands
// deep (a 64 KiB body holds 30,000 levels of `[`) would overflow the stack of any recursive
// walk, JSON.stringify's among them.

/** Levels of arrays and objects a tool's arguments may nest: the arguments object, then a value or a list of values, with room to spare. */
export const MAX_ARGUMENT_DEPTH = 16;

/** Whether `value` nests arrays and objects more than `levels` deep (an object or array is one level, what it holds the next). */
export function nestsDeeperThan(value: unknown, levels: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth > levels) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
