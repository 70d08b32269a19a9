// The store of a content folder, written into a built site: content checked and cataloged (see
// scan.ts), then every store file written from the catalog, then every collection's export.
// Memory follows the records' keys; the records themselves wait in spill files in a working
// folder of the build's own, removed when it is done. The catalog is saved beside the build (see
// state.ts) for the next one.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EXPORT_PART_BYTES } from '../store/exports/format.ts';
import { exportUnits } from '../store/exports/make.ts';
import { catalogOrders, catalogSource, resolver, spilledContent } from './catalog-source.ts';
import { fileWriter } from './file-writer.ts';
import { writeStoreFiles } from './store-files.ts';
import { scanContent } from './scan.ts';
import { codeDigest, saveState, setAsideFileColumns } from './state.ts';
import { nowSeconds, type BuildStoreOptions, type BuildStoreResult } from './options.ts';
import { startReuse, updateStore, type Reuse } from './reuse.ts';
import { resolveTexts, type RecordTexts } from './texts.ts';
import { BuildDiff, changeLimit, openPrevious, recordBuild, type RecordedBuild } from './history.ts';
import { historyUnits } from '../store/changes/make.ts';
import { Collection } from '../records/schemas.ts';

export type { BuildStoreOptions, BuildStoreResult } from './options.ts';

/**
 * Builds the store into `options.outDir`. With a previous build, its unchanged files are taken
 * (see reuse.ts): by `reuse` when the caller started the taking already (null when it found it
 * could not), else from the start here.
 */
export async function buildStore(options: BuildStoreOptions, reuse?: Reuse | null): Promise<BuildStoreResult> {
  const taking =
    reuse !== undefined ? reuse : options.previous ? startReuse(options.contentDir, options.previous) : null;
  let discarded: Promise<void> | undefined;
  if (taking) {
    let updated: BuildStoreResult | null = null;
    try {
      updated = await updateStore(options, taking);
    } finally {
      // What was taken is removed while the store is built from nothing. Should the removal fail,
      // the build command removes the folder (it names it), so the build's own outcome stands.
      if (!updated) discarded = taking.discard().catch(() => {});
    }
    if (updated) return updated;
  }
  try {
    return await buildFromNothing(options);
  } finally {
    await discarded;
  }
}

async function buildFromNothing(options: BuildStoreOptions): Promise<BuildStoreResult> {
  const workDir = mkdtempSync(
    path.join(path.dirname(path.resolve(options.outDir)), `.${path.basename(options.outDir)}-work-`),
  );
  try {
    const started = performance.now();
    const catalog = await scanContent(options.contentDir, {
      workDir,
      onIgnored: options.onIgnored,
      progress: options.progress,
      listing: options.contentListing,
      threads: options.scanThreads,
    });
    // Every content file is read: what follows works from the catalog alone, and which file each
    // record came from is kept for the next build only, in the state (see state.ts).
    options.contentListing?.release();
    setAsideFileColumns(catalog, options.stateDir);
    const scanned = performance.now();
    const content = spilledContent(catalog);
    const resolve = resolver(catalog, options.asOfDay, content);
    const orders = catalogOrders(catalog);
    let texts: RecordTexts | undefined;
    const sink = fileWriter(options.outDir);
    let exported = 0;
    // Files the fighters' thread wrote with a writer of its own (see store-files.ts).
    let otherFiles = 0;
    let recorded: RecordedBuild | undefined;
    // Milliseconds the changes feed took: opening the previous build's digests, comparing each record, appending the history.
    let feed = 0;
    try {
      // Every record's text first, on both cores (see texts.ts): the writing below reads them back.
      texts = await resolveTexts(catalog, orders, resolve, {
        asOfDay: options.asOfDay,
        workDir,
        progress: options.progress,
      });
      const source = catalogSource(catalog, resolve.small, orders, texts);
      const writing = options.progress.phase('writing store files');
      otherFiles = await writeStoreFiles(source, texts, sink, {
        outDir: options.outDir,
        workDir,
        tick: (n) => writing.tick(n),
        threadFrom: options.storeThreadFrom,
      });
      writing.done();
      // Every text is in the spill files by now: the exports read them back, a part at a time.
      const exportStarted = performance.now();
      const records =
        source.fights.count +
        source.events.count +
        source.fighters.count +
        source.divisions.length +
        source.organizations.length +
        source.titles.length +
        source.rankings.length;
      const exporting = options.progress.phase('writing exports', records);
      // The exports take every record's text: the changes feed compares each with the previous build's as they do.
      let feedStarted = performance.now();
      const previous = openPrevious(options.history);
      const diff = new BuildDiff(catalog, 'none' in previous ? null : previous, changeLimit(records));
      feed = performance.now() - feedStarted;
      const exports = {
        asOf: options.asOfDay,
        partBytes: options.exportPartBytes ?? EXPORT_PART_BYTES,
        onRecords: (n: number) => exporting.tick(n),
        onRecord: (collection: string, key: number | string, text: string) => diff.onRecord(collection, key, text),
      };
      for await (const unit of exportUnits(source, exports)) await sink.write(unit.path, unit.body());
      exporting.done();
      const found = diff.finish(Collection.options);
      feedStarted = performance.now();
      recorded = recordBuild('none' in previous ? previous : previous.history, found, options.builtAt ?? nowSeconds(), {
        seed: diff.seed(),
      });
      for (const unit of historyUnits(recorded.written, 'none' in previous ? null : previous.history))
        await sink.write(unit.path, unit.body());
      feed += performance.now() - feedStarted + diff.spent;
      exported = (performance.now() - exportStarted) / 1000;
    } finally {
      content.close();
      texts?.close();
      await sink.close();
    }
    if (options.stateDir)
      saveState(options.stateDir, {
        meta: {
          version: 0,
          code: codeDigest(),
          content: path.resolve(options.contentDir),
          asOf: options.asOfDay,
          store: options.storeId ?? '',
          history: recorded!.history,
        },
        catalog,
        orders,
      });
    const written = performance.now();
    return {
      files: sink.count() + otherFiles,
      seconds: {
        scan: (scanned - started) / 1000,
        write: (written - scanned) / 1000 - exported,
        exports: exported,
        changes: feed / 1000,
      },
      history: recorded!.note,
      published: recorded!.published,
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
