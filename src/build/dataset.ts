// The build's view of the content: Astro's collections, resolved into API records.
import { getCollection } from 'astro:content';
import { contentSchemas, type CollectionName, type ContentRecords } from '../schemas/content.ts';
import { resolveDataset, type Dataset } from '../core/resolve.ts';
import { asOfDay } from './as-of.ts';

export async function loadDataset(): Promise<Dataset> {
  const names = Object.keys(contentSchemas) as CollectionName[];
  const entries = await Promise.all(names.map((name) => getCollection(name)));
  const content = Object.fromEntries(names.map((name, i) => [name, entries[i].map((e) => e.data)])) as unknown as ContentRecords;
  return resolveDataset(content, asOfDay());
}
