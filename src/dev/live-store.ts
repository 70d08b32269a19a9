// A built site kept up to date with its content folder as files are saved (npm run dev). Each
// change is checked and applied record by record (src/pipeline/update.ts): the files it touches are
// written beside the site, served in place of the site's own from one moment on, then renamed in.
// An edit that breaks a rule changes nothing: every problem is printed, and the last good data is
// served until the files are fixed. A change to the small collections (divisions, organizations,
// titles, rankings) builds the site again, as npm run build does.
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { COLLECTIONS } from '../content/files.ts';
import type { CollectionName } from '../content/schemas.ts';
import { formatProblems } from '../content/validate.ts';
import type { Orders } from '../pipeline/catalog-source.ts';
import { codeDigest, loadState, saveState, type SavedState } from '../pipeline/state.ts';
import { applyChanges, type ContentChange } from '../pipeline/update.ts';
import { previousHistory, recordBuild } from '../pipeline/history.ts';
import { nowSeconds } from '../pipeline/options.ts';
import type { FileStat } from '../pipeline/inputs.ts';
import type { FileList } from '../shared/file-list.ts';
import { apiDocumentText } from '../astro/api-document.ts';
import { readTextIfThere } from '../shared/fs-errors.ts';
import { OPENAPI_PATH } from '../api/public.ts';
import {
  buildInputs,
  buildInputsOf,
  buildInputsOffThread,
  readMarker,
  stateFolder,
  writeMarker,
  MARKER,
} from '../pipeline/output.ts';
import { watchContent, type ContentWatch } from './content-watch.ts';
import type { folderOrigin } from '../hosts/node/folder-origin.ts';
import { deliverPublished, type DeliverySchedule } from '../webhooks/deliver.ts';
import type { Subscriber } from '../webhooks/subscribers.ts';

type LiveContext = ReturnType<typeof folderOrigin>;

/** Store files written or renamed in between two turns of answering requests. */
const BATCH = 256;

export interface LiveStoreOptions {
  distDir: string;
  contentDir: string;
  asOf: string;
  context: LiveContext;
  /** Builds the site again (npm run build), for changes not applied record by record; false when the build failed (it says why). */
  rebuild(): Promise<boolean>;
  log(line: string): void;
  /** Milliseconds a burst of saves is given to settle before it is applied (default 40). */
  settleMs?: number;
  /** The listing of the content the build in distDir was made from, when known (see buildUnlessCurrent). */
  listing?: FileList | null;
  /** How saves are seen (default watchContent): a test reports each save itself, at the moment it chooses. */
  watch?: typeof watchContent;
  /** Told of each applied change, as a deploy's subscribers are of a build (see src/webhooks/); none unless given. */
  subscribers?: readonly Subscriber[];
  /** When deliveries are tried (DELIVERY_SCHEDULE unless given; tests ask for milliseconds). */
  deliverySchedule?: DeliverySchedule;
}

export interface LiveStore {
  /** Applies what changed since the last call, now (the watcher calls it after each burst of saves). */
  apply(): Promise<void>;
  /** Resolves once every change seen so far has been applied (or refused). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The state saved with the site, if it describes the site as it is and this code. */
function currentState(distDir: string, contentDir: string): SavedState | null {
  const marker = readMarker(distDir);
  const state = loadState(stateFolder(distDir));
  if (!marker?.store || !state) return null;
  if (
    state.meta.store !== marker.store ||
    state.meta.content !== path.resolve(contentDir) ||
    state.meta.code !== codeDigest()
  )
    return null;
  return state;
}

/** A file's size and modification time, as a listing of the content takes them, or null when it is not there. */
function statOf(file: string): FileStat | null {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? { size: stat.size, mtime: stat.mtimeMs } : null;
}

/** A watched file's collection and its path within the collection's folder, or null for what is not a record. */
function changeOf(relative: string): ContentChange | null {
  const parts = relative.split(/[\\/]/);
  if (parts.length < 2 || parts.some((p) => p.startsWith('.')) || !relative.endsWith('.json')) return null;
  const [collection, ...rest] = parts;
  if (!(COLLECTIONS as string[]).includes(collection)) return null;
  return { collection: collection as CollectionName, file: rest.join('/') };
}

export async function liveStore(options: LiveStoreOptions): Promise<LiveStore> {
  const dist = path.resolve(options.distDir);
  let state = currentState(dist, options.contentDir);
  if (!state) {
    await options.rebuild();
    state = currentState(dist, options.contentDir);
    if (!state) throw new Error(`${options.distDir} has no saved state of its content after a build`);
  }
  let current: SavedState = state;
  let orders: Orders = current.orders;
  /**
   * Files saved since the last change was applied, or that a refused change named (checked again
   * each time). Each save puts a change of its own here: an entry that still holds the one an
   * apply took was not saved again while it ran.
   */
  const pending = new Map<string, ContentChange>();
  /** Forgets the changes an apply took and has applied, but not a file saved again meanwhile: the next apply takes that save. */
  const forget = (taken: ReadonlyMap<string, ContentChange>) => {
    for (const [key, change] of taken) if (pending.get(key) === change) pending.delete(key);
  };
  let running: Promise<void> = Promise.resolve();
  /** True while a change is applied: the site and `current` may then describe two different stores. */
  let applying = false;
  let timer: NodeJS.Timeout | undefined;
  let saving: NodeJS.Timeout | undefined;

  const read = (file: string) => readTextIfThere(path.join(dist, file));

  const content = { contentDir: options.contentDir, asOfDay: options.asOf };
  /**
   * The listing of the content the store was built from, and each file a change applied since
   * (its size and time when it was read, or null: removed). Together they give the marker's
   * digest in a second at a million files; without the listing (a change that built the site
   * again, whose build listed the content itself), the content is listed again.
   */
  let listing = options.listing ?? null;
  const appliedFiles = new Map<string, FileStat | null>();
  const inputsNow = () => (listing ? buildInputsOf(content, listing, appliedFiles) : buildInputs(content));

  /** The marker being worked out, if one is. */
  let marking: Promise<void> = Promise.resolve();
  /** Changes applied and builds started so far: a marker worked out before the latest one would vouch for content it does not hold. */
  let applied = 0;
  /**
   * The state and the marker, once saves have paused: until then a killed preview leaves neither,
   * and the next build starts from nothing. Without the listing, the marker's digest lists and
   * stats every content file, seconds at a million records, so it is worked out on another
   * thread while requests are answered; a change applied meanwhile leaves it unwritten (that
   * change saves again).
   */
  const saveSoon = () => {
    clearTimeout(saving);
    saving = setTimeout(() => {
      // Not in the middle of a change: a rebuild may have swapped its site in already, and the
      // state and marker of the store it replaces would go into it. Asked again a second later.
      if (applying) return saveSoon();
      saving = undefined;
      const at = applied;
      saveState(stateFolder(dist), { meta: current.meta, catalog: current.catalog, orders });
      if (listing) return writeMarker(dist, { ...inputsNow(), store: current.meta.store });
      marking = buildInputsOffThread(content).then(
        (inputs) => {
          if (at === applied && pending.size === 0) writeMarker(dist, { ...inputs, store: current.meta.store });
        },
        (e) => options.log(`Could not save the preview's state: ${(e as Error).message}`),
      );
    }, 1000);
  };
  const invalidate = () => {
    applied++;
    clearTimeout(saving);
    rmSync(path.join(stateFolder(dist), 'state.json'), { force: true });
    rmSync(path.join(dist, MARKER), { force: true });
  };

  const applyNow = async () => {
    const taken = new Map(pending);
    const changes = [...taken.values()];
    if (changes.length === 0) return;
    const started = performance.now();
    // Each file's size and time before it is read: a save during the read shows in the marker as a change not applied.
    const stats = new Map(
      changes.map((c) => [`${c.collection}/${c.file}`, statOf(path.join(options.contentDir, c.collection, c.file))]),
    );
    const result = applyChanges(
      {
        catalog: current.catalog,
        orders,
        contentDir: options.contentDir,
        asOf: options.asOf,
        madeFor: current.meta.asOf,
        read,
      },
      changes,
    );
    if (result.kind === 'problems') {
      options.log(`${formatProblems(result.problems)}\nThe last good data is served until these are fixed.`);
      return;
    }
    if (result.kind === 'rebuild') {
      options.log(`${result.why}: building the site again...`);
      applied++;
      // A build that fails leaves the site and its state as they were: the change stays pending.
      if (!(await options.rebuild())) return;
      // The build saved its own state and marker, which a save due from before would overwrite.
      clearTimeout(saving);
      saving = undefined;
      // A file saved while the build ran may have been read before the save: it is applied next.
      forget(taken);
      const rebuilt = currentState(dist, options.contentDir);
      if (!rebuilt) throw new Error('the rebuilt site has no saved state');
      current = rebuilt;
      orders = rebuilt.orders;
      // The build listed the content itself, and marked the site so.
      listing = null;
      appliedFiles.clear();
      options.log(`Rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      return;
    }
    forget(taken);
    invalidate();
    // The change's records go into the changes feed's history, as a build's do.
    const recorded = recordBuild(previousHistory(dist, current.meta), result.changes, nowSeconds(), { storeDir: dist });
    if (recorded.written.fresh) options.log(recorded.note);
    current = { ...current, meta: { ...current.meta, history: recorded.history } };
    // The change's files are written beside the site as they are made, then served in its place all at once.
    const staging = mkdtempSync(path.join(path.dirname(dist), `.${path.basename(dist)}.staging-`));
    const staged = new Map<string, string | null>();
    let n = 0;
    try {
      for (const units of [result.units, recorded.written.units])
        for await (const unit of units) {
          const file = path.join(staging, String(n++));
          writeFileSync(file, unit.body());
          staged.set(unit.path, file);
          // Requests are answered between batches (from the store as it was): a change that moves
          // a whole list writes tens of thousands of files at a million records.
          if (n % BATCH === 0) await setImmediate();
        }
      for (const gone of [...result.removed, ...recorded.written.removed])
        if (!staged.has(gone)) staged.set(gone, null);
      options.context.stage(staged);
      let moved = 0;
      for (const [file, from] of staged) {
        const target = path.join(dist, file);
        if (from === null) rmSync(target, { force: true });
        else {
          mkdirSync(path.dirname(target), { recursive: true });
          renameSync(from, target);
        }
        // Meanwhile requests read the staged files: each sees the whole change.
        if (++moved % BATCH === 0) await setImmediate();
      }
      options.context.settle();
      // The store holds the change from here on, whatever happens to the description below.
      orders = result.orders;
      for (const [file, stat] of stats) appliedFiles.set(file, stat);
      // The API's description takes its examples from the store: made again from the changed
      // store, and swapped in the same way, so that its examples keep naming records that exist.
      const document = path.join(staging, 'document');
      writeFileSync(document, await apiDocumentText(dist, options.asOf));
      options.context.stage(new Map([[OPENAPI_PATH, document]]));
      renameSync(document, path.join(dist, OPENAPI_PATH));
      options.context.settle();
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    options.log(
      `Applied ${result.files} changed file${result.files === 1 ? '' : 's'} in ${Math.round(performance.now() - started)} ms: ` +
        `${n} store file${n === 1 ? '' : 's'} written, ${result.removed.length} removed; ` +
        `${result.changes.length} record${result.changes.length === 1 ? '' : 's'} changed in the changes feed.`,
    );
    saveSoon();
    // Once the change is served, as a deploy's subscribers are told once it is live; not awaited:
    // a subscriber that is down must not hold up the next edit.
    void deliverPublished(options.subscribers ?? [], recorded.published, {
      log: options.log,
      schedule: options.deliverySchedule,
    });
  };

  const applyInTurn = async () => {
    applying = true;
    try {
      await applyNow();
    } finally {
      applying = false;
    }
  };
  const apply = () =>
    (running = running
      .then(applyInTurn)
      .catch((e) => options.log(`Could not apply the change: ${(e as Error).stack ?? e}`)));

  let watcher: ContentWatch | undefined = (options.watch ?? watchContent)(options.contentDir, (name) => {
    const change = changeOf(name);
    if (!change) return;
    pending.set(`${change.collection}/${change.file}`, change);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void apply();
    }, options.settleMs ?? 40);
  });

  return {
    apply,
    async idle() {
      // A save seen while a change was applied queues another apply behind it: that one is waited for too.
      for (let last: Promise<void> | undefined; last !== running || timer !== undefined; ) {
        while (timer !== undefined) await new Promise((r) => setTimeout(r, options.settleMs ?? 40));
        last = running;
        await last;
      }
    },
    async close() {
      watcher?.close();
      watcher = undefined;
      clearTimeout(timer);
      await running;
      await marking;
      if (saving) {
        clearTimeout(saving);
        saveState(stateFolder(dist), { meta: current.meta, catalog: current.catalog, orders });
        // A file saved and not applied yet: a listing would see it, and vouch for content not served.
        if (pending.size === 0) writeMarker(dist, { ...inputsNow(), store: current.meta.store });
      }
    },
  };
}
