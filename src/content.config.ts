// Content collections: the JSON records under content/, read and validated as one set (so a
// build fails with every problem listed, across collections) and handed to Astro's store.
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { contentSchemas, type CollectionName, type ContentRecords } from './schemas/content.ts';
import { readContent } from './build/read-content.ts';

export const CONTENT_DIR = process.env.CONTENT_DIR ?? 'content';

let pending: Promise<ContentRecords> | undefined;
const loadAll = () => (pending ??= readContent(CONTENT_DIR));

function contentLoader(name: CollectionName): Loader {
  return {
    name: `boxing-${name}`,
    load: async ({ store }) => {
      const records = (await loadAll())[name];
      store.clear();
      for (const record of records) store.set({ id: record.id, data: record as unknown as Record<string, unknown> });
    },
  };
}

export const collections = Object.fromEntries(
  (Object.keys(contentSchemas) as CollectionName[]).map((name) => [name, defineCollection({ loader: contentLoader(name) })]),
) as Record<CollectionName, ReturnType<typeof defineCollection>>;
