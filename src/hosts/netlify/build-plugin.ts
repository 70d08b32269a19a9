// Netlify's build starts from a fresh clone each time: what the next build needs of this one is
// kept in Netlify's build cache by this build plugin (netlify/plugins/keep-build-state, declared
// in netlify.toml). It keeps the build's saved state (its records' digests, see
// src/pipeline/history.ts) and the changes feed's history (the publish folder's store/changes/), and
// puts them back before the next build, which then finds what it changed and appends to the
// history, as a build on a laptop does over its dist/. The published folder itself is not kept:
// the build is made from nothing, as Netlify's always was. Once the deploy is live it also pushes the
// build's changes to the subscribers WEBHOOKS lists (src/webhooks/), for production deploys alone.
import path from 'node:path';
import { stateFolder } from '../../shared/build-folders.ts';
import { lists } from '../../store/layout.ts';
import { deliverBuild } from '../../webhooks/deliver.ts';
import { subscribersFromEnvironment } from '../../webhooks/subscribers.ts';

/** The part of Netlify's plugin utilities this plugin uses (@netlify/cache-utils, bound to the build's cache). */
interface BuildCache {
  save(paths: string | string[]): Promise<boolean>;
  restore(paths: string | string[]): Promise<boolean>;
}

interface PluginInput {
  constants: { PUBLISH_DIR: string };
  utils: { cache: BuildCache };
}

/** What is kept: the state beside the publish folder, and the history in it. */
export const keptPaths = (publishDir: string) => [
  stateFolder(publishDir),
  path.resolve(publishDir, `.${lists.changes}`),
];

/** Before the build: the previous build's state and history, where the build command looks for them. */
export async function onPreBuild({ constants, utils }: PluginInput): Promise<void> {
  const kept = keptPaths(constants.PUBLISH_DIR);
  const restored = await Promise.all(kept.map((p) => utils.cache.restore(p)));
  console.log(
    restored.every(Boolean)
      ? "The previous build's state and changes history are restored from the build cache."
      : "The build cache holds no previous build's state and history: the changes feed starts afresh.",
  );
}

/**
 * After a build that succeeded and was deployed: its state and history, for the next one. Not in
 * onPostBuild, which runs before Netlify's deploy step: a build whose deploy failed would have
 * moved the kept history past the site served (see docs/decisions.md, the changes feed).
 */
export async function onSuccess({ constants, utils }: PluginInput, env = process.env): Promise<void> {
  await utils.cache.save(keptPaths(constants.PUBLISH_DIR));
  console.log("The build's state and changes history are kept in the build cache for the next build.");
  // onSuccess runs once the deploy is live (see docs/decisions.md, the changes feed). A deploy
  // preview or a branch deploy publishes nothing subscribers read: only production's are pushed.
  const subscribers = subscribersFromEnvironment(env);
  if (subscribers.length === 0) return;
  if (env.CONTEXT !== 'production') {
    console.log(`Webhooks: not sent from a ${env.CONTEXT ?? 'local'} deploy; production deploys alone are pushed.`);
    return;
  }
  await deliverBuild(constants.PUBLISH_DIR, subscribers, { log: (line) => console.log(line) });
}
