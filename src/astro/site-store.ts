// The store's half of a site build, begun when the pages are started and finished once they are
// made: the integration runs it inside Astro's build, and a build whose pages are kept from an
// earlier build of the same code (see pages-cache.ts) runs it without Astro. Either way the
// store, its state and the OpenAPI document come from this one place.
import { asOfDay } from '../content/as-of.ts';
import { formatWarnings } from '../content/files.ts';
import { buildStore, type BuildStoreOptions } from '../build/build-store.ts';
import { startReuse, type Reuse } from '../build/reuse.ts';
import { builtAtOf, exportPartBytes } from '../build/options.ts';
import { listContentOffThread, saveContentInputs, type ListedContent } from '../build/inputs.ts';
import { saveBuildSeconds } from '../build/state.ts';
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
 * Where the build saves its state and which previous build it may take files from: set by the
 * build command (scripts/build.ts), which swaps both in with the site. Unset, the store is built
 * from nothing and no state is saved.
 */
function storeEnvironment(env: Record<string, string | undefined>): Pick<BuildStoreOptions, 'stateDir' | 'storeId' | 'previous' | 'history' | 'builtAt' | 'exportPartBytes'> {
  const previous =
    env.STORE_PREVIOUS_DIR && env.STORE_PREVIOUS_STATE && env.STORE_PREVIOUS_ID && env.STORE_LINK_DIR
      ? { dir: env.STORE_PREVIOUS_DIR, state: env.STORE_PREVIOUS_STATE, store: env.STORE_PREVIOUS_ID, links: env.STORE_LINK_DIR }
      : undefined;
  // The build before, for the changes feed: its store's history and its state, wherever they came from (a previous build, a build cache).
  const history = env.STORE_HISTORY_DIR && env.STORE_HISTORY_STATE ? { dir: env.STORE_HISTORY_DIR, state: env.STORE_HISTORY_STATE } : undefined;
  return { stateDir: env.STORE_STATE_DIR || undefined, storeId: env.STORE_ID || undefined, previous, history, builtAt: builtAtOf(env), exportPartBytes: exportPartBytes(env) };
}

/** The store's work begun: its settings, the day ages are computed for, the content's listing, the taking of the previous build's files. */
export interface StoreBegun {
  contentDir: string;
  environment: ReturnType<typeof storeEnvironment>;
  day: string;
  listed: Promise<ListedContent>;
  reuse: Reuse | null;
}

/**
 * Starts the two parts of the store's work that need no pages, each on a thread of its own:
 * listing the content (and its digest), and taking the previous build's files when there is one.
 * At a million files each takes seconds that would otherwise come after the pages. The day ages
 * are computed for is taken here, once for the whole build.
 */
export function beginStore(contentDir: string): StoreBegun {
  const day = asOfDay();
  const environment = storeEnvironment(process.env);
  const listed = listContentOffThread(contentDir, day);
  // Awaited when the store is written; a failure is reported there, not as an unhandled rejection.
  listed.catch(() => {});
  return { contentDir, environment, day, listed, reuse: environment.previous ? startReuse(contentDir, environment.previous) : null };
}

/**
 * The whole build of a site whose pages are kept from an earlier build of this code (see
 * pages-cache.ts): the pages copied into `builtDir` (before any work starts that would need
 * stopping, should the copy fail), then the store step.
 */
export async function buildWithKeptPages(pages: string, builtDir: string, contentDir: string, logger: StoreLogger): Promise<void> {
  restorePages(pages, builtDir);
  await finishStore(beginStore(contentDir), builtDir, logger);
}

/**
 * Reads and checks the content and writes every store file into `builtDir` (see src/build/), then
 * the API's OpenAPI document, whose examples are answers from that store; saves the state's
 * digest and seconds, and sums up what it did.
 */
export async function finishStore(begun: StoreBegun, builtDir: string, logger: StoreLogger): Promise<void> {
  const started = performance.now();
  // Straight to standard error, not through the logger: a live line needs the terminal itself,
  // and the progress must show when Astro's own lines are turned down (build:stats). Warnings
  // and the summary stay with the logger.
  const progress = consoleProgress({ prefix: '[boxing-store] ' });
  const { contentDir, environment, day: today, listed, reuse } = begun;
  let content: ListedContent;
  try {
    content = await listed;
  } catch (e) {
    await reuse?.discard();
    throw e;
  }
  const result = await buildStore({
    contentDir,
    outDir: builtDir,
    asOfDay: today,
    progress,
    onIgnored: (ignored) => logger.warn(formatWarnings(ignored)),
    contentListing: content.listing,
    ...environment,
  }, reuse).finally(() => progress.stop());
  await writeApiDocument(builtDir, today);
  if (environment.stateDir) {
    saveBuildSeconds(environment.stateDir, result.seconds);
    saveContentInputs(environment.stateDir, content.inputs);
  }
  const s = (seconds: number) => `${seconds.toFixed(1)} s`;
  const took = s((performance.now() - started) / 1000);
  const files = grouped(result.files);
  logger.info(result.history);
  if (result.reused) {
    const { changedFiles, madeFiles, linkedFiles } = result.reused;
    logger.info(
      `${files} store files from ${contentDir} in ${took}: ${grouped(changedFiles)} content files changed, ` +
        `${grouped(madeFiles)} store files made, ${grouped(linkedFiles)} taken from the previous build`,
    );
  } else
    logger.info(
      `${files} store files from ${contentDir} in ${took} (content read and checked in ${s(result.seconds.scan)}, ` +
        `written in ${s(result.seconds.write)}, exports in ${s(result.seconds.exports)})`,
    );
}
