// The packs of a list as it was, kept a few at a time while a change reads them: the change asks
// for a pack again only near where it read it, so what it holds follows the packs around it, not
// the number of changes.

/** The packs kept at once. */
export const PACKS_KEPT = 8;

/** `value` kept under `key` in `kept`, the oldest let go once `kept` holds `most`. */
export function keep<K, V>(kept: Map<K, V>, key: K, value: V, most = PACKS_KEPT): V {
  if (kept.size >= most) kept.delete(kept.keys().next().value!);
  kept.set(key, value);
  return value;
}
