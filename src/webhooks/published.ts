// What a build published, as its subscribers are told of it: the build the changes feed recorded,
// where its changes start in the history, and how many records of each collection it created,
// changed and deleted. The build saves it beside its state (the store's process knows it; the
// command, Netlify's build plugin and the live preview deliver it), so a delivery after the deploy
// tells of exactly the build deployed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Records of one collection a build created, changed and deleted. */
export interface ChangeCounts {
  created: number;
  changed: number;
  deleted: number;
}

/**
 * A build that added changes to the feed's history: the history's name, the build's number and
 * name, the place its changes start at (`from`) and the name of the build that ends there
 * (`after`), which make the sync token of exactly its changes; when it was made (epoch seconds);
 * and its counts by collection, those with changes alone, in the feed's order.
 */
export interface PublishedBuild {
  history: string;
  build: number;
  name: string;
  from: number;
  after: string;
  at: number;
  counts: Record<string, ChangeCounts>;
}

const FILE = 'published.json';

/** Saved beside a build's state; null when the build added nothing to the history (no change, or a history begun afresh). */
export function savePublished(stateDir: string, published: PublishedBuild | null): void {
  writeFileSync(path.join(stateDir, FILE), JSON.stringify(published));
}

/** What the build whose state is in `stateDir` published; null when it published no change or saved nothing. */
export function readPublished(stateDir: string): PublishedBuild | null {
  try {
    return JSON.parse(readFileSync(path.join(stateDir, FILE), 'utf8')) as PublishedBuild | null;
  } catch {
    return null;
  }
}
