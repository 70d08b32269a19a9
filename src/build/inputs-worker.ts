// The content's listing and digest (see inputs.ts), on a thread of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { contentInputs, listContent, type ListedContentMessage } from './inputs.ts';

const { contentDir, asOf } = workerData as { contentDir: string; asOf: string };
const listing = listContent(contentDir);
parentPort!.postMessage({ listing: listing.packed(), inputs: contentInputs(contentDir, asOf, listing) } satisfies ListedContentMessage);
