// Writes the API's OpenAPI document into the built site once the store is written: its examples
// are answers of the API to requests on that store (see src/api/openapi/examples.ts), so the
// document follows the store as the store follows the content.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { examplesOf } from '../api/openapi/examples.ts';
import { openApiText } from '../api/openapi/document.ts';
import { OPENAPI_PATH } from '../api/public.ts';
import { folderStore } from '../hosts/node/folder-store.ts';

/** The document for the store built in `siteDir` on `today` (the build's day), as served. */
export async function apiDocumentText(siteDir: string, today: string): Promise<string> {
  return openApiText(await examplesOf(folderStore(siteDir), today));
}

/** Writes the document into `siteDir`: a new file renamed over the old, never written in place (it may be linked into another build). */
export async function writeApiDocument(siteDir: string, today: string): Promise<void> {
  const file = path.join(siteDir, OPENAPI_PATH);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, await apiDocumentText(siteDir, today));
  await rename(`${file}.tmp`, file);
}
