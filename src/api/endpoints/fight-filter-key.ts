// The form of the key a fights cursor is bound to. It names the filters a request gives, and only
// those, in the order of their names (not the list's): a filter added later is absent from every
// key made before it existed, as it is from a request without it, so those cursors still match.
// Cursors sealed before keys named their filters held them by position; they are read here too.

/**
 * The key over some filters' names: each filter given as `name=value`, sorted by name, joined by
 * `&` (ids and days hold neither character). No filter given is the empty key. The names are
 * sorted once, so a request's key costs one pass over them.
 */
export function keyOver<N extends string>(names: readonly N[]): (q: Partial<Record<N, string | undefined>>) => string {
  const sorted = [...names].sort();
  return (q) => {
    let key = '';
    for (const name of sorted) {
      const value = q[name];
      if (value !== undefined) key += `${key === '' ? '' : '&'}${name}=${value}`;
    }
    return key;
  };
}

/** What each position of a key sealed by position held: the five filters the list had then, null where not given. */
const LEGACY_POSITIONS = ['from', 'to', 'division_id', 'event_id', 'fighter_id'] as const;

/** Whether a sealed key is in the positional form (a JSON array); a named key starts with a name, or is empty. */
export const isLegacyKey = (sealed: string) => sealed.startsWith('[');

/**
 * The filters a key sealed by position names, by name; undefined when it is not one such key could
 * be (not a JSON array of five strings or nulls). Kept so that no cursor handed out before keys
 * named their filters breaks on a deploy.
 */
export function readLegacyKey(sealed: string): Partial<Record<(typeof LEGACY_POSITIONS)[number], string>> | undefined {
  let values: unknown;
  try {
    values = JSON.parse(sealed);
  } catch {
    return undefined;
  }
  if (!Array.isArray(values) || values.length !== LEGACY_POSITIONS.length) return undefined;
  const filters: Partial<Record<(typeof LEGACY_POSITIONS)[number], string>> = {};
  for (const [i, name] of LEGACY_POSITIONS.entries()) {
    const value: unknown = values[i];
    if (typeof value === 'string') filters[name] = value;
    else if (value !== null) return undefined;
  }
  return filters;
}
