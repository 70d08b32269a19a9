// How fast a folder's file system creates files the size of the store's: the floor under a
// build's writing at size, where every record is a file of its own. One writer thread is what
// the build uses; more show whether the file system would take them side by side.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { existingFolder, integer, parseCommandLine } from '../../src/cli/args.ts';
/** Folders the files are spread over, as a store spreads its packs (256: two hex digits a name). */
const SHARDS = 256;
const shardName = (n: number) => n.toString(16).padStart(2, '0');
import { commandProgress, progressEnv } from '../../src/cli/progress.ts';
import type { Share } from './files-worker.ts';
import { grouped } from '../../src/shared/numbers.ts';

const USAGE = `Usage: npm run bench:files -- --dir DIR [--files 200000] [--bytes 15000] [--writers 1]
       (or node scripts/bench/files.ts [options])

Creates FILES files of BYTES bytes each in a new folder inside DIR, spread over ${SHARDS} folders as
the store's packs are and written as the build's writer writes them (a batch at a time, each
batch folder by folder), with WRITERS threads side by side (each its own share of the folders),
and prints the files created a second and the process's CPU per file (user and system). The
folder is removed at the end. 15,000 bytes is about the average of a store file at a million
fights (7.2 GB in 469,627 files; 3,700 bytes before records and lists were kept in packs).

  --dir DIR       the folder to create them in (on the file system to measure)
  --files N       how many files, 1 to 10000000 (default 200000)
  --bytes N       each file's size, 1 to 1048576 (default 15000)
  --writers N     threads creating them side by side, 1 to 16 (default 1)
  -h, --help      print this text

Environment:
${progressEnv(18)}`;

const values = parseCommandLine(USAGE, {
  dir: { type: 'string', required: true, parse: existingFolder },
  files: { type: 'string', default: '200000', parse: integer(1, 10_000_000) },
  bytes: { type: 'string', default: '15000', parse: integer(1, 1 << 20) },
  writers: { type: 'string', default: '1', parse: integer(1, 16) },
});
const progress = commandProgress(USAGE);
const root = mkdtempSync(path.join(path.resolve(values.dir), 'bench-files-'));
const shares: Share[] = Array.from({ length: values.writers }, (_, w) => ({
  root,
  // 256 folders, as the store's packs and the name search's lists fill theirs.
  folders: Array.from({ length: SHARDS }, (_, f) => f)
    .filter((f) => f % values.writers === w)
    .map(shardName),
  files: Math.floor(values.files / values.writers) + (w < values.files % values.writers ? 1 : 0),
  bytes: values.bytes,
}));
const workers = shares.map((share) => new Worker(new URL('./files-worker.ts', import.meta.url), { workerData: share }));
try {
  const creating = progress.phase('creating files', values.files);
  let ready = 0;
  let cpu = process.cpuUsage();
  let started = performance.now();
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((done, fail) => {
          worker.on('message', (message: 'ready' | number) => {
            if (message !== 'ready') return creating.tick(message);
            // The clock starts once every writer has started: a thread's start is not the file system's time.
            if (++ready < workers.length) return;
            [cpu, started] = [process.cpuUsage(), performance.now()];
            for (const w of workers) w.postMessage('go');
          });
          worker.on('error', fail);
          worker.on('exit', (code) => (code === 0 ? done() : fail(new Error(`a writer stopped with code ${code}`))));
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  creating.done();
  const perFile = (micros: number) => (micros / values.files).toFixed(1);
  console.log(
    `${grouped(values.files)} files of ${grouped(values.bytes)} bytes, ${values.writers} writer${values.writers > 1 ? 's' : ''}: ` +
      `${seconds.toFixed(1)} s, ${grouped(Math.round(values.files / seconds))} files/s; ` +
      `CPU per file ${perFile(used.user)} µs user, ${perFile(used.system)} µs system`,
  );
} finally {
  // A writer that failed stops the others before their folder goes.
  await Promise.all(workers.map((w) => w.terminate()));
  progress.log('removing them...');
  rmSync(root, { recursive: true, force: true });
}
