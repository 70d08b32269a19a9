// Where the writer puts files. The build writes to disk; tests keep a store in memory.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Sink {
  write(path: string, body: string): Promise<void>;
}

/** Files kept in a Map, path -> body (tests, benchmarks). */
export function memorySink(files = new Map<string, string>()): Sink & { files: Map<string, string> } {
  return { files, write: async (p, body) => void files.set(p, body) };
}

/**
 * Files written under a folder, at most `parallel` at a time: enough to keep the disk busy,
 * few enough that pending bodies never pile up in memory (callers await each write).
 */
export function diskSink(root: string, parallel = 64): Sink & { flush(): Promise<void>; count(): number } {
  const made = new Set<string>();
  const pending = new Set<Promise<void>>();
  let written = 0;
  // The first failed write fails the build at the next write or at flush.
  let failure: unknown;
  const check = () => {
    if (failure !== undefined) throw failure;
  };
  const writeOne = async (file: string, body: string) => {
    const full = path.join(root, file);
    const dir = path.dirname(full);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await writeFile(full, body);
    written++;
  };
  return {
    async write(file, body) {
      check();
      while (pending.size >= parallel) await Promise.race(pending);
      const job: Promise<void> = writeOne(file, body)
        .catch((e: unknown) => void (failure ??= e))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      await Promise.all(pending);
      check();
    },
    count: () => written,
  };
}
