// A store written by the real writer into memory, for tests that need a dataset of their own.
import type { StaticOrigin } from '../../src/hosts/functions.ts';
import type { Dataset } from '../../src/records/dataset.ts';
import type { Store } from '../../src/store/reader/store.ts';
import { memorySink } from '../../src/store/writer/sink.ts';
import { writeStore } from '../../src/store/writer/write-store.ts';

export async function memoryStore(dataset: Dataset): Promise<Store & { files: Map<string, string> }> {
  const sink = memorySink();
  await writeStore(dataset, sink);
  return { files: sink.files, read: async (p) => sink.files.get(p) ?? null };
}

/** The same files as the static origin serves them to the edge function: 404 when there is no such file. */
export function memoryContext(files: ReadonlyMap<string, string>): StaticOrigin {
  return {
    next: async (request) => {
      const body = files.get(decodeURIComponent(new URL(request.url).pathname));
      return body === undefined ? new Response('Not Found', { status: 404 }) : new Response(body);
    },
  };
}
