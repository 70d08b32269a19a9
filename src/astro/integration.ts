// The Astro integration that writes the store: when Astro has finished the site, it reads and
// validates content/, resolves it into API records and streams every store file into the
// output folder. Nothing is held per output file, so memory follows the records, not the files.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { asOfDay } from '../content/as-of.ts';
import { formatWarnings, type Warning } from '../content/files.ts';
import { readContent } from '../content/read.ts';
import { resolveDataset } from '../content/resolve.ts';
import { diskSink } from '../store/writer/sink.ts';
import { writeStore } from '../store/writer/write-store.ts';

export function boxingStore(options: { contentDir?: string } = {}): AstroIntegration {
  return {
    name: 'boxing-store',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const contentDir = options.contentDir ?? process.env.CONTENT_DIR ?? 'content';
        const onIgnored = (ignored: Warning[]) => logger.warn(formatWarnings(ignored));
        const dataset = resolveDataset(await readContent(contentDir, { onIgnored }), asOfDay());
        const sink = diskSink(fileURLToPath(dir));
        await writeStore(dataset, sink);
        await sink.flush();
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`wrote ${sink.count().toLocaleString('en-US')} store files from ${contentDir} in ${seconds} s`);
      },
    },
  };
}
