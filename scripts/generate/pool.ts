// The shape of a name pool and the helper that builds one from space-separated word lists.

export interface NamePool {
  firsts: string[];
  lasts: string[];
  /** Middle names (or patronymics) for full_name; empty: full_name has no middle name. */
  middles: string[];
  /** Iberian naming: full_name carries a second (maternal) surname. */
  twoSurnames: boolean;
  /** Gym names that Thai boxers fight under instead of their family name. */
  ringNames: string[];
  /** Ring nicknames in the local language (empty: the English list is used). */
  nicknames: string[];
}

/** Words are space-separated; "_" joins a multi-word part ("Dela_Cruz" is one surname). */
export const words = (s: string): string[] =>
  s
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/_/g, ' '));

export function pool(
  firsts: string,
  lasts: string,
  options: { middles?: 'firsts' | string; twoSurnames?: boolean; ringNames?: string; nicknames?: string[] } = {},
): NamePool {
  const f = words(firsts);
  const middles = options.middles === undefined ? [] : options.middles === 'firsts' ? f : words(options.middles);
  return {
    firsts: f,
    lasts: words(lasts),
    middles,
    twoSurnames: options.twoSurnames ?? false,
    ringNames: options.ringNames ? words(options.ringNames) : [],
    nicknames: options.nicknames ?? [],
  };
}
