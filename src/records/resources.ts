// The resources: each name, with the word for one of its records. The API's paths and messages
// and the content's folders and messages all speak of them in these words.

/** Each resource (the API's path segment, the content's folder), in the specification's order, with its singular. */
export const SINGULAR = {
  fights: 'fight',
  events: 'event',
  fighters: 'fighter',
  divisions: 'division',
  organizations: 'organization',
  titles: 'title',
  rankings: 'ranking',
} as const;

export type Resource = keyof typeof SINGULAR;

/**
 * The resources whose records number in the thousands and more: each record has a file of its
 * own, their lists are paged, and a build keeps their keys rather than their records.
 */
export const LARGE = ['fights', 'events', 'fighters'] as const satisfies readonly Resource[];
export type LargeResource = (typeof LARGE)[number];

export const isLarge = (name: string): name is LargeResource => (LARGE as readonly string[]).includes(name);

/** A record's name as the API's description and its messages write it: "Fight". */
export function recordName(resource: Resource): string {
  const one = SINGULAR[resource];
  return one[0].toUpperCase() + one.slice(1);
}
