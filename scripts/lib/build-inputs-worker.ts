// buildInputs on a thread of its own, for the live preview: at a million content files, listing
// and stating them takes seconds, which on the serving thread would hold every request that long.
import { parentPort, workerData } from 'node:worker_threads';
import { buildInputs } from './build-output.ts';

parentPort!.postMessage(buildInputs(workerData as Record<string, string | undefined>));
