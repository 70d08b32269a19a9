// A content scanner, in its own thread: reads the files it is given, checks each record on its
// own (schema and the rules within a record), and answers with facts, keys and problems. Checked
// records of the large collections go to this scanner's spill file, so the main thread keeps only
// where they are.
import { Buffer } from 'node:buffer';
import { openSync, writeSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { removedDuringScan, scanFile } from './scan-file.ts';
import type { Scanned, ScannerData, ScanReply, ScanRequest } from './scan-protocol.ts';

const { spill } = workerData as ScannerData;
const spillFd = spill === null ? null : openSync(spill, 'r+');
let spilled = 0;

parentPort!.on('message', (request: ScanRequest) => {
  // A batch's records go to the spill file in one write: a call to the system per record cost the
  // scanners about a sixth of their time.
  const records: Buffer[] = [];
  const batchAt = spilled;
  const { listed } = request;
  const results = request.files.map((file, i): Scanned => {
    let read;
    try {
      read = scanFile(
        request.folder,
        request.collection,
        file,
        listed && { size: listed[2 * i], mtimeMs: listed[2 * i + 1] },
      );
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return removedDuringScan(request.folder, file);
      throw e;
    }
    const { checked, ...scanned } = read;
    if (checked === undefined || scanned.keys?.kind === 'record' || spillFd === null) return scanned;
    const bytes = Buffer.from(JSON.stringify(checked));
    records.push(bytes);
    scanned.spilled = [spilled, bytes.length];
    spilled += bytes.length;
    return scanned;
  });
  if (records.length > 0) {
    const bytes = Buffer.concat(records);
    let done = 0;
    while (done < bytes.length) done += writeSync(spillFd!, bytes, done, bytes.length - done, batchAt + done);
  }
  parentPort!.postMessage({ batch: request.batch, results } satisfies ScanReply);
});
