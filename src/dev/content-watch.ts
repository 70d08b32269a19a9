// Which files of a content folder are saved, created or deleted, as npm run dev follows them: one
// watch per folder, none per file. Node's own recursive watch on Linux watches (and stats) every
// file: at a million records that is more watches than the kernel allows by default
// (fs.inotify.max_user_watches, often 8,192 to a few hundred thousand), a map of a million stats,
// and seconds before the first change is seen. A folder's watch reports every file in it.
import { opendirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface ContentWatch {
  /** How many folders are watched (each is one watch, whatever it holds). */
  folders(): number;
  close(): void;
}

const isFolder = (at: string) => statSync(at, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * Calls `onChange` with the path (relative to `root`, with `/`) of every file created, changed,
 * renamed or deleted under `root`, in folders that exist now or are made later. A folder made
 * or moved in while watched reports each file it holds; hidden folders are passed over, as the
 * build passes them over.
 */
export function watchContent(root: string, onChange: (relative: string) => void): ContentWatch {
  const top = path.resolve(root);
  const watchers = new Map<string, FSWatcher>();
  const relative = (at: string) => path.relative(top, at).split(path.sep).join('/');

  /** Watches `dir` and every folder below it; `report` names each file found (a folder that arrived). */
  const add = (dir: string, report: boolean) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => name !== null && seen(dir, String(name)));
    } catch {
      return; // gone before it could be watched
    }
    // A watched folder that is removed ends its watch with an error on some systems.
    watcher.on('error', () => drop(dir));
    watchers.set(dir, watcher);
    let entries;
    try {
      entries = opendirSync(dir, { bufferSize: 256 });
    } catch {
      return drop(dir);
    }
    // Read one entry at a time: a folder may hold a million files, and only its folders are kept.
    try {
      for (let entry = entries.readSync(); entry !== null; entry = entries.readSync()) {
        if (entry.name.startsWith('.')) continue;
        const at = path.join(dir, entry.name);
        if (entry.isDirectory() || (entry.isSymbolicLink() && isFolder(at))) add(at, report);
        else if (report) onChange(relative(at));
      }
    } finally {
      entries.closeSync();
    }
  };

  const drop = (dir: string) => {
    for (const [at, watcher] of watchers)
      if (at === dir || at.startsWith(dir + path.sep)) {
        watcher.close();
        watchers.delete(at);
      }
  };

  const seen = (dir: string, name: string) => {
    if (name.startsWith('.')) return;
    const at = path.join(dir, name);
    if (isFolder(at)) return add(at, true);
    if (watchers.has(at)) return drop(at);
    onChange(relative(at));
  };

  add(top, false);
  return {
    folders: () => watchers.size,
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
