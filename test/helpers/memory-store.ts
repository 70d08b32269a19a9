// A store written by the real writer into memory, for tests that need a dataset of their own.
import type { StaticOrigin } from '../../src/hosts/netlify/functions.ts';
import type { Dataset } from '../../src/records/dataset.ts';
import type { Store } from '../../src/store/store.ts';
import { EXPORT_PART_BYTES } from '../../src/store/exports/format.ts';
import { exportUnits } from '../../src/store/exports/make.ts';
import type { Body } from '../../src/store/lists/make.ts';
import type { SearchCut } from '../../src/store/search/make.ts';
import { storeUnits } from '../../src/store/units.ts';
import { TEST_AS_OF } from './as-of.ts';
import { datasetSource } from './dataset-source.ts';

const bytesOf = (body: Body) => (typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body));

/** The dataset's store, made for `asOf` (the day the dataset was resolved for, in the tests). */
export async function memoryStore(
  dataset: Dataset,
  options: { asOf?: string; partBytes?: number; searchCut?: SearchCut } = {},
): Promise<Store & { files: Map<string, Body> }> {
  const files = new Map<string, Body>();
  const source = datasetSource(dataset);
  // In the build's order: the exports last, as they read the lists' texts in their order.
  for (const unit of storeUnits(source, { searchCut: options.searchCut })) files.set(unit.path, unit.body());
  for await (const unit of exportUnits(source, {
    asOf: options.asOf ?? TEST_AS_OF,
    partBytes: options.partBytes ?? EXPORT_PART_BYTES,
  }))
    files.set(unit.path, unit.body());
  return {
    files,
    read: async (p) => {
      const body = files.get(p);
      return body === undefined ? null : typeof body === 'string' ? body : new TextDecoder().decode(body);
    },
    readBytes: async (p) => {
      const body = files.get(p);
      return body === undefined ? null : bytesOf(body);
    },
  };
}

/** Whether two stores' bodies of a path are the same bytes. */
export const sameBody = (a: Body | undefined, b: Body | undefined) =>
  a === b || (a !== undefined && b !== undefined && Buffer.from(bytesOf(a)).equals(Buffer.from(bytesOf(b))));

/** The same files as the static origin serves them to the edge function: 404 when there is no such file. */
export function memoryContext(files: ReadonlyMap<string, Body>): StaticOrigin {
  return {
    next: async (request) => {
      const body = files.get(decodeURIComponent(new URL(request.url).pathname));
      return body === undefined ? new Response('Not Found', { status: 404 }) : new Response(bytesOf(body));
    },
  };
}
