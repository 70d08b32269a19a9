// A build that takes every store file a content change leaves as it was from the previous build
// (a hard link, or a copy where links cannot be made) and makes only the files the change
// touches: the same bytes as a build from nothing, in a fraction of the time. It applies when the
// previous build's state is of this code, this content folder and that build, and the change is
// one a live preview applies too (fights, events, fighters); otherwise the caller builds anew.
import { copyFileSync, linkSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { EXPORT_PART_BYTES, STORE } from '../store/layout.ts';
import type { BuildStoreOptions, BuildStoreResult } from './options.ts';
import { contentChanges } from './changes.ts';
import { fileWriter } from './file-writer.ts';
import { codeDigest, loadState, readStateMeta, saveState } from './state.ts';
import { applyChanges } from './update.ts';

export async function updateStore(options: BuildStoreOptions, previous: NonNullable<BuildStoreOptions['previous']>): Promise<BuildStoreResult | null> {
  const started = performance.now();
  const meta = readStateMeta(previous.state);
  const content = path.resolve(options.contentDir);
  if (!meta || !isDeepStrictEqual([meta.code, meta.content, meta.store], [codeDigest(), content, previous.store])) return null;
  const saved = loadState(previous.state);
  if (!saved) return null;
  const phase = options.progress.phase('finding changed content files');
  const { changes, small } = contentChanges(saved.catalog, content);
  phase.done();
  if (small) return null;
  const oldRoot = path.resolve(previous.dir);
  const read = (file: string) => {
    try {
      return readFileSync(path.join(oldRoot, file), 'utf8');
    } catch {
      return null;
    }
  };
  // Parts cut as a build from nothing with these options would cut them (a store cut to another limit is made again).
  const result = applyChanges(
    { catalog: saved.catalog, orders: saved.orders, contentDir: content, asOf: options.asOfDay, madeFor: meta.asOf, read, exportPartBytes: options.exportPartBytes ?? EXPORT_PART_BYTES },
    changes,
  );
  // Problems are reported by a full build, in the order and words a build always uses.
  if (result.kind !== 'update') return null;
  const scanned = performance.now();

  const sink = fileWriter(options.outDir);
  const made = new Set<string>();
  const making = options.progress.phase('writing changed store files', result.units.length);
  try {
    for (const unit of result.units) {
      made.add(unit.path);
      await sink.write(unit.path, unit.body());
      making.tick();
    }
  } finally {
    await sink.close();
  }
  making.done();
  const skip = new Set([...made, ...result.removed]);
  const linking = options.progress.phase('taking unchanged store files from the previous build');
  const linked = linkTree(path.join(oldRoot, STORE), path.join(path.resolve(options.outDir), STORE), STORE, skip, () => linking.tick());
  linking.done();
  if (options.stateDir)
    saveState(options.stateDir, {
      meta: { version: 0, code: meta.code, content, asOf: options.asOfDay, store: options.storeId ?? '' },
      catalog: saved.catalog,
      orders: result.orders,
    });
  return {
    files: made.size + linked,
    // The changed export parts are made with the other changed files, not timed apart.
    seconds: { scan: (scanned - started) / 1000, write: (performance.now() - scanned) / 1000, exports: 0 },
    reused: { changedFiles: changes.length, madeFiles: made.size, linkedFiles: linked },
  };
}

/** Links every file under `from` into `to` but those `skip` names (store paths), folder by folder; returns how many. */
function linkTree(from: string, to: string, at: string, skip: ReadonlySet<string>, tick: () => void): number {
  let count = 0;
  let made = false;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const name = `${at}/${entry.name}`;
    if (entry.isDirectory()) {
      count += linkTree(path.join(from, entry.name), path.join(to, entry.name), name, skip, tick);
      continue;
    }
    if (skip.has(name)) continue;
    if (!made) (mkdirSync(to, { recursive: true }), (made = true));
    const target = path.join(to, entry.name);
    try {
      linkSync(path.join(from, entry.name), target);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      // Another file system, or one without hard links: the bytes are copied instead.
      if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP') copyFileSync(path.join(from, entry.name), target);
      else throw e;
    }
    count++;
    tick();
  }
  return count;
}
