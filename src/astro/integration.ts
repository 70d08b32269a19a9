// The Astro integration that writes the store: when Astro has finished the site, it reads and
// checks content/ and writes every store file into the output folder (see src/build/).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { asOfDay } from '../content/as-of.ts';
import { formatWarnings } from '../content/files.ts';
import { buildStore } from '../build/build-store.ts';
import { consoleProgress } from '../progress/console.ts';

export function boxingStore(options: { contentDir?: string } = {}): AstroIntegration {
  return {
    name: 'boxing-store',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const contentDir = options.contentDir ?? process.env.CONTENT_DIR ?? 'content';
        const started = performance.now();
        // Straight to standard error, not through Astro's logger: a live line needs the terminal
        // itself, and the progress must show when Astro's own lines are turned down (build:stats).
        // Warnings and the summary stay with the logger, where they always were.
        const progress = consoleProgress({ prefix: '[boxing-store] ' });
        const result = await buildStore({
          contentDir,
          outDir: fileURLToPath(dir),
          asOfDay: asOfDay(),
          progress,
          onIgnored: (ignored) => logger.warn(formatWarnings(ignored)),
        }).finally(() => progress.stop());
        const s = (seconds: number) => `${seconds.toFixed(1)} s`;
        logger.info(
          `${result.files.toLocaleString('en-US')} store files from ${contentDir} in ${s((performance.now() - started) / 1000)} ` +
            `(content read and checked in ${s(result.seconds.scan)}, written in ${s(result.seconds.write)})`,
        );
      },
    },
  };
}
