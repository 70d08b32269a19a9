// The content's listing and digest (see inputs.ts), on a thread of its own.
import { parentPort, workerData } from 'node:worker_threads';
import { contentInputs, listContent, type ListedContentMessage, type ListingRequest } from './inputs.ts';

const { contentDir, asOf, withListing } = workerData as ListingRequest;
const listing = listContent(contentDir);
const inputs = contentInputs(contentDir, asOf, listing);
parentPort!.postMessage((withListing ? { listing: listing.packed(), inputs } : { inputs }) satisfies ListedContentMessage);
