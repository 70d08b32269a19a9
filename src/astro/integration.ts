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
        const contentDir = options.contentDir ?? process.env.CONTENT_DIR ?? 'content';
        const onIgnored = (ignored: Warning[]) => logger.warn(formatWarnings(ignored));
        const times = [performance.now()];
        const lap = () => times.push(performance.now());
        // The content records are dropped once resolved: only the dataset stays in memory.
        const dataset = resolveDataset(await readContent(contentDir, { onIgnored }).finally(lap), asOfDay());
        lap();
        const sink = diskSink(fileURLToPath(dir));
        await writeStore(dataset, sink);
        lap();
        const s = (a: number, b: number) => `${((times[b] - times[a]) / 1000).toFixed(1)} s`;
        logger.info(
          `${sink.count().toLocaleString('en-US')} store files from ${contentDir} in ${s(0, 3)} ` +
            `(content read and checked in ${s(0, 1)}, resolved in ${s(1, 2)}, written in ${s(2, 3)})`,
        );
      },
    },
  };
}
