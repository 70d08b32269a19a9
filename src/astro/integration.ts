// The Astro integration that writes the store: when Astro starts on the pages, it starts listing
// content/ and taking the previous build's files (both on threads of their own); when Astro has
// finished the site, it reads and checks the content and writes every store file into the output
// folder (see src/build/), then the API's OpenAPI document, whose examples are answers from that
// store.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { asOfDay } from '../content/as-of.ts';
import { formatWarnings } from '../content/files.ts';
import { buildStore, type BuildStoreOptions } from '../build/build-store.ts';
import { startReuse, type Reuse } from '../build/reuse.ts';
import { exportPartBytes } from '../build/options.ts';
import { listContentOffThread, saveContentInputs, type ListedContent } from '../build/inputs.ts';
import { saveBuildSeconds } from '../build/state.ts';
import { writeApiDocument } from './api-document.ts';
import { consoleProgress } from '../progress/console.ts';
import { holdStagingFolder, stagesInSharedFolder } from './staging-lock.ts';

/**
 * Where the build saves its state and which previous build it may take files from: set by the
 * build command (scripts/build.ts), which swaps both in with the site. Unset, the store is built
 * from nothing and no state is saved.
 */
function storeEnvironment(env: Record<string, string | undefined>): Pick<BuildStoreOptions, 'stateDir' | 'storeId' | 'previous' | 'exportPartBytes'> {
  const previous =
    env.STORE_PREVIOUS_DIR && env.STORE_PREVIOUS_STATE && env.STORE_PREVIOUS_ID && env.STORE_LINK_DIR
      ? { dir: env.STORE_PREVIOUS_DIR, state: env.STORE_PREVIOUS_STATE, store: env.STORE_PREVIOUS_ID, links: env.STORE_LINK_DIR }
      : undefined;
  return { stateDir: env.STORE_STATE_DIR || undefined, storeId: env.STORE_ID || undefined, previous, exportPartBytes: exportPartBytes(env) };
}


export function boxingStore(options: { contentDir?: string } = {}): AstroIntegration {
  const contentDir = () => options.contentDir ?? process.env.CONTENT_DIR ?? 'content';
  // Two parts of the store's work start while Astro builds the pages, each on a thread of its
  // own: listing the content (and its digest), and taking the previous build's files when there
  // is one. At a million files each takes seconds that would otherwise come after the pages.
  // The day ages are computed for is taken then too, once for the whole build.
  let begun: { day: string; listed: Promise<ListedContent>; reuse: Reuse | null } | undefined;
  const begin = () => {
    const day = asOfDay();
    const { previous } = storeEnvironment(process.env);
    const listed = listContentOffThread(contentDir(), day);
    // Awaited when the pages are done; a failure is reported there, not as an unhandled rejection.
    listed.catch(() => {});
    return (begun = { day, listed, reuse: previous ? startReuse(contentDir(), previous) : null });
  };
  // Astro's pages of a build outside the current folder are staged in a folder all such builds
  // share: held from the start until the pages are written (see staging-lock.ts).
  let outDir = '';
  let releaseStaging: (() => void) | undefined;
  return {
    name: 'boxing-store',
    hooks: {
      'astro:config:done': ({ config }) => void (outDir = fileURLToPath(config.outDir)),
      'astro:build:start': async ({ logger }) => {
        begin();
        if (!stagesInSharedFolder(outDir)) return;
        releaseStaging = await holdStagingFolder({
          onWait: (holder, lock) =>
            logger.info(`waiting for another build (process ${holder}) to write its pages in Astro's staging folder; if none runs, remove ${lock}`),
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        releaseStaging?.();
        const started = performance.now();
        // Straight to standard error, not through Astro's logger: a live line needs the terminal
        // itself, and the progress must show when Astro's own lines are turned down (build:stats).
        // Warnings and the summary stay with the logger, where they always were.
        const progress = consoleProgress({ prefix: '[boxing-store] ' });
        const { day: today, listed, reuse } = begun ?? begin();
        const built = fileURLToPath(dir);
        let content: ListedContent;
        try {
          content = await listed;
        } catch (e) {
          await reuse?.discard();
          throw e;
        }
        const result = await buildStore({
          contentDir: contentDir(),
          outDir: built,
          asOfDay: today,
          progress,
          onIgnored: (ignored) => logger.warn(formatWarnings(ignored)),
          contentListing: content.listing,
          ...storeEnvironment(process.env),
        }, reuse).finally(() => progress.stop());
        await writeApiDocument(built, today);
        const { stateDir } = storeEnvironment(process.env);
        if (stateDir) {
          saveBuildSeconds(stateDir, result.seconds);
          saveContentInputs(stateDir, content.inputs);
        }
        const s = (seconds: number) => `${seconds.toFixed(1)} s`;
        const took = s((performance.now() - started) / 1000);
        const files = result.files.toLocaleString('en-US');
        if (result.reused) {
          const { changedFiles, madeFiles, linkedFiles } = result.reused;
          logger.info(
            `${files} store files from ${contentDir()} in ${took}: ${changedFiles.toLocaleString('en-US')} content files changed, ` +
              `${madeFiles.toLocaleString('en-US')} store files made, ${linkedFiles.toLocaleString('en-US')} taken from the previous build`,
          );
        } else
          logger.info(
            `${files} store files from ${contentDir()} in ${took} (content read and checked in ${s(result.seconds.scan)}, ` +
              `written in ${s(result.seconds.write)}, exports in ${s(result.seconds.exports)})`,
          );
      },
    },
  };
}

