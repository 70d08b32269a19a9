// The Astro integration that writes the store: when Astro starts on the pages, it begins the
// store's work that needs no pages (see site-store.ts); when Astro has finished the pages, it
// keeps them for later builds of the same code (see pages-cache.ts), then reads and checks the
// content and writes every store file into the output folder, then the API's OpenAPI document.
// Its settings are those the build command hands Astro's process (src/pipeline/settings.ts), read
// when the build starts: astro.config.mjs is loaded by commands that build nothing (astro check).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { receivedBuildSettings } from '../pipeline/settings.ts';
import { savePages } from './pages-cache.ts';
import { beginStore, finishStore, type StoreBegun } from './site-store.ts';
import { holdStagingFolder, stagesInSharedFolder } from './staging-lock.ts';

export function boxingStore(): AstroIntegration {
  let begun: StoreBegun | undefined;
  const begin = () => (begun ??= beginStore(receivedBuildSettings()));
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
            logger.info(
              `waiting for another build (process ${holder}) to write its pages in Astro's staging folder; if none runs, remove ${lock}`,
            ),
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        releaseStaging?.();
        const built = fileURLToPath(dir);
        const started = begin();
        // The folder holds the pages alone until the store step writes into it. Pages that
        // cannot be kept (a read-only or full disk) cost the next build Astro's time, nothing more.
        const entry = started.settings.pagesEntry;
        if (entry)
          try {
            savePages(built, entry);
          } catch (e) {
            logger.warn(
              `the pages could not be kept for later builds of this code (${(e as Error).message}); the next build runs Astro again`,
            );
          }
        await finishStore(started, built, logger);
      },
    },
  };
}
