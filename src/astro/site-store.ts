// The store's half of a site build, begun when the pages are started and finished once they are
// made: the integration runs it inside Astro's build, and a build whose pages are kept from an
// earlier build of the same code (see pages-cache.ts) runs it without Astro. Either way the
// store, its state and the OpenAPI document come from this one place.
import { formatWarnings } from '../content/files.ts';
import { buildStore } from '../pipeline/build-store.ts';
import { startReuse, type Reuse } from '../pipeline/reuse.ts';
import type { BuildSettings } from '../pipeline/settings.ts';
import { listContentOffThread, saveContentInputs, type ListedContent } from '../pipeline/inputs.ts';
import { saveBuildSeconds } from '../pipeline/state.ts';
import { savePublished } from '../webhooks/published.ts';
import { writeApiDocument } from './api-document.ts';
import { restorePages } from './pages-cache.ts';
import { consoleProgress } from '../progress/console.ts';
import { grouped } from '../shared/numbers.ts';

/** Where the store step's lines go: Astro's logger inside Astro, the console without it. */
export interface StoreLogger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The store's work begun: its settings (where the build saves its state and which previous build
 * it may take files from are the build command's, which swaps both in with the site; without
 * them the store is built from nothing and no state is saved), the content's listing, the taking
 * of the previous build's files.
 */
export interface StoreBegun {
  settings: BuildSettings;
  listed: Promise<ListedContent>;
  reuse: Reuse | null;
}

/**
 * Starts the two parts of the store's work that need no pages, each on a thread of its own:
 * listing the content (and its digest), and taking the previous build's files when there is one.
 * At a million files each takes seconds that would otherwise come after the pages.
 */
export function beginStore(settings: BuildSettings): StoreBegun {
  const listed = listContentOffThread(settings.contentDir, settings.asOfDay);
  // Awaited when the store is written; a failure is reported there, not as an unhandled rejection.
  listed.catch(() => {});
  return { settings, listed, reuse: settings.previous ? startReuse(settings.contentDir, settings.previous) : null };
}

/**
 * The whole build of a site whose pages are kept from an earlier build of this code (see
 * pages-cache.ts): the pages copied into `builtDir` (before any work starts that would need
 * stopping, should the copy fail), then the store step.
 */
export async function buildWithKeptPages(
  pages: string,
  builtDir: string,
  settings: BuildSettings,
  logger: StoreLogger,
): Promise<void> {
  restorePages(pages, builtDir);
  await finishStore(beginStore(settings), builtDir, logger);
}

/**
 * Reads and checks the content and writes every store file into `builtDir` (see src/pipeline/), then
 * the API's OpenAPI document, whose examples are answers from that store; saves the state's
 * digest and seconds, and sums up what it did.
 */
export async function finishStore(begun: StoreBegun, builtDir: string, logger: StoreLogger): Promise<void> {
  const started = performance.now();
  // Straight to standard error, not through the logger: a live line needs the terminal itself,
  // and the progress must show when Astro's own lines are turned down (build:stats). Warnings
  // and the summary stay with the logger.
  const progress = consoleProgress({ prefix: '[boxing-store] ' });
  const { settings, listed, reuse } = begun;
  const { contentDir, asOfDay: today, stateDir } = settings;
  let content: ListedContent;
  try {
    content = await listed;
  } catch (e) {
    await reuse?.discard();
    throw e;
  }
  const result = await buildStore(
    {
      contentDir,
      outDir: builtDir,
      asOfDay: today,
      progress,
      onIgnored: (ignored) => logger.warn(formatWarnings(ignored)),
      contentListing: content.listing,
      stateDir,
      storeId: settings.storeId,
      previous: settings.previous,
      history: settings.history,
      builtAt: settings.builtAt,
      exportPartBytes: settings.exportPartBytes,
    },
    reuse,
  ).finally(() => progress.stop());
  await writeApiDocument(builtDir, today);
  if (stateDir) {
    saveBuildSeconds(stateDir, result.seconds);
    savePublished(stateDir, result.published);
    saveContentInputs(stateDir, content.inputs);
  }
  const s = (seconds: number) => `${seconds.toFixed(1)} s`;
  const took = s((performance.now() - started) / 1000);
  // The most memory the build's process held: what an operator sizes a build machine by.
  const peak = `peak memory ${grouped(Math.round(process.resourceUsage().maxRSS / 1024))} MB`;
  const files = grouped(result.files);
  logger.info(result.history);
  if (result.reused) {
    const { changedFiles, madeFiles, linkedFiles } = result.reused;
    logger.info(
      `${files} store files from ${contentDir} in ${took}: ${grouped(changedFiles)} content files changed, ` +
        `${grouped(madeFiles)} store files made, ${grouped(linkedFiles)} taken from the previous build; ${peak}`,
    );
  } else
    logger.info(
      `${files} store files from ${contentDir} in ${took} (content read and checked in ${s(result.seconds.scan)}, ` +
        `written in ${s(result.seconds.write)}, exports in ${s(result.seconds.exports)}); ${peak}`,
    );
}
