// The content's listing and digest (see inputs.ts), on a thread of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { transferList } from '../shared/file-list.ts';
import { contentInputs, listContent, type ListedContentMessage, type ListingRequest } from './inputs.ts';

const { contentDir, asOf, withListing } = workerData as ListingRequest;
const listing = listContent(contentDir);
const inputs = contentInputs(contentDir, asOf, listing);
if (withListing) {
  // Moved to the building thread, not copied: it holds tens of megabytes at a million files.
  const parts = listing.packed();
  parentPort!.postMessage({ listing: parts, inputs } satisfies ListedContentMessage, transferList(parts));
} else parentPort!.postMessage({ inputs } satisfies ListedContentMessage);
