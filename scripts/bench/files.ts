// How fast a folder's file system creates files the size of the store's: the floor under a
// build's writing at size, where every record is a file of its own. One writer thread is what
// the build uses; more show whether the file system would take them side by side.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { existingFolder, integer, parseCommandLine } from '../lib/cli.ts';
import { commandProgress, progressEnv } from '../lib/progress.ts';

const USAGE = `Usage: npm run bench:files -- --dir DIR [--files 200000] [--bytes 3700] [--writers 1]
       (or node scripts/bench/files.ts [options])

Creates FILES files of BYTES bytes each in a new folder inside DIR, spread over 256 folders as
the store's records are, with WRITERS threads side by side (each its own share of the folders),
and prints the files created a second and the process's CPU per file (user and system). The
folder is removed at the end. 3,700 bytes is the average of a store file at a million fights.

  --dir DIR       the folder to create them in (on the file system to measure)
  --files N       how many files, 1 to 10000000 (default 200000)
  --bytes N       each file's size, 1 to 1048576 (default 3700)
  --writers N     threads creating them side by side, 1 to 16 (default 1)
  -h, --help      print this text

Environment:
${progressEnv(18)}`;

/** Folders of the run, as the store shards its records. */
const FOLDERS = 256;
const folderName = (f: number) => f.toString(16).padStart(2, '0');

interface Share {
  root: string;
  folders: number[];
  files: number;
  bytes: number;
}

/** A writer: creates its folders' files one at a time, as the build's writer does, and reports every 10,000. */
function write({ root, folders, files, bytes }: Share): void {
  const body = Buffer.alloc(bytes, 'x');
  for (const f of folders) mkdirSync(path.join(root, folderName(f)));
  for (let i = 0; i < files; i++) {
    writeFileSync(path.join(root, folderName(folders[i % folders.length]), `record-${i}.json`), body);
    if ((i + 1) % 10_000 === 0) parentPort!.postMessage(10_000);
  }
  parentPort!.postMessage(files % 10_000);
}

if (!isMainThread) write(workerData as Share);
else {
  const values = parseCommandLine(USAGE, {
    dir: { type: 'string', required: true, parse: existingFolder },
    files: { type: 'string', default: '200000', parse: integer(1, 10_000_000) },
    bytes: { type: 'string', default: '3700', parse: integer(1, 1 << 20) },
    writers: { type: 'string', default: '1', parse: integer(1, 16) },
  });
  const progress = commandProgress(USAGE);
  const root = mkdtempSync(path.join(path.resolve(values.dir), 'bench-files-'));
  try {
    const shares: Share[] = Array.from({ length: values.writers }, (_, w) => {
      const folders = Array.from({ length: FOLDERS }, (_, f) => f).filter((f) => f % values.writers === w);
      const files = Math.floor(values.files / values.writers) + (w < values.files % values.writers ? 1 : 0);
      return { root, folders, files, bytes: values.bytes };
    });
    const creating = progress.phase('creating files', values.files);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      shares.map(
        (share) =>
          new Promise<void>((done, fail) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: share });
            worker.on('message', (n: number) => creating.tick(n));
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
      `${values.files.toLocaleString('en-US')} files of ${values.bytes.toLocaleString('en-US')} bytes, ${values.writers} writer${values.writers > 1 ? 's' : ''}: ` +
        `${seconds.toFixed(1)} s, ${Math.round(values.files / seconds).toLocaleString('en-US')} files/s; ` +
        `CPU per file ${perFile(used.user)} µs user, ${perFile(used.system)} µs system`,
    );
  } finally {
    progress.log('removing them...');
    rmSync(root, { recursive: true, force: true });
  }
}
