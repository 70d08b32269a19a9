/** Lower case without accents: "Álvarez" and "alvarez" compare equal. Used for search and name order. */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Code-unit order: the same in every runtime, unlike localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
